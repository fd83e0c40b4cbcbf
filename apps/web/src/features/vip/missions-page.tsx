import type { BetProduct, Mission } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatMoney } from '../../shared/i18n/money.ts';
import { TrophyIcon } from '../../shared/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useMissionLeaderboard, useMissionSummary } from './api.ts';
import styles from './missions-page.module.css';

const NS = 'vip';

function useMoney() {
  const { i18n } = useTypedTranslation(NS);
  return (n: number) => formatMoney(n, { language: i18n.language });
}

function MissionCard({ m }: { m: Mission }) {
  const { t } = useTypedTranslation(NS);
  const money = useMoney();
  const pct = Math.min(100, Math.floor((m.progress / m.target) * 100));
  const amount = (n: number) => (m.kind === 'LOGIN' ? t('mission_days', { count: n }) : money(n));
  const state = m.rewarded ? 'rewarded' : m.completed ? 'completed' : 'open';
  return (
    <li className={styles.card} data-state={state} data-testid="mission">
      <div className={styles.cardHead}>
        <span className={styles.title}>{m.title}</span>
        <span className={styles.period}>{t(`mission_period_${m.period}`)}</span>
      </div>
      <p className={styles.what}>
        {m.kind === 'BET'
          ? t(m.product ? 'mission_bet_on' : 'mission_bet', {
              amount: money(m.target),
              // The server takes a mission's product from betProducts (missions.service.ts), '' for all;
              // the contract reads it as a string.
              product: m.product ? t(`mission_product_${m.product as BetProduct}`) : '',
            })
          : m.kind === 'DEPOSIT'
            ? t('mission_deposit', { amount: money(m.target) })
            : t('mission_login', { count: m.target })}
      </p>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={m.title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span className={styles.fill} style={{ width: `${pct}%` }} />
      </div>
      <div className={styles.foot}>
        <span className="tabular">
          {amount(Math.min(m.progress, m.target))} / {amount(m.target)}
        </span>
        <span className={styles.reward}>{t('mission_reward', { amount: money(m.reward) })}</span>
        <span className={styles.state} data-testid="mission-state">
          {t(`mission_state_${state}`)}
        </span>
      </div>
    </li>
  );
}

function Leaderboard() {
  const { t } = useTypedTranslation(NS);
  const money = useMoney();
  const board = useMissionLeaderboard();
  if (board.isError) return <ErrorState message={t('vip_error')} onRetry={() => void board.refetch()} />;
  if (!board.data) return <LoadingState minHeight={120} />;
  const b = board.data;
  return (
    <section className={styles.board} aria-label={t('mission_leaderboard')}>
      <h4 className={styles.h}>
        <TrophyIcon size={18} /> {t('mission_leaderboard')}
        <span className={styles.week}>
          {b.periodStart} – {b.periodEnd}
        </span>
      </h4>
      {b.list.length === 0 ? (
        <p className={styles.none}>{t('mission_board_empty')}</p>
      ) : (
        <table className={styles.table} data-testid="mission-leaderboard">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('mission_account')}</th>
              <th scope="col">{t('mission_completed')}</th>
              <th scope="col">{t('mission_rewards')}</th>
            </tr>
          </thead>
          <tbody>
            {b.list.map((r) => (
              <tr key={r.rank} aria-current={r.me ? 'true' : undefined}>
                <td className="tabular">{r.rank}</td>
                <td>{r.account}</td>
                <td className="tabular">{r.completed}</td>
                <td className="tabular">{money(r.reward)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.mine} data-testid="mission-my-rank">
        {b.mine
          ? t('mission_my_rank', { rank: b.mine.rank, count: b.mine.completed })
          : t('mission_my_rank_none')}
      </p>
    </section>
  );
}

/** The member centre's missions page (`mission_activity` → missionLeaderboard, PR-03…PR-05). */
export default function MissionsPage() {
  const { t } = useTypedTranslation(NS);
  const money = useMoney();
  const summary = useMissionSummary();
  if (summary.isError) return <ErrorState message={t('vip_error')} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <LoadingState minHeight={240} />;
  const s = summary.data;
  return (
    <div className={styles.page} data-testid="missions-page">
      <div className={styles.stats}>
        <span>
          <b className="tabular">{s.count}</b> {t('mission_open')}
        </span>
        <span>
          <b className="tabular">{s.completed}</b> {t('mission_done')}
        </span>
        <span>
          <b className="tabular">{money(s.rewarded)}</b> {t('mission_earned')}
        </span>
      </div>
      {s.missions.length === 0 ? (
        <EmptyState icon={<TrophyIcon size={28} />} title={t('mission_none')} minHeight={160}>
          {t('mission_none_body')}
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {s.missions.map((m) => (
            <MissionCard key={m.id} m={m} />
          ))}
        </ul>
      )}
      <Leaderboard />
    </div>
  );
}
