import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch } from '@app/contract';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { useCustomerService } from '../../features/session/index.ts';
import { resourcesOfType, useSwitch, useSystemInfo } from '../../shared/system/system-status.ts';
import { CloseIcon, GiftIcon, HeadsetIcon, MailIcon, PhoneIcon } from '../../shared/ui/shell-icons.tsx';
import { useGate } from '../../shared/shell/use-gate.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import styles from './side-bar.module.css';

function Entry({
  label,
  icon,
  children,
}: {
  label: string;
  icon: ReactNode;
  children: (content: ReactNode) => ReactNode;
}) {
  return (
    <li className={styles.entry}>
      {children(
        <>
          <span className={styles.icon}>{icon}</span>
          <span className={styles.label}>{label}</span>
        </>,
      )}
    </li>
  );
}

/**
 * The fixed side bar (SH-31..SH-36): customer service; social links only when SOCIAL resources
 * exist; app download; platform messages and invite friends, which ask a visitor to log in first.
 * Invite friends shows to visitors, and to members only with the referral switch on. On phones it
 * is one round button in the bottom corner, left out (`hideOnPhone`) on a page whose own controls
 * live in that corner (the chat room's composer): as a chat app shows no floating button.
 */
export function SideBar({ hideOnPhone = false }: { hideOnPhone?: boolean }) {
  const { t } = useTypedTranslation('translation');
  const info = useSystemInfo();
  const openService = useCustomerService();
  const loggedIn = useIsLoggedIn();
  const referral = useSwitch(FeatureSwitch.referral);
  const gate = useGate();
  const openMemberCentre = useUiStore((s) => s.openMemberCentre);
  const socials = resourcesOfType(info, 'SOCIAL');
  const showInvite = !loggedIn || referral;
  // On phones the rail folds into one button so it never covers the page.
  const [expanded, setExpanded] = useState(false);

  return (
    <aside
      className={styles.bar}
      aria-label={t('side_label')}
      data-expanded={expanded || undefined}
      data-hide-on-phone={hideOnPhone || undefined}
      data-testid="side-bar"
    >
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-label={t('side_label')}
        onClick={() => setExpanded((e) => !e)}
      >
        {expanded ? <CloseIcon size={22} /> : <HeadsetIcon size={22} />}
      </button>
      <ul className={styles.list}>
        <Entry label={t('side_service')} icon={<HeadsetIcon size={22} />}>
          {(content) => (
            <button type="button" className={styles.button} onClick={openService} data-testid="side-service">
              {content}
            </button>
          )}
        </Entry>
        {socials.length > 0 ? (
          <li className={styles.socials} data-testid="side-socials">
            {socials.map((s) => (
              <a
                key={s.name}
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                className={styles.social}
                aria-label={s.labelNameEn}
                title={s.labelNameEn}
              >
                {/* Lazy: on a phone the rail is folded (display: none) and a lazy image is not fetched
                    until it shows, so these do not compete with the first screen. */}
                <img src={cdnImage(s.imageUrl)} alt="" width={30} height={30} loading="lazy" />
              </a>
            ))}
          </li>
        ) : null}
        <Entry label={t('side_download')} icon={<PhoneIcon size={22} />}>
          {(content) => (
            <Link to="/download" className={styles.button} data-testid="side-download">
              {content}
            </Link>
          )}
        </Entry>
        <Entry label={t('side_messages')} icon={<MailIcon size={22} />}>
          {(content) => (
            <button
              type="button"
              className={styles.button}
              onClick={() => gate(() => openMemberCentre('messageV2'))}
              data-testid="side-messages"
            >
              {content}
            </button>
          )}
        </Entry>
        {showInvite ? (
          <Entry label={t('invite_friends')} icon={<GiftIcon size={22} />}>
            {(content) => (
              <button
                type="button"
                className={styles.button}
                onClick={() => gate(() => openMemberCentre('referral'))}
                data-testid="side-invite"
              >
                {content}
              </button>
            )}
          </Entry>
        ) : null}
      </ul>
    </aside>
  );
}
