import { useState } from 'react';
import { Link } from 'react-router';
import {
  PROMOTION_REMARK_MAX,
  type BetProduct,
  type BonusGrant,
  type Promotion,
  type PromotionCategory,
  type PromotionStatus,
} from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatMoney } from '../../shared/i18n/money.ts';
import { formatDay } from '../../shared/format/date.ts';
import { excerpt, htmlToText } from '../../shared/format/text.ts';
import { isApiError } from '../../shared/http/api-error.ts';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { useGate } from '../../shared/shell/use-gate.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { BookIcon, GiftIcon } from '../../shared/ui/icons.tsx';
import { Isolate, ltrMessage } from '../../shared/ui/ltr.tsx';
import { Page, PageHeader, Section } from '../../shared/ui/page.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { helpArticlePath } from '../help/index.ts';
import { BannerHero } from '../banners/index.ts';
import {
  useBonusWallet,
  useClaim,
  useForfeit,
  useJoin,
  usePromotionCategories,
  usePromotionList,
  useRequestReward,
} from './api.ts';
import styles from './promotions-page.module.css';

const statusKey = {
  join: 'status_join',
  claim: 'status_claim',
  applying: 'status_applying',
  close: 'status_close',
  rejected: 'status_rejected',
  issued: 'status_issued',
  claimed: 'status_claimed',
  process: 'status_process',
  joined: 'status_joined',
  'coming soon': 'status_coming_soon',
} as const satisfies Record<PromotionStatus, string>;

/**
 * /promotions (SH-13, PR-06, PR-07): the running promotions by category with the member's status in
 * each, join and claim on the card, and the bonus being wagered with its progress (decision 041).
 */
export function PromotionsPage() {
  const { t } = useTypedTranslation('promotions');
  const { t: tp } = useTypedTranslation('pages');
  const loggedIn = useIsLoggedIn();
  const [category, setCategory] = useState<PromotionCategory | 'ALL'>('ALL');
  const categories = usePromotionCategories();
  const { data, isPending, error, refetch } = usePromotionList(loggedIn, category);
  const promotions = data ?? [];
  return (
    <Page>
      <PageHeader
        icon={<GiftIcon size={26} />}
        title={tp('hd_event')}
        subtitle={tp('promotions_subtitle')}
        actions={
          <Link to="/raffles" className={buttonClass('secondary', 'sm')} data-testid="raffles-link">
            {t('raffles_link')}
          </Link>
        }
      />
      <BannerHero linkTo="/promotions" title={tp('hd_event')} subtitle={tp('promotions_subtitle')} />
      {loggedIn ? <BonusPanel /> : null}
      <Section title={tp('promotions_running')} id="promotions">
        <Tabs
          options={(['ALL', ...(categories.data?.categories.map((c) => c.code) ?? [])] as const).map((c) => ({
            key: c,
            label: t(`category_${c}`),
          }))}
          value={category}
          onChange={setCategory}
          label={t('categories')}
          panelId="promotions-panel"
          idPrefix="promotions-category"
          className={styles.tabs}
          tabClassName={styles.tab}
        />
        {/* The promotions of the chosen category: the tab list's panel (when categories are offered). */}
        <div
          id="promotions-panel"
          {...(categories.data?.categories.length
            ? { role: 'tabpanel', 'aria-labelledby': `promotions-category-${category}` }
            : {})}
        >
          {data ? (
            promotions.length ? (
              <ul className={styles.grid}>
                {promotions.map((p, i) => (
                  <PromotionCard key={p.id} promotion={p} tone={i % 3} />
                ))}
              </ul>
            ) : (
              <EmptyState icon={<GiftIcon />} title={tp('promotions_none')}>
                {tp('promotions_none_hint')}
              </EmptyState>
            )
          ) : isPending ? (
            <div className={styles.grid}>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} height={300} radius={16} />
              ))}
            </div>
          ) : (
            <ErrorState message={error?.message ?? tp('error_system')} onRetry={() => void refetch()} />
          )}
        </div>
      </Section>
      <Section>
        <p className={styles.terms}>
          <BookIcon size={16} /> {tp('promotions_terms')}{' '}
          <Link to={helpArticlePath('terms')}>{tp('promotions_terms_link')}</Link>
        </p>
      </Section>
    </Page>
  );
}

function useMoney() {
  const { i18n } = useTypedTranslation('promotions');
  return (n: number) => formatMoney(n, { language: i18n.language });
}

/** What a promotion gives, in one line: "100 % up to 200", "Bonus 50", "Reward up to 131,000". */
function useOffer() {
  const { t } = useTypedTranslation('promotions');
  const money = useMoney();
  return (p: Promotion): string | null => {
    const b = p.bonus;
    if (!b) return null;
    const gives =
      b.kind === 'DEPOSIT_MATCH' || b.kind === 'RELOAD'
        ? b.maxBonus > 0
          ? t('offer_match_cap', { percent: b.matchPercent, cap: money(b.maxBonus) })
          : t('offer_match', { percent: b.matchPercent })
        : b.kind === 'REQUEST' && b.maxBonus > 0
          ? t('offer_request_cap', { cap: money(b.maxBonus) })
          : t('offer_fixed', { amount: money(b.fixedBonus) });
    const wagering =
      b.wageringMultiplier > 0
        ? t(b.wageringBase === 'BONUS' ? 'offer_wagering_bonus' : 'offer_wagering_both', {
            times: b.wageringMultiplier,
          })
        : t('offer_no_wagering');
    return `${gives} · ${wagering}`;
  };
}

function PromotionCard({ promotion: p, tone }: { promotion: Promotion; tone: number }) {
  const { t } = useTypedTranslation('promotions');
  const { t: tp } = useTypedTranslation('pages');
  const offer = useOffer()(p);
  const money = useMoney();
  const loggedIn = useIsLoggedIn();
  const gate = useGate();
  const join = useJoin();
  const claim = useClaim();
  const request = useRequestReward();
  const [remark, setRemark] = useState('');
  const failure = [join.error, claim.error, request.error].find(Boolean);
  const busy = join.isPending || claim.isPending || request.isPending;
  // A promotion paid on request is claimed with a remark: join (when not yet joined), then the request (PR-08).
  const onRequest = p.bonus?.kind === 'REQUEST' && (p.status === 'join' || p.status === 'joined');
  let action = null;
  if (onRequest)
    action = (
      <Button
        size="sm"
        disabled={busy || Boolean(p.refusal)}
        onClick={() =>
          loggedIn
            ? request.mutate({ promotionId: p.id, joined: p.status === 'joined', remarks: remark })
            : gate()
        }
        data-testid="promotion-request"
      >
        {t('claim')}
      </Button>
    );
  else if (p.bonus && p.status === 'join')
    action = (
      <Button
        size="sm"
        disabled={busy || Boolean(p.refusal)}
        onClick={() => (loggedIn ? join.mutate(p.id) : gate())}
        data-testid="promotion-join"
      >
        {t('join')}
      </Button>
    );
  else if (p.status === 'claim')
    action = (
      <Button size="sm" disabled={busy} onClick={() => claim.mutate(p.id)} data-testid="promotion-claim">
        {t('claim')}
      </Button>
    );
  else if (p.status === 'joined' && p.bonus && p.bonus.kind !== 'REQUEST')
    action = (
      <Link to="/deposit" className={buttonClass('secondary', 'sm')}>
        {t('deposit')}
      </Link>
    );
  return (
    <li className={styles.card} data-testid="promotion-card" data-status={p.status}>
      <div className={styles.art} data-tone={tone}>
        <GiftIcon size={40} />
        <span className={styles.tag}>{t(`category_${p.category}`)}</span>
        {p.bonus ? (
          <span className={styles.status} data-status={p.status}>
            {t(statusKey[p.status])}
          </span>
        ) : null}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <Isolate>{p.title}</Isolate>
        </h3>
        {offer ? <p className={styles.offer}>{offer}</p> : null}
        <p className={styles.excerpt} dir="auto">
          {excerpt(htmlToText(p.content), 120)}
        </p>
        {p.status === 'joined' && p.bonus && p.bonus.kind !== 'REQUEST' ? (
          <p className={styles.hint}>
            {p.bonus.minDeposit > 0
              ? t('hint_deposit_min', { amount: money(p.bonus.minDeposit) })
              : t('hint_deposit')}
          </p>
        ) : null}
        {onRequest && loggedIn ? (
          <label className={styles.remark}>
            <span className={styles.remarkHead}>
              <span>{tp('points_col_remark')}</span>
              <span className="tabular" aria-hidden="true">
                {remark.length}/{PROMOTION_REMARK_MAX}
              </span>
            </span>
            <textarea
              value={remark}
              maxLength={PROMOTION_REMARK_MAX}
              rows={2}
              dir="auto"
              onChange={(e) => setRemark(e.target.value)}
              data-testid="promotion-remark"
            />
          </label>
        ) : null}
        {p.refusal && p.status === 'join' ? <p className={styles.refusal}>{p.refusal}</p> : null}
        {failure ? (
          <p className={styles.refusal} role="alert">
            {isApiError(failure) ? failure.message : tp('error_system')}
          </p>
        ) : null}
        <div className={styles.foot}>
          <span className={`${styles.date} tabular`}>{formatDay(p.startDate)}</span>
          <span className={styles.actions}>
            <Link to={`/promoDetail?id=${p.id}`} className={buttonClass('ghost', 'sm')}>
              {tp('details')}
            </Link>
            {action}
          </span>
        </div>
      </div>
    </li>
  );
}

/** The bonus being wagered: amount, the requirement and its progress, the end, and the way to give it up. */
function BonusPanel() {
  const { t } = useTypedTranslation('promotions');
  const money = useMoney();
  const { data } = useBonusWallet(true);
  const forfeit = useForfeit();
  const [confirming, setConfirming] = useState(false);
  const g: BonusGrant | null | undefined = data?.active;
  if (!g) {
    const last = data?.history[0];
    return last && last.status === 'COMPLETED' ? (
      <section className={styles.bonus} data-testid="bonus-panel">
        <p className={styles.bonusDone}>
          {t('bonus_released', { amount: money(last.amount), title: last.title })}
        </p>
      </section>
    ) : null;
  }
  return (
    <section className={styles.bonus} data-testid="bonus-panel" aria-labelledby="bonus-title">
      <div className={styles.bonusHead}>
        <div>
          <h2 id="bonus-title" className={styles.bonusTitle}>
            {t('bonus_title')}
          </h2>
          <p className={styles.bonusSub}>
            <Isolate>{g.title}</Isolate>
          </p>
        </div>
        <p className={`${styles.bonusAmount} tabular`} data-testid="bonus-amount">
          {money(g.amount)}
        </p>
      </div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={g.progress}
        aria-label={t('bonus_progress')}
      >
        <span style={{ width: `${g.progress}%` }} />
      </div>
      <p className={`${styles.bonusFigures} tabular`} data-testid="bonus-progress">
        {t('bonus_wagered', { wagered: money(g.wagered), required: money(g.required), progress: g.progress })}
      </p>
      <ul className={styles.contrib}>
        {Object.entries(g.contributions).map(([product, pct]) => (
          <li key={product}>
            {
              // A bonus's contributions are keyed by bet product (betProducts), read as strings; the
              // default names one the catalogue lacks.
              t(`product_${product as BetProduct}`, { defaultValue: product })
            }{' '}
            <b className="tabular">{pct}%</b>
          </li>
        ))}
      </ul>
      <div className={styles.bonusFoot}>
        <span className={styles.bonusSub}>
          {ltrMessage(t, 'bonus_expires', { date: formatDay(g.expiresAt) })}
        </span>
        {confirming ? (
          <span className={styles.actions}>
            <span className={styles.refusal}>{t('forfeit_confirm')}</span>
            <Button
              size="sm"
              variant="danger"
              disabled={forfeit.isPending}
              onClick={() => forfeit.mutate(g.id)}
            >
              {t('forfeit')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('keep')}
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            {t('forfeit')}
          </Button>
        )}
      </div>
      <p className={styles.bonusNote}>{t('bonus_note')}</p>
    </section>
  );
}
