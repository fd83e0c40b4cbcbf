import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { FeatureSwitch } from '@app/contract';
import { useBrand } from '../../shared/brand/brand.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { resourcesOfType, useSwitch, useSystemInfo } from '../../shared/system/system-status.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CrownIcon, HeadsetIcon, ShieldIcon, StarIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import styles from './join-page.module.css';
import { useCustomerService } from '../session/index.ts';

const reasons = [
  { key: 'join_reason_team', icon: UserIcon },
  { key: 'join_reason_income', icon: StarIcon },
  { key: 'join_reason_tools', icon: CrownIcon },
  { key: 'join_reason_support', icon: ShieldIcon },
] as const;

/** /join (SH-19): join us as an agent; register, or talk to us first. */
export function JoinPage() {
  const { t } = useTypedTranslation('pages');
  const brand = useBrand();
  const info = useSystemInfo();
  const openService = useCustomerService();
  const directRegister = useSwitch(FeatureSwitch.directRegister);
  const openModal = useUiStore((s) => s.openModal);
  const socials = resourcesOfType(info, 'SOCIAL');
  return (
    <Page>
      <PageHeader
        icon={<UserIcon size={26} />}
        title={t('join_title')}
        subtitle={t('join_subtitle', { brand: brand.brandName })}
      />
      <div className={styles.hero}>
        <div className={styles.heroText}>
          <p className={styles.kicker}>{t('join_kicker')}</p>
          <h2 className={styles.heroTitle}>{t('join_hero', { brand: brand.brandName })}</h2>
          <p className={styles.heroBody}>{t('join_hero_body')}</p>
          <div className={styles.actions}>
            {directRegister ? (
              <Button size="lg" onClick={() => openModal(ModalKeys.register)}>
                {t('register')}
              </Button>
            ) : null}
            <Button size="lg" variant="secondary" onClick={openService}>
              <HeadsetIcon size={18} /> {t('contact_us')}
            </Button>
          </div>
        </div>
      </div>
      <Section title={t('join_why')} id="join-why">
        <ul className={styles.reasons}>
          {reasons.map(({ key, icon: Icon }) => (
            <li key={key} className={styles.reason}>
              <Icon size={24} className={styles.reasonIcon} />
              <span className={styles.reasonTitle}>{t(`${key}_title`)}</span>
              <span className={styles.reasonBody}>{t(`${key}_body`)}</span>
            </li>
          ))}
        </ul>
      </Section>
      {socials.length ? (
        <Section title={t('join_follow')} id="join-follow">
          <ul className={styles.socials}>
            {socials.map((s) => (
              <li key={s.name}>
                <a href={s.url} target="_blank" rel="noopener noreferrer" className={styles.social}>
                  <img src={cdnImage(s.imageUrl)} alt="" width={32} height={32} />
                  {s.labelNameEn}
                </a>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </Page>
  );
}
