import { Link } from 'react-router';
import { Limits, VIP_SERVICE_CS_TYPE, type SystemInfo } from '@app/contract';
import { useTranslation } from '../../shared/i18n/react.tsx';
import { openCustomerService } from '../../shared/system/customer-service.ts';
import { useSystemInfo } from '../../shared/system/system-status.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import {
  ArrowLeftIcon,
  CrownIcon,
  GiftIcon,
  HeadsetIcon,
  ShieldIcon,
  StarIcon,
} from '../../shared/ui/icons.tsx';
import { Page, Section } from '../../shared/ui/page.tsx';
import { useRankProgress } from './api.ts';
import { LevelsTable, MyLevel, VIP_NS } from './vip-ladder.tsx';
import { Logo } from './vip-logo.tsx';
import styles from './vip-page.module.css';

const perks = [
  { key: 'vip_perk_service', icon: HeadsetIcon },
  { key: 'vip_perk_rank', icon: CrownIcon },
  { key: 'vip_perk_offers', icon: GiftIcon },
  { key: 'vip_perk_points', icon: StarIcon },
  { key: 'vip_perk_security', icon: ShieldIcon },
] as const;

/**
 * The VIP service for a member above rank 4 (the progress call's `vipService`, HD-04), in the
 * customer-service popup's size; everyone else, or a site without a VIP service, gets the site's
 * customer service.
 */
function openService(info: SystemInfo | undefined, vip: boolean): void {
  const entry = vip ? info?.customerService.find((c) => c.csType === VIP_SERVICE_CS_TYPE) : undefined;
  if (!entry) {
    openCustomerService(info);
    return;
  }
  const { width, height } = Limits.customerServicePopup;
  const left = Math.max(0, Math.round((window.screen.width - width) / 2));
  const top = Math.max(0, Math.round((window.screen.height - height) / 2));
  window.open(
    entry.path,
    'customerService',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}

/**
 * /vip (SH-05): the VIP club, without the site header; its own slim bar leads back home. The
 * member's level and its progress to the next, the ladder, and the perks (decision 042).
 */
export function VipPage() {
  const { t } = useTranslation('pages');
  const { t: tv } = useTranslation(VIP_NS);
  const info = useSystemInfo();
  const progress = useRankProgress();
  const rank = progress.data?.playerRankProgress.rankLevel ?? null;
  return (
    <div className={styles.wrap} data-testid="vip-page">
      <div className={styles.bar}>
        <Link to="/" className={styles.back}>
          <ArrowLeftIcon size={16} /> {t('nav_home')}
        </Link>
        <Logo />
      </div>
      <div className={styles.hero}>
        <span className={styles.crown}>
          <CrownIcon size={44} />
        </span>
        <h1 className={styles.title}>{t('vip_title')}</h1>
        <p className={styles.subtitle}>{t('vip_subtitle')}</p>
        <Button size="lg" onClick={() => openService(info, progress.data?.vipService ?? false)}>
          <HeadsetIcon size={18} /> {t('vip_contact')}
        </Button>
      </div>
      <Page>
        <Section title={tv('vip_my_level')} id="vip-mine">
          <MyLevel />
        </Section>
        <Section title={tv('vip_levels')} id="vip-levels">
          <LevelsTable currentRank={rank} />
        </Section>
        <Section title={t('vip_perks')} id="vip-perks">
          <ul className={styles.perks}>
            {perks.map(({ key, icon: Icon }) => (
              <li key={key} className={styles.perk}>
                <span className={styles.perkIcon}>
                  <Icon size={24} />
                </span>
                <span className={styles.perkTitle}>{t(`${key}_title`)}</span>
                <span className={styles.perkBody}>{t(`${key}_body`)}</span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t('vip_how')} id="vip-how">
          <div className={styles.how}>
            <p>{tv('vip_how_body')}</p>
            <div className={styles.howActions}>
              <Link to="/promotions" className={buttonClass('secondary', 'md')}>
                {t('hd_event')}
              </Link>
              <Link to="/pointMall" className={buttonClass('ghost', 'md')}>
                {t('points_title')}
              </Link>
            </div>
          </div>
        </Section>
      </Page>
    </div>
  );
}
