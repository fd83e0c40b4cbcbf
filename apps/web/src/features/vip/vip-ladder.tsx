import type { PlayerRankProgress, VipLevel } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { formatMoney } from '../../shared/i18n/money.ts';
import { useGate } from '../../shared/shell/use-gate.ts';
import { useIsLoggedIn } from '../../shared/session/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CrownIcon } from '../../shared/ui/icons.tsx';
import { ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { useRankProgress, useVipLevels } from './api.ts';
import styles from './vip-ladder.module.css';

export const VIP_NS = 'vip';

function useMoney() {
  const { i18n } = useTypedTranslation(VIP_NS);
  return (n: number) => formatMoney(n, { language: i18n.language });
}

/** A club label as a chip in its rank's colour. */
export function RankChip({ label, color, rank }: { label: string; color: string; rank: number }) {
  return (
    <span className={styles.chip} style={{ ['--rank-colour' as string]: color }} data-rank={rank}>
      <CrownIcon size={14} /> {label}
    </span>
  );
}

function Meter({ label, value, target }: { label: string; value: number; target: number }) {
  const money = useMoney();
  const { t } = useTypedTranslation(VIP_NS);
  const done = value >= target;
  const pct = target <= 0 ? 100 : Math.min(100, Math.floor((value / target) * 100));
  return (
    <div className={styles.meter} data-done={done || undefined}>
      <div className={styles.meterHead}>
        <span>{label}</span>
        <span className="tabular">
          {money(value)} / {money(target)}
        </span>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span className={styles.fill} style={{ width: `${pct}%` }} />
      </div>
      <span className={styles.meterNote}>
        {done ? t('vip_condition_met') : t('vip_condition_left', { amount: money(target - value) })}
      </span>
    </div>
  );
}

/** The member's level and its progress to the next (logged in), or a prompt to log in. */
export function MyLevel() {
  const { t } = useTypedTranslation(VIP_NS);
  const loggedIn = useIsLoggedIn();
  const gate = useGate();
  const progress = useRankProgress();
  const levels = useVipLevels();
  const money = useMoney();
  if (!loggedIn)
    return (
      <div className={styles.mine} data-testid="vip-my-level">
        <p className={styles.guest}>{t('vip_login_to_see')}</p>
        <Button onClick={() => gate()}>{t('vip_login')}</Button>
      </div>
    );
  if (progress.isError)
    return <ErrorState message={t('vip_error')} onRetry={() => void progress.refetch()} />;
  if (!progress.data || !levels.data) return <Skeleton height={180} />;
  const p: PlayerRankProgress = progress.data;
  const current = levels.data.levels.find((l) => l.rankLevel === p.playerRankProgress.rankLevel);
  const colour = current?.color ?? '#9e9e9e';
  return (
    <div className={styles.mine} data-testid="vip-my-level">
      <div className={styles.mineHead}>
        <div>
          <div className={styles.mineLabel}>
            <RankChip
              label={p.playerRankProgress.labelName}
              color={colour}
              rank={p.playerRankProgress.rankLevel}
            />
            <span className={styles.rankNo}>{t('vip_rank', { rank: p.playerRankProgress.rankLevel })}</span>
          </div>
        </div>
        <span className={styles.window}>{t('vip_window', { days: p.windowDays })}</span>
      </div>
      {p.next ? (
        <>
          <p className={styles.nextLine}>
            {t('vip_next', { label: p.next.labelName })}
            {p.next.reward > 0 ? ` · ${t('vip_next_reward', { amount: money(p.next.reward) })}` : ''}
            <span className={styles.conditions} data-testid="vip-conditions">
              {t('vip_conditions', {
                done: p.currentProgress.completedConditions,
                total: p.currentProgress.totalExpectedConditions,
              })}
            </span>
          </p>
          <div className={styles.meters}>
            <Meter label={t('vip_deposits')} value={p.deposit} target={p.next.deposit} />
            <Meter label={t('vip_valid_bets')} value={p.validBet} target={p.next.validBet} />
          </div>
        </>
      ) : (
        <p className={styles.nextLine}>{t('vip_top')}</p>
      )}
      {p.reachedRankLevel > p.playerRankProgress.rankLevel ? (
        <p className={styles.soon} role="status">
          {t('vip_soon')}
        </p>
      ) : null}
    </div>
  );
}

/** The ladder: every level with its requirements over the window and its reward. */
export function LevelsTable({ currentRank }: { currentRank: number | null }) {
  const { t } = useTypedTranslation(VIP_NS);
  const levels = useVipLevels();
  const money = useMoney();
  if (levels.isError) return <ErrorState message={t('vip_error')} onRetry={() => void levels.refetch()} />;
  if (!levels.data) return <Skeleton height={260} />;
  return (
    <>
      <p className={styles.lead}>{t('vip_levels_lead', { days: levels.data.windowDays })}</p>
      <table className={styles.table} data-testid="vip-levels">
        <thead>
          <tr>
            <th scope="col">{t('vip_level')}</th>
            <th scope="col">{t('vip_deposits')}</th>
            <th scope="col">{t('vip_valid_bets')}</th>
            <th scope="col">{t('vip_reward')}</th>
          </tr>
        </thead>
        <tbody>
          {levels.data.levels.map((l: VipLevel) => (
            <tr
              key={l.rankLevel}
              aria-current={l.rankLevel === currentRank ? 'true' : undefined}
              data-rank={l.rankLevel}
            >
              <th scope="row">
                <RankChip label={l.labelName} color={l.color} rank={l.rankLevel} />
                {l.rankLevel === currentRank ? <span className={styles.you}>{t('vip_you')}</span> : null}
              </th>
              <td data-label={t('vip_deposits')} className="tabular">
                {l.deposit > 0 ? money(l.deposit) : '—'}
              </td>
              <td data-label={t('vip_valid_bets')} className="tabular">
                {l.validBet > 0 ? money(l.validBet) : '—'}
              </td>
              <td data-label={t('vip_reward')} className="tabular">
                {l.reward > 0 ? money(l.reward) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
