import { Link } from 'react-router';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
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
import { useCustomerService } from '../session/index.ts';

const perks = [
  { key: 'vip_perk_service', icon: HeadsetIcon },
  { key: 'vip_perk_rank', icon: CrownIcon },
  { key: 'vip_perk_offers', icon: GiftIcon },
  { key: 'vip_perk_points', icon: StarIcon },
  { key: 'vip_perk_security', icon: ShieldIcon },
] as const;

/**
 * /vip (SH-05): the VIP club, without the site header; its own slim bar leads back home. The
 * member's level and its progress to the next, the ladder, and the perks (decision 042).
 */
export function VipPage() {
  const { t } = useTypedTranslation('pages');
  const { t: tv } = useTypedTranslation(VIP_NS);
  const openService = useCustomerService();
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
        <Button size="lg" onClick={openService}>
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
