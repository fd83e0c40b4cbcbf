import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { headerPointRates } from '@app/contract';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { GiftIcon, StarIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { StepList } from '../../shared/ui/step-list.tsx';
import { useGate } from '../../shared/shell/use-gate.ts';
import { BannerHero } from '../banners/index.ts';
import { PointMall } from './mall.tsx';
import styles from './point-mall-page.module.css';

const rateLabels = {
  LIVE: 'nav_live',
  SPORTS: 'nav_sports',
  ESPORTS: 'nav_esports',
  FISH: 'nav_fish',
  RNG: 'nav_rng',
  PVP: 'nav_pvp',
} as const satisfies Record<keyof typeof headerPointRates, string>;

const steps = ['points_step_play', 'points_step_collect', 'points_step_redeem'] as const;

/**
 * /pointMall (SH-06, PM-01…PM-06): logged in, the member's mall (balance and ratio, goods, redeem
 * and convert, history and details); for everyone, how points are earned (the point rates of spec
 * A §9) and how they are used.
 */
export function PointMallPage() {
  const { t } = useTypedTranslation('pages');
  const gate = useGate();
  const loggedIn = useIsLoggedIn();
  return (
    <Page>
      <PageHeader icon={<StarIcon size={26} />} title={t('points_title')} subtitle={t('points_subtitle')} />
      {loggedIn ? (
        <PointMall />
      ) : (
        <BannerHero linkTo="/pointMall" title={t('points_title')} subtitle={t('points_subtitle')} />
      )}

      <Section title={t('points_rates')} id="points-rates">
        <p className={styles.lead}>{t('points_rates_lead')}</p>
        <ul className={styles.rates}>
          {(Object.keys(headerPointRates) as (keyof typeof headerPointRates)[]).map((type) => (
            <li key={type} className={styles.rate}>
              <span className={styles.rateName}>{t(rateLabels[type])}</span>
              <span className={`${styles.rateValue} tabular`}>{headerPointRates[type].toFixed(2)}</span>
              <span className={styles.rateUnit}>{t('points_per_bet')}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={t('points_how')} id="points-how">
        <StepList
          steps={steps.map((key) => ({ key, title: t(`${key}_title`), body: t(`${key}_body`) }))}
          className={styles.steps}
        />
      </Section>

      {!loggedIn ? (
        <section className={styles.cta}>
          <GiftIcon size={30} />
          <div className={styles.ctaText}>
            <p className={styles.ctaTitle}>{t('points_cta_title')}</p>
            <p className={styles.ctaBody}>{t('points_cta_body')}</p>
          </div>
          <Button size="lg" onClick={() => gate()}>
            {t('login')}
          </Button>
        </section>
      ) : null}
    </Page>
  );
}
