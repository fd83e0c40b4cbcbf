import { useEffect, useState } from 'react';
import { AlertDialog } from '../../../shared/forms/alert-dialog.tsx';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import { formatTimeOfDay } from '../../../shared/format/date.ts';
import { Ltr, ltrMessage } from '../../../shared/ui/ltr.tsx';
import { Skeleton } from '../../../shared/ui/states.tsx';
import { useChaseNumeros } from '../api.ts';
import { LOTTERY_NS } from '../strings.ts';
import styles from './client.module.css';
import { formatMoney } from '../../../shared/i18n/money.ts';

export interface ChasePlan {
  enabled: boolean;
  winStop: boolean;
  /** One multiple per numero, from the numero on sale on. */
  multiples: number[];
}

/** What a chase costs: the slip once per numero at that numero's multiple. */
export function chaseTotal(cartAmount: number, multiples: readonly number[]): number {
  return Math.round(multiples.reduce((s, m) => s + cartAmount * m, 0) * 10_000) / 10_000;
}

/** Multiples of a plan: the same each numero, or multiplied by `factor` every `every` numeros. */
export function planMultiples(count: number, start: number, every: number, factor: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    Math.min(100_000, start * factor ** Math.floor(i / Math.max(1, every))),
  );
}

/** The planner's multiples: flat, or doubled from one draw to the next ("Double each draw"). */
export function chaseMultiples(count: number, start: number, doubling: boolean): number[] {
  return planMultiples(count, start, 1, doubling ? 2 : 1);
}

const COUNTS = [5, 10, 20] as const;

/**
 * The chase planner: the slip repeated over the next numeros, each with its multiple (flat or
 * doubling), the running cost, and whether to stop after a win (the rest is refunded). While
 * `confirming`, the plan waits in a dialog for the player's word: its draws, each draw's amount
 * and the total, whether a win stops it; nothing is placed before `onConfirm`.
 */
export function ChasePlanner({
  gameId,
  cartAmount,
  maxCount,
  plan,
  onChange,
  confirming,
  onConfirm,
  onCancel,
}: {
  gameId: number;
  cartAmount: number;
  maxCount: number;
  plan: ChasePlan;
  onChange: (plan: ChasePlan) => void;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const [count, setCount] = useState(5);
  const [start, setStart] = useState(1);
  const [doubling, setDoubling] = useState(false);
  const numeros = useChaseNumeros(gameId, Math.max(1, Math.min(maxCount || 120, 20)), plan.enabled);
  const available = numeros.data?.chaseNumeros ?? [];

  useEffect(() => {
    if (!plan.enabled) return;
    const n = Math.min(count, available.length || count, maxCount || count);
    const multiples = chaseMultiples(n, start, doubling);
    if (multiples.join() !== plan.multiples.join()) onChange({ ...plan, multiples });
  }, [plan, count, start, doubling, available.length, maxCount, onChange]);

  const running = plan.multiples.reduce<number[]>(
    (acc, m) => [...acc, (acc.at(-1) ?? 0) + cartAmount * m],
    [],
  );
  const table = (testId: string) => (
    <table className={styles.chaseTable} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{t('col_numero')}</th>
          <th scope="col">{t('multiple')}</th>
          <th scope="col" className={styles.right}>
            {t('amount')}
          </th>
          <th scope="col" className={styles.right}>
            {t('chase_running')}
          </th>
        </tr>
      </thead>
      <tbody>
        {plan.multiples.map((m, i) => {
          const amount = cartAmount * m;
          const n = available[i];
          return (
            <tr key={n?.numero ?? i}>
              <td>
                <Ltr className={styles.mono} testId="chase-numero">
                  <span title={n?.numero}>{n ? n.numero.split('-').at(-1) : '—'}</span>
                </Ltr>
                {n ? <small className={styles.muted}> {formatTimeOfDay(n.drawTime, false)}</small> : null}
              </td>
              <td>×{m}</td>
              <td className={`${styles.right} ${styles.money}`}>{formatMoney(amount)}</td>
              <td className={`${styles.right} ${styles.money}`}>{formatMoney(running[i] ?? 0)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
  return (
    <section className={styles.chase} aria-labelledby="chase-title">
      <label className={styles.switchRow}>
        <input
          type="checkbox"
          checked={plan.enabled}
          onChange={(e) =>
            onChange({
              ...plan,
              enabled: e.target.checked,
              multiples: e.target.checked ? plan.multiples : [],
            })
          }
        />
        <span id="chase-title" className={styles.sideTitle}>
          {t('chase')}
        </span>
        <span className={styles.muted}>{t('chase_hint')}</span>
      </label>
      {plan.enabled ? (
        <div className={styles.chaseBody}>
          <div className={styles.chaseControls}>
            <div className={styles.segmented} role="group" aria-label={t('chase_numeros')}>
              {COUNTS.filter((c) => !maxCount || c <= maxCount).map((c) => (
                <button key={c} type="button" aria-pressed={count === c} onClick={() => setCount(c)}>
                  {t('chase_count', { count: c })}
                </button>
              ))}
            </div>
            <label className={styles.inline}>
              {t('chase_start_multiple')}
              <input
                className={styles.smallInput}
                inputMode="numeric"
                value={start}
                onChange={(e) =>
                  setStart(Math.max(1, Math.min(9999, Number(e.target.value.replace(/\D/g, '')) || 1)))
                }
              />
            </label>
            <label className={styles.inline}>
              <input type="checkbox" checked={doubling} onChange={(e) => setDoubling(e.target.checked)} />
              {t('chase_doubling')}
            </label>
            <label className={styles.inline}>
              <input
                type="checkbox"
                checked={plan.winStop}
                onChange={(e) => onChange({ ...plan, winStop: e.target.checked })}
              />
              {t('chase_win_stop')}
            </label>
          </div>
          {numeros.isPending ? <Skeleton height={120} /> : table('chase-plan')}
        </div>
      ) : null}
      {confirming ? (
        <AlertDialog
          title={t('chase_confirm')}
          confirmLabel={t('chase_confirm_ok')}
          cancelLabel={t('chase_confirm_back')}
          onConfirm={onConfirm}
          onClose={onCancel}
          testId="chase-confirm"
        >
          <p>
            {ltrMessage(
              t,
              'chase_confirm_draws',
              {
                from: available[0]?.numero ?? '—',
                to: available[plan.multiples.length - 1]?.numero ?? '—',
              },
              { count: plan.multiples.length },
            )}{' '}
            {t(plan.winStop ? 'chase_confirm_stop' : 'chase_confirm_all')}
          </p>
          <div className={styles.confirmDraws}>{table('chase-confirm-draws')}</div>
          <p className={styles.slipTotal}>
            <span className={styles.muted}>{t('chase_total')}</span>
            <strong className={styles.money} data-testid="chase-confirm-total">
              {formatMoney(chaseTotal(cartAmount, plan.multiples))}
            </strong>
          </p>
        </AlertDialog>
      ) : null}
    </section>
  );
}
