import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import lotteryAr from '../../locales/lottery/ar.json';
import { i18n } from '../i18n/i18n.ts';
import { Isolate, isolateText, Ltr, ltrMessage, ltrText } from './ltr.tsx';

/**
 * LN-07: in a right-to-left page, data that reads left to right (draw numbers, signed amounts,
 * account numbers) and Latin names are isolated where the shared components render them, so
 * "20261130-0336", "+291.00" and "Lucky Lotus Co., Ltd." keep their order and punctuation.
 */
function inRtl(ui: ReactElement) {
  return render(
    <div dir="rtl" lang="ar">
      {ui}
    </div>,
  );
}

/** The element that isolates `node`: itself or its nearest ancestor with a `dir`, below the page. */
function isolatingAncestor(node: HTMLElement): HTMLElement {
  let el: HTMLElement | null = node;
  while (el && !el.hasAttribute('dir')) el = el.parentElement;
  if (!el) throw new Error('no element with dir');
  return el;
}

const arT = (key: string, options?: Record<string, unknown>) =>
  ((lotteryAr as Record<string, string>)[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    options?.[name] === undefined ? whole : String(options[name]),
  );

describe('left-to-right data in right-to-left text (decision 044)', () => {
  it('a draw number in a translated Arabic message is its own left-to-right element', () => {
    inRtl(<p data-testid="label">{ltrMessage(arT, 'numero_no', { numero: '20261130-0336' })}</p>);
    const label = screen.getByTestId('label');
    expect(label.textContent).toBe('السحب رقم 20261130-0336');
    const numero = label.querySelector('bdi')!;
    expect(numero.textContent).toBe('20261130-0336');
    expect(numero.getAttribute('dir')).toBe('ltr');
    // The Arabic words stay outside the isolate, in the page's direction.
    expect(label.firstChild?.textContent).toBe('السحب رقم ');
  });

  it('several values and plain options in one message: each value isolated, the rest interpolated', () => {
    const t = (key: string, o?: Record<string, unknown>) =>
      `${String(o?.from)} → ${String(o?.to)} (${String(o?.done)}/${String(o?.total)})`;
    inRtl(
      <p data-testid="chase">
        {ltrMessage(t, 'chase_range', { from: '20261130-0001', to: '20261130-0010' }, { done: 2, total: 10 })}
      </p>,
    );
    const bdis = [...screen.getByTestId('chase').querySelectorAll('bdi')];
    expect(bdis.map((b) => [b.textContent, b.dir])).toEqual([
      ['20261130-0001', 'ltr'],
      ['20261130-0010', 'ltr'],
    ]);
    expect(screen.getByTestId('chase').textContent).toBe('20261130-0001 → 20261130-0010 (2/10)');
  });

  it('an account number is left to right and a Latin name is isolated with its own direction', () => {
    inRtl(
      <dl>
        <dd>
          <Isolate testId="holder">Lucky Lotus Co., Ltd.</Isolate>
        </dd>
        <dd>
          <Ltr testId="number">0123-4567-89</Ltr>
        </dd>
      </dl>,
    );
    const holder = screen.getByTestId('holder');
    expect(holder.tagName).toBe('BDI');
    expect(holder.dir).toBe('auto');
    expect(holder.textContent).toBe('Lucky Lotus Co., Ltd.');
    const number = screen.getByTestId('number');
    expect(isolatingAncestor(number)).toBe(number);
    expect(number.tagName).toBe('BDI');
    expect(number.dir).toBe('ltr');
  });

  it('plain text (an <option>, a message string) carries the isolate marks around the data only, and only on a right-to-left page', () => {
    const language = i18n.language;
    i18n.language = 'ar';
    try {
      expect(ltrText('20261130-0336')).toBe('\u206620261130-0336\u2069');
      expect(isolateText('Lucky Lotus Co., Ltd.')).toBe('\u2068Lucky Lotus Co., Ltd.\u2069');
    } finally {
      i18n.language = language;
    }
    // Left to right the text is the data itself: nothing invisible goes with a copied number.
    expect(ltrText('20261130-0336')).toBe('20261130-0336');
    expect(isolateText('Lucky Lotus Co., Ltd.')).toBe('Lucky Lotus Co., Ltd.');
  });
});
