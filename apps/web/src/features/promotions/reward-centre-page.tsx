import { useState } from 'react';
import { Link } from 'react-router';
import { rewardSources, type BonusStatus, type Reward } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TypedT } from '../../shared/i18n/keys.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import { Button, buttonClass } from '../../shared/ui/button.tsx';
import { ClockIcon, CrownIcon, GiftIcon, StarIcon, TrophyIcon, UserIcon } from '../../shared/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useClaim, useRewardCentre } from './api.ts';
import styles from './reward-centre-page.module.css';

export const REWARDS_NS = 'rewards';

const sourceIcon = {
  PROMOTION: GiftIcon,
  MISSION: TrophyIcon,
  VIP: CrownIcon,
  REFERRAL: UserIcon,
} as const;

function useFormat() {
  const { i18n } = useTypedTranslation(REWARDS_NS);
  return {
    money: (n: number) => formatMoney(n, { language: i18n.language }),
    date: (ms: number) =>
      new Intl.DateTimeFormat(i18n.language || 'en', { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
  };
}

/** A reward's title in words: a promotion's or mission's own title, a level's label, a friend's masked name. */
function useTitle() {
  const { t } = useTypedTranslation(REWARDS_NS);
  return (r: Reward) =>
    r.source === 'VIP'
      ? t('rw_level', { name: r.title })
      : r.source === 'REFERRAL'
        ? t('rw_friend', { name: r.title })
        : r.title;
}

function ClaimCard({ r }: { r: Reward }) {
  const { t } = useTypedTranslation(REWARDS_NS);
  const { money } = useFormat();
  const title = useTitle();
  const claim = useClaim();
  const [done, setDone] = useState<number | null>(null);
  const Icon = sourceIcon[r.source];
  return (
    <li className={styles.card} data-testid="reward-claimable">
      <span className={styles.icon} data-source={r.source}>
        <Icon size={22} />
      </span>
      <div className={styles.cardBody}>
        <span className={styles.source}>{t(`rw_source_${r.source}`)}</span>
        <span className={styles.title}>{title(r)}</span>
        <span className={styles.where}>{t(r.wallet === 'BONUS' ? 'rw_to_bonus' : 'rw_to_cash')}</span>
      </div>
      <div className={styles.cardEnd}>
        <b className={`${styles.amount} tabular`}>{r.amount === null ? '—' : money(r.amount)}</b>
        <Button
          size="sm"
          disabled={claim.isPending || r.promotionId === null}
          onClick={() =>
            r.promotionId !== null && claim.mutate(r.promotionId, { onSuccess: (g) => setDone(g.amount) })
          }
        >
          {claim.isPending ? t('rw_claiming') : t('rw_claim')}
        </Button>
      </div>
      {claim.isError ? (
        <p className={styles.error} role="alert">
          {claim.error.message}
        </p>
      ) : null}
      {done !== null ? (
        <p className={styles.ok} role="status">
          {t('rw_claimed_ok', { amount: money(done) })}
        </p>
      ) : null}
    </li>
  );
}

function statusText(t: TypedT<typeof REWARDS_NS>, r: Reward): string {
  if (r.state === 'PENDING') return r.status === 'applying' ? t('rw_status_applying') : t('rw_pending');
  // A claimed promotion reward's status is its bonus's (reward-centre.ts); the contract reads a string.
  return r.source === 'PROMOTION' ? t(`rw_status_${r.status as BonusStatus}`) : t('rw_status_paid');
}

/**
 * The member centre's reward centre (`in_reward_center` → rewardCenter, PR-01): what the member
 * received by source, what can be claimed now (a promotion's bonus, claimed here through the
 * promotions' claim call), what is on its way and the history of what was received.
 */
export default function RewardCentrePage() {
  const { t } = useTypedTranslation(REWARDS_NS);
  const { money, date } = useFormat();
  const title = useTitle();
  const centre = useRewardCentre();
  if (centre.isError) return <ErrorState message={t('rw_error')} onRetry={() => void centre.refetch()} />;
  if (!centre.data) return <LoadingState minHeight={240} />;
  const c = centre.data;
  const total = rewardSources.reduce((s, k) => s + (c.totals[k] ?? 0), 0);
  return (
    <div className={styles.page} data-testid="reward-centre">
      <section className={styles.summary} aria-label={t('rw_total')}>
        <div className={styles.total}>
          <StarIcon size={20} />
          <span>{t('rw_total')}</span>
          <b className="tabular" data-testid="reward-total">
            {money(total)}
          </b>
        </div>
        <ul className={styles.sources}>
          {rewardSources.map((k) => {
            const Icon = sourceIcon[k];
            return (
              <li key={k} data-source={k}>
                <span className={styles.icon} data-source={k}>
                  <Icon size={16} />
                </span>
                <span className={styles.sourceName}>{t(`rw_source_${k}`)}</span>
                <b className="tabular">{money(c.totals[k] ?? 0)}</b>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="rw-claimable">
        <h4 className={styles.h} id="rw-claimable">
          <GiftIcon size={18} /> {t('rw_claimable')}
          {c.claimable.length > 0 ? <span className={styles.badge}>{c.claimable.length}</span> : null}
        </h4>
        {c.claimable.length === 0 ? (
          <p className={styles.none}>
            {t('rw_claimable_none')}{' '}
            <Link to="/promotions" className={buttonClass('ghost', 'sm')}>
              {t('rw_promotions_link')}
            </Link>
          </p>
        ) : (
          <ul className={styles.cards}>
            {c.claimable.map((r) => (
              <ClaimCard key={r.key} r={r} />
            ))}
          </ul>
        )}
      </section>

      {c.pending.length > 0 ? (
        <section aria-labelledby="rw-pending">
          <h4 className={styles.h} id="rw-pending">
            <ClockIcon size={18} /> {t('rw_pending')}
          </h4>
          <p className={styles.note}>{t('rw_pending_note')}</p>
          <ul className={styles.rows}>
            {c.pending.map((r) => (
              <li key={r.key} className={styles.row} data-testid="reward-pending">
                <span className={styles.source}>{t(`rw_source_${r.source}`)}</span>
                <span className={styles.rowTitle}>{title(r)}</span>
                <span className={styles.rowStatus}>{statusText(t, r)}</span>
                <b className="tabular">{r.amount === null ? t('rw_amount_staff') : money(r.amount)}</b>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="rw-claimed">
        <h4 className={styles.h} id="rw-claimed">
          <TrophyIcon size={18} /> {t('rw_claimed')}
        </h4>
        {c.claimed.length === 0 ? (
          <EmptyState icon={<TrophyIcon size={28} />} title={t('rw_claimed')} minHeight={140}>
            {t('rw_claimed_none')}
          </EmptyState>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="reward-history">
              <thead>
                <tr>
                  <th scope="col">{t('rw_date')}</th>
                  <th scope="col">{t('rw_type')}</th>
                  <th scope="col">{t('rw_reward')}</th>
                  <th scope="col">{t('rw_status')}</th>
                  <th scope="col" className={styles.num}>
                    {t('rw_amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {c.claimed.map((r) => (
                  <tr key={r.key} data-source={r.source}>
                    <td className="tabular">{date(r.time)}</td>
                    <td>{t(`rw_source_${r.source}`)}</td>
                    <td>{title(r)}</td>
                    <td>
                      <span className={styles.status} data-status={r.status || 'paid'}>
                        {statusText(t, r)}
                      </span>
                    </td>
                    <td className={`${styles.num} tabular`}>{money(r.amount ?? 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
