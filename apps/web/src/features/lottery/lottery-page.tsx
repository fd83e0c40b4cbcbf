import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRightIcon, LotteryIcon, MegaphoneIcon } from '../../shared/ui/icons.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { StepList } from '../../shared/ui/step-list.tsx';
import { helpArticlePath } from '../help/index.ts';
import { BannerHero } from '../banners/index.ts';
import { NoticeLinks, useAnnouncements } from '../notices/index.ts';
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
  const notices = (data?.player ?? [])
    .map((notice, index) => ({ notice, index }))
    .filter(({ notice }) => /lotter|draw/i.test(notice.title));

  return (
    <Page>
      <PageHeader
        icon={<LotteryIcon size={26} />}
        title={t(variant.titleKey)}
        subtitle={t(variant.blurbKey)}
      />
      <nav className={styles.variants} aria-label={t('lottery_variants')}>
        {variants.map((v) => (
          <NavLink key={v.path} to={v.path} className={styles.variant}>
            {t(v.titleKey)}
          </NavLink>
        ))}
      </nav>
      <BannerHero
        linkTo={['/vnlottery', variant.path]}
        title={t(variant.titleKey)}
        subtitle={t(variant.blurbKey)}
      />

      <Section title={t('lottery_how')} id="lottery-how">
        <StepList steps={steps.map((key) => ({ key, title: t(`${key}_title`), body: t(`${key}_body`) }))} />
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
          <div className={styles.news}>
            <NoticeLinks notices={notices} />
          </div>
        ) : (
          <EmptyState icon={<MegaphoneIcon />} title={t('lottery_news_none')} />
        )}
      </Section>
    </Page>
  );
}
