import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarSeries {
  label: string;
  color: string;
  values: number[];
}

/**
 * Bars per slot, at most two series (uPlot, the chart library the players' app already uses for the agent centre),
 * one series beside the other, drawn on a canvas the width of its box; the figures are also in a
 * table for screen readers.
 */
export function BarChart({
  labels,
  series,
  title,
  format,
}: {
  labels: string[];
  series: BarSeries[];
  title: string;
  /** How a value reads (money); whole numbers by default. Keep it stable (useMemo): a new one redraws. */
  format?: (v: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // A label every few slots, as many as fit the chart's current width (about 56 px each beside
    // the value axis): worked out again at each resize.
    const axisWidth = format ? 64 : 44;
    const stepAt = (width: number) =>
      Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor((width - axisWidth) / 56))));
    // Axis values short (12K); the tiles above a chart give the exact sums.
    const compact = new Intl.NumberFormat('en-GB', { notation: 'compact', maximumFractionDigits: 1 });
    const last = labels.length - 1;
    // Two series side by side in each slot (the first left of the tick, the second right of it); one centred.
    const barsOf = (k: number) =>
      uPlot.paths.bars!({
        size: [series.length > 1 ? 0.38 : 0.7, 36],
        align: series.length > 1 ? (k === 0 ? -1 : 1) : 0,
      });
    const options: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: 220,
      // The legend only names the series (uPlot's live values read "--" until the pointer is on a bar).
      legend: { show: true, live: false },
      cursor: { points: { show: false } },
      scales: {
        x: { time: false, range: [-0.5, labels.length - 0.5] },
        y: { range: (_u, min, max) => [Math.min(0, min * 1.15), Math.max(format ? 1 : 4, max * 1.15)] },
      },
      axes: [
        {
          stroke: '#9aa6c4',
          grid: { show: false },
          ticks: { show: false },
          // Counted back from the last slot ("Now"), so the current hour is always named.
          splits: (u) => {
            const step = stepAt(u.width);
            return labels.map((_, i) => i).filter((i) => (last - i) % step === 0);
          },
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        {
          stroke: '#9aa6c4',
          grid: { stroke: 'rgba(154,166,196,0.14)', width: 1 },
          ticks: { show: false },
          size: axisWidth,
          values: (_u, splits) =>
            splits.map((v) => (format ? compact.format(v) : Number.isInteger(v) ? String(v) : '')),
        },
      ],
      series: [
        { label: 'Hour', value: (_u, i) => (i === null ? '' : (labels[i] ?? '')) },
        ...series.slice(0, 2).map((s, k) => ({
          label: s.label,
          stroke: s.color,
          fill: s.color,
          width: 0,
          paths: barsOf(k),
          points: { show: false },
        })),
      ],
    };
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...series.slice(0, 2).map((s) => s.values)];
    const chart = new uPlot(options, data, el);
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(280, el.clientWidth), height: 220 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, series, format]);
  return (
    <figure className="chart">
      <div ref={box} className="chart-canvas" aria-hidden="true" />
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th>Slot</th>
            {series.map((s) => (
              <th key={s.label}>{s.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, i) => (
            <tr key={label + i}>
              <td>{label}</td>
              {series.map((s) => (
                <td key={s.label}>{format ? format(s.values[i] ?? 0) : (s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
