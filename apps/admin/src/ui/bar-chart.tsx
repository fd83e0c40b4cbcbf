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
}: {
  labels: string[];
  series: BarSeries[];
  title: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const step = Math.max(1, Math.ceil(labels.length / 12));
    // Two series side by side in each slot (the first left of the tick, the second right of it); one centred.
    const barsOf = (k: number) =>
      uPlot.paths.bars!({
        size: [series.length > 1 ? 0.38 : 0.7, 36],
        align: series.length > 1 ? (k === 0 ? -1 : 1) : 0,
      });
    const options: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: 220,
      legend: { show: true },
      cursor: { points: { show: false } },
      scales: {
        x: { time: false, range: [-0.5, labels.length - 0.5] },
        y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.15)] },
      },
      axes: [
        {
          stroke: '#9aa6c4',
          grid: { show: false },
          ticks: { show: false },
          splits: () => labels.map((_, i) => i).filter((i) => i % step === 0),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
        },
        {
          stroke: '#9aa6c4',
          grid: { stroke: 'rgba(154,166,196,0.14)', width: 1 },
          ticks: { show: false },
          size: 44,
          values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? String(v) : '')),
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
  }, [labels, series]);
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
                <td key={s.label}>{s.values[i] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
