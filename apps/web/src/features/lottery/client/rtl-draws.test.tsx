import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import lotteryAr from '../../../locales/lottery/ar.json';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { LOTTERY_NS } from '../strings.ts';
import { TrendChart } from '../trend-chart.tsx';
import { ChasePlanner } from './chase-planner.tsx';

/**
 * LN-07, draw numbers in a right-to-left page (issue 33, decision 044): the trend chart's draw
 * number and result, and the chase planner's draws (its table and its confirmation) are isolated
 * left to right, so "20261130-0336" and "5,9,6,6,3" keep their order in Arabic; the chart's line
 * through the hits is mirrored with the ball columns.
 */
const at = new Date(2026, 10, 30, 12, 0, 0).getTime();
vi.mock('../api.ts', () => ({
  useTrend: () => ({
    isPending: false,
    isError: false,
    data: {
      positions: ['w'],
      ballMin: 0,
      ballMax: 9,
      rows: [
        { numero: '20261130-0337', winNo: '3,6,6,9,5', omissions: [[1, 2, 0, 4, 5, 6, 7, 8, 9, 1]] },
        { numero: '20261130-0336', winNo: '5,9,6,6,3', omissions: [[1, 2, 3, 4, 5, 0, 7, 8, 9, 2]] },
      ],
    },
  }),
  useHotGap: () => ({ data: undefined }),
  useChaseNumeros: () => ({
    isPending: false,
    data: {
      chaseNumeros: [
        { numero: '20261130-0336', drawTime: at },
        { numero: '20261130-0337', drawTime: at + 60_000 },
      ],
    },
  }),
}));

function inRtl(ui: ReactElement) {
  return render(
    <div dir="rtl" lang="ar">
      {ui}
    </div>,
  );
}

describe('draw numbers in Arabic (LN-07)', () => {
  beforeAll(async () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    // The catalogues the translator asks for on a change of language: empty (the Arabic lottery
    // strings are added here).
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } })),
    );
    i18n.addResourceBundle('ar', LOTTERY_NS, lotteryAr);
    await i18n.changeLanguage('ar');
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('the trend chart isolates each draw number and result left to right', () => {
    const { container } = inRtl(<TrendChart gameId={1} />);
    const results = screen.getAllByTestId('trend-result');
    expect(results.map((r) => [r.tagName, r.getAttribute('dir'), r.textContent])).toEqual([
      ['BDI', 'ltr', '5,9,6,6,3'],
      ['BDI', 'ltr', '3,6,6,9,5'],
    ]);
    const rows = within(screen.getByTestId('trend-chart')).getAllByRole('rowheader');
    expect(rows[0]!.querySelector('bdi[dir="ltr"]')?.textContent).toBe('0336');
    // The line's points are measured from the first ball's edge; the class that mirrors it right
    // to left is on the svg (trend.module.css).
    expect(container.querySelector('svg polyline')).not.toBeNull();
  });

  it('the chase planner isolates the draws of its table and of its confirmation', () => {
    inRtl(
      <ChasePlanner
        gameId={1}
        cartAmount={2}
        maxCount={10}
        plan={{ enabled: true, winStop: true, multiples: [1, 2] }}
        onChange={() => {}}
        confirming
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const numeros = screen.getAllByTestId('chase-numero');
    expect(numeros[0]!.tagName).toBe('BDI');
    expect(numeros[0]!.getAttribute('dir')).toBe('ltr');
    expect(numeros[0]!.textContent).toBe('0336');
    // The confirmation: "2 سحوبات، من السحب 20261130-0336 إلى السحب 20261130-0337." with each draw
    // number its own left-to-right element and the Arabic words outside.
    const dialog = screen.getByTestId('chase-confirm');
    const text = within(dialog).getByText(
      (_, el) => el?.tagName === 'P' && /من السحب/.test(el.textContent ?? ''),
    );
    expect([...text.querySelectorAll('bdi')].map((b) => [b.dir, b.textContent])).toEqual([
      ['ltr', '20261130-0336'],
      ['ltr', '20261130-0337'],
    ]);
    // The time of each draw stands alone (HH:mm), one run of digits: no marks needed.
    expect(screen.getAllByText('12:00')[0]!.textContent).not.toMatch(/[\u2066-\u2069]/);
  });
});
