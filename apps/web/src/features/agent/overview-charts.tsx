import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AgentOverview } from '@app/contract';
import { formatMoney } from '../../shared/i18n/money.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { AGENT_STRINGS } from './strings.ts';
import styles from './overview-charts.module.css';

type Day = AgentOverview['range']['days'][number];

interface Series {
  label: string;
  color: string;
  values: number[];
}

/** Line colours on the dark surfaces (the design tokens' accent, info, success, danger, and a violet). */
const COLORS = ['#f2c14e', '#5ab0ff', '#3ccf91', '#ff6b6b', '#b48cff'];

/**
 * One chart of the range, a line per series and a point per day (so a one-day range still shows),
 * drawn by uPlot on a canvas the width of its box; the same figures sit in a table for screen
 * readers.
 */
function Chart({
  title,
  days,
  series,
  money,
}: {
  title: string;
  days: string[];
  series: Series[];
  money: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { i18n } = useTypedTranslation('translation');
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const count = new Intl.NumberFormat(i18n.language || 'en');
    const format = (v: number | null) => (v === null ? '—' : money ? formatMoney(v) : count.format(v));
    const labels = days.map((d) => d.slice(5));
    const step = Math.max(1, Math.ceil(days.length / 8));
    const options: uPlot.Options = {
      width: Math.max(240, el.clientWidth),
      height: 240,
      scales: {
        // Half a day of room each side, so the first and last points (or a one-day range's only
        // point) sit inside the plot rather than on its edges.
        x: { time: false, auto: false, range: [-0.5, days.length - 0.5] },
      },
      axes: [
        {
          stroke: '#a3afcc',
          grid: { show: false },
          ticks: { show: false },
          splits: () => days.map((_, i) => i).filter((i) => i % step === 0),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        {
          stroke: '#a3afcc',
          grid: { stroke: 'rgba(163,175,204,0.12)', width: 1 },
          ticks: { show: false },
          size: money ? 78 : 48,
          values: (_u, splits) =>
            splits.map((v) => (money ? formatMoney(v, { precision: 0 }) : count.format(v))),
        },
      ],
      series: [
        { label: '', value: (_u, i) => (i === null ? '' : (days[i] ?? '')) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          points: { show: true, size: 7, fill: s.color },
          value: (_u: uPlot, v: number | null) => format(v),
        })),
      ],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    };
    const plot = new uPlot(options, [days.map((_, i) => i), ...series.map((s) => s.values)], el);
    // The chart follows its box (the drawer, a phone turned); without ResizeObserver it keeps its first width.
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: Math.max(240, el.clientWidth), height: 240 }));
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [days, series, money, i18n.language]);
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.title}>{title}</figcaption>
      <div ref={box} className={styles.canvas} aria-hidden="true" />
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d}>
              <th scope="row">{d}</th>
              {series.map((s) => (
                <td key={s.label}>{money ? formatMoney(s.values[i] ?? 0) : (s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The overview's charts tab: the range's money and its people, day by day. */
export function OverviewCharts({ days }: { days: Day[] }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const dayKeys = days.map((d) => d.day);
  const amounts = (['deposit', 'withdrawal', 'validBet', 'winLoss', 'promotion'] as const).map((k, i) => ({
    label: t(`agent_amount_${k}`),
    color: COLORS[i]!,
    values: days.map((d) => d.amounts[k]),
  }));
  const counts = (['registrations', 'firstDeposits', 'depositors', 'bettors', 'logins'] as const).map(
    (k, i) => ({
      label: t(`agent_count_${k}`),
      color: COLORS[i]!,
      values: days.map((d) => d.counts[k]),
    }),
  );
  return (
    <div className={styles.charts} data-testid="agent-overview-charts">
      <Chart title={t('agent_chart_amounts')} days={dayKeys} series={amounts} money />
      <Chart title={t('agent_chart_counts')} days={dayKeys} series={counts} money={false} />
    </div>
  );
}
