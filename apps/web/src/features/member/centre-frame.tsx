import { Suspense, useEffect, useRef, type ComponentType } from 'react';
import type { KeyIn } from '../../shared/i18n/keys.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch } from '@app/contract';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { isSwitchOn, useSystemInfo } from '../../shared/system/system-status.ts';
import { ShieldIcon, WrenchIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { recordPages } from '../records/index.ts';
import { messagePages } from '../messages/index.ts';
import { walletPages } from '../wallet/index.ts';
import { profilePages } from '../profile/index.ts';
import { referralPages } from '../referral/index.ts';
import { MissionBadge, vipPages } from '../vip/index.ts';
import { promotionPages } from '../promotions/index.ts';
import { lazyOnce } from '../../shared/shell/lazy-cache.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { isChunkLoadError } from '../../shared/shell/lazy-route.ts';
import styles from './centre-frame.module.css';

interface Entry {
  /** The entry's name in the catalogue (the menu and the page's title). */
  key: KeyIn<typeof ACCOUNTS_NS>;
  page: string;
}

/** Member centre entries of spec A §2 (key → page); invite friends only with the referral switch. */
function memberEntries(referral: boolean): Entry[] {
  return [
    { key: 'in_my_account', page: 'securityCenter' },
    { key: 'in_my_wallet', page: 'transferFund' },
    { key: 'in_increase_deposit', page: 'depositv2' },
    { key: 'in_increase_withdrawal', page: 'withdraw' },
    { key: 'in_transfer_upline', page: 'transferUpline' },
    { key: 'in_betting_record', page: 'personalHistoryCopy' },
    { key: 'in_account_record', page: 'transactionHistory' },
    { key: 'in_personal_loss', page: 'personalProfit' },
    { key: 'in_bonus_details', page: 'bonusDetails' },
    { key: 'in_reward_center', page: 'rewardCenter' },
    ...(referral ? [{ key: 'invite_friends' as const, page: 'referral' }] : []),
    { key: 'mission_activity', page: 'missionLeaderboard' },
    { key: 'in_platform_information', page: 'messageV2' },
  ];
}

/** Member-centre pages other features provide, by page key (each a lazy chunk). */
const featurePages: Record<string, () => Promise<{ default: ComponentType }>> = {
  ...recordPages,
  ...messagePages,
  ...walletPages,
  ...profilePages,
  ...referralPages,
  ...vipPages,
  ...promotionPages,
};

function FeaturePage({ page }: { page: string }) {
  const { t } = useTypedTranslation('translation');
  const Page = lazyOnce(featurePages[page]!);
  return (
    <ErrorBoundary
      fallback={(error, reset) =>
        // A page chunk that did not load (a redeploy replaced it, the network dropped) fails the
        // same way on every retry in this document: only a reload fetches the current one.
        isChunkLoadError(error) ? (
          <ErrorState
            message={t('error_chunk_body')}
            onRetry={() => window.location.reload()}
            minHeight={360}
          />
        ) : (
          <ErrorState message={t('error_system')} onRetry={reset} minHeight={360} />
        )
      }
    >
      <Suspense fallback={<LoadingState minHeight={360} />}>
        {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The member centre overlay of spec A §2, §4. (The account centre of an agent is the agent
 * feature's own, features/agent.)
 */
export function CentreFrame() {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  // The menu depends on the switches (invite friends): until they are known nothing renders, so
  // the overlay never shows a menu that changes under the player (MC-02).
  const system = useSystemInfo();
  const referral = system ? isSwitchOn(system.whitelabel, FeatureSwitch.referral) : false;
  const state = useUiStore((s) => s.memberCentre);
  const setPage = useUiStore((s) => s.setMemberPage);
  const close = useUiStore((s) => s.closeMemberCentre);
  const entries = memberEntries(referral);
  const active = entries.find((e) => e.page === state.page) ?? entries[0]!;
  const title = t('member_centre_title');
  // On a phone the menu is one scrolling row: the active entry is kept in sight.
  const menuRef = useRef<HTMLElement>(null);
  useEffect(() => {
    menuRef.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [active.page, system]);
  if (!system) return null;

  return (
    <Modal onClose={close} title={title} width={1000} height={660} bodyClassName={styles.body}>
      <div className={styles.frame} data-testid="member-centre">
        <nav className={styles.menu} aria-label={title} ref={menuRef}>
          <ul>
            {entries.map((e) => (
              <li key={e.page}>
                <button
                  type="button"
                  className={styles.item}
                  aria-current={e.page === active.page ? 'page' : undefined}
                  onClick={() => setPage(e.page)}
                  data-key={e.key}
                  data-page={e.page}
                >
                  {t(e.key)}
                  {e.page === 'missionLeaderboard' ? (
                    <Suspense fallback={null}>
                      <MissionBadge />
                    </Suspense>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.content} aria-label={t(active.key)} data-page={active.page}>
          <h3 className={styles.pageTitle}>
            {active.page === 'securityCenter' ? <ShieldIcon size={20} /> : null}
            {t(active.key)}
          </h3>
          {/* My account (securityCenter) is the profile feature's security centre (decision 023). */}
          {featurePages[active.page] ? (
            <FeaturePage page={active.page} />
          ) : (
            <EmptyState
              icon={<WrenchIcon size={28} />}
              title={t('centre_page_unavailable_title')}
              minHeight={360}
            >
              {t('centre_page_unavailable_text')}
            </EmptyState>
          )}
        </section>
      </div>
    </Modal>
  );
}
