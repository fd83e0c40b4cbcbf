import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../shared/format/date.ts';
import { ChevronRightIcon, LotteryIcon, MegaphoneIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { helpArticlePath } from '../help/index.ts';
import { BannerHero } from '../banners/index.ts';
import { useAnnouncements } from '../notices/index.ts';
import styles from './lottery-page.module.css';

const variants = [
  { path: '/lottery', titleKey: 'lottery_title', blurbKey: 'lottery_blurb' },
  { path: '/seaLottery', titleKey: 'lottery_sea_title', blurbKey: 'lottery_sea_blurb' },
  { path: '/vnlottery', titleKey: 'lottery_vn_title', blurbKey: 'lottery_vn_blurb' },
  { path: '/elott', titleKey: 'lottery_elott_title', blurbKey: 'lottery_elott_blurb' },
] as const;

const steps = ['lottery_step_pick', 'lottery_step_bet', 'lottery_step_draw'] as const;

/**
 * /lottery, /seaLottery, /vnlottery (header only, D3) and /elott (SH-08, SH-09): the lottery
 * lobby of each variant with its banner, how a draw works and the lottery announcements.
 */
export function LotteryPage() {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  const { data } = useAnnouncements();
  const variant = variants.find((v) => v.path.toLowerCase() === pathname.toLowerCase()) ?? variants[0];
  const notices = (data?.playerNotices ?? []).map((n, index) => ({ n, index })).filter(({ n }) => /lotter|draw/i.test(n.title));

  return (
    <Page>
      <PageHeader icon={<LotteryIcon size={26} />} title={t(variant.titleKey)} subtitle={t(variant.blurbKey)} />
      <nav className={styles.variants} aria-label={t('lottery_variants')}>
        {variants.map((v) => (
          <NavLink key={v.path} to={v.path} className={styles.variant}>
            {t(v.titleKey)}
          </NavLink>
        ))}
      </nav>
      <BannerHero linkTo={['/vnlottery', variant.path]} title={t(variant.titleKey)} subtitle={t(variant.blurbKey)} />

      <Section title={t('lottery_how')} id="lottery-how">
        <ol className={styles.steps}>
          {steps.map((key, i) => (
            <li key={key} className={styles.step}>
              <span className={`${styles.stepNo} tabular`}>{i + 1}</span>
              <span className={styles.stepTitle}>{t(`${key}_title`)}</span>
              <span className={styles.stepBody}>{t(`${key}_body`)}</span>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        title={t('lottery_news')}
        id="lottery-news"
        action={
          <Link to={helpArticlePath('terms')}>
            {t('lottery_rules')} <ChevronRightIcon size={14} />
          </Link>
        }
      >
        {notices.length ? (
          <ul className={styles.news}>
            {notices.map(({ n, index }) => (
              <li key={n.id}>
                <Link to={`/noticePage?index=${index}`} className={styles.newsItem}>
                  <MegaphoneIcon size={16} />
                  <span className={styles.newsTitle}>{n.title}</span>
                  <span className={`${styles.newsDate} tabular`}>{formatDay(n.date)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon={<MegaphoneIcon />} title={t('lottery_news_none')} />
        )}
      </Section>
    </Page>
  );
}
