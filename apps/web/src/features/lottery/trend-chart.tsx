import { useEffect, useRef, useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { LotteryIcon } from '../../shared/ui/icons.tsx';
import { Ltr } from '../../shared/ui/ltr.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../shared/ui/states.tsx';
import { useHotGap, useTrend } from './api.ts';
import { dataKey, LOTTERY_NS } from './strings.ts';
import styles from './trend.module.css';

const MIN_CELL = 28;
const MAX_CELL = 56;
/** Width of the draw number and result columns (trend.module.css). */
const LEAD = { wide: 152, narrow: 132 };
const COUNTS = [30, 50, 100] as const;

/** Two-digit balls for games numbered from 1 (11x5, PK10), one digit otherwise. */
const label = (ball: number, min: number, max: number) =>
  min >= 1 && max >= 10 ? String(ball).padStart(2, '0') : String(ball);

/**
 * The trend chart (走势图): for one position, each of the last draws as a row, the ball that came
 * marked and the omission (draws since it last came) in the other cells, a line through the hits,
 * and the hot and gap counts of the last 100 draws below.
 */
export function TrendChart({ gameId }: { gameId: number }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const [count, setCount] = useState<(typeof COUNTS)[number]>(30);
  const [position, setPosition] = useState(0);
  const trend = useTrend(gameId, count);
  const scroller = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ space: 0, narrow: false });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() =>
      setSize({ space: el.clientWidth, narrow: window.matchMedia('(max-width: 640px)').matches }),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [trend.isPending]);
  const hotGap = useHotGap(gameId);

  if (trend.isPending) return <Skeleton height={420} />;
  if (trend.isError)
    return <ErrorState message={errorText(trend.error, t)} onRetry={() => void trend.refetch()} />;
  const { positions, ballMin, ballMax } = trend.data;
  const rows = [...trend.data.rows].reverse(); // oldest at the top, as charts read downwards
  if (!rows.length || !positions.length)
    return <EmptyState icon={<LotteryIcon />} title={t('results_empty')} />;
  const pos = Math.min(position, positions.length - 1);
  const balls = Array.from({ length: ballMax - ballMin + 1 }, (_, i) => ballMin + i);
  const hits = rows.map((r) => r.omissions[pos]?.findIndex((o) => o === 0) ?? -1);
  const { space } = size;
  const lead = size.narrow ? LEAD.narrow : LEAD.wide;
  const CELL = Math.max(
    MIN_CELL,
    Math.min(MAX_CELL, Math.floor((space - lead - 2) / balls.length) || MIN_CELL),
  );
  const width = balls.length * CELL;
  const height = rows.length * CELL;
  const points = hits
    .map((h, i) => (h < 0 ? null : `${h * CELL + CELL / 2},${i * CELL + CELL / 2}`))
    .filter(Boolean)
    .join(' ');
  const posKey = positions[pos]!;
  const hot = hotGap.data?.hot[posKey];
  const gap = hotGap.data?.gap[posKey];
  const appeared = balls.map((_, b) => hits.filter((h) => h === b).length);
  const maxOmit = balls.map((_, b) => Math.max(0, ...rows.map((r) => r.omissions[pos]?.[b] ?? 0)));

  return (
    <div className={styles.trend}>
      <div className={styles.controls}>
        {positions.length > 1 ? (
          <div className={styles.chips} role="group" aria-label={t('trend_position')}>
            {positions.map((p, i) => (
              <button
                key={p}
                type="button"
                className={styles.chip}
                aria-pressed={i === pos}
                onClick={() => setPosition(i)}
              >
                {t(dataKey(`pos_${p}`), { defaultValue: p })}
              </button>
            ))}
          </div>
        ) : null}
        <div className={styles.chips} role="group" aria-label={t('trend_count')}>
          {COUNTS.map((c) => (
            <button
              key={c}
              type="button"
              className={styles.chip}
              aria-pressed={c === count}
              onClick={() => setCount(c)}
            >
              {t('last_n', { count: c })}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.scroller} ref={scroller}>
        <div className={styles.wrap}>
          <svg
            className={styles.line}
            aria-hidden="true"
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
          >
            <polyline points={points} />
          </svg>
          <table
            className={styles.table}
            data-testid="trend-chart"
            style={{ ['--cell' as string]: `${CELL}px` }}
          >
            <thead>
              <tr>
                <th scope="col" className={styles.numero}>
                  {t('col_numero')}
                </th>
                <th scope="col" className={styles.result}>
                  {t('col_result')}
                </th>
                {balls.map((b) => (
                  <th key={b} scope="col" className={styles.ballHead}>
                    {label(b, ballMin, ballMax)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.numero}>
                  <th scope="row" className={styles.numero}>
                    <Ltr>{r.numero.slice(-4)}</Ltr>
                  </th>
                  <td className={styles.result}>
                    <Ltr testId="trend-result">{r.winNo}</Ltr>
                  </td>
                  {balls.map((b, bi) => {
                    const omit = r.omissions[pos]?.[bi] ?? 0;
                    return omit === 0 ? (
                      <td key={b} className={styles.hit}>
                        <span>{label(b, ballMin, ballMax)}</span>
                      </td>
                    ) : (
                      <td key={b} className={styles.omit}>
                        {omit}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('trend_appeared')}
                </th>
                {appeared.map((n, i) => (
                  <td key={i}>{n}</td>
                ))}
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  {t('trend_max_omission')}
                </th>
                {maxOmit.map((n, i) => (
                  <td key={i}>{n}</td>
                ))}
              </tr>
              {hot ? (
                <tr>
                  <th scope="row" colSpan={2}>
                    {t('trend_hot', { count: hotGap.data?.draws ?? 100 })}
                  </th>
                  {balls.map((_, i) => (
                    <td key={i} data-hot={hot[i] === Math.max(...hot) ? '' : undefined}>
                      {hot[i] ?? 0}
                    </td>
                  ))}
                </tr>
              ) : null}
              {gap ? (
                <tr>
                  <th scope="row" colSpan={2}>
                    {t('trend_gap')}
                  </th>
                  {balls.map((_, i) => (
                    <td key={i} data-cold={gap[i] === Math.max(...gap) ? '' : undefined}>
                      {gap[i] ?? 0}
                    </td>
                  ))}
                </tr>
              ) : null}
            </tfoot>
          </table>
        </div>
      </div>
    </div>
  );
}
