import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupShell } from '../../test/shell-harness.tsx';
import { Count, Money } from './ui.tsx';

/** LN-07: the shared amount component isolates its figures inside right-to-left text (decision 044). */
describe('amounts in a right-to-left page (decision 044)', () => {
  beforeAll(() => setupShell());

  it("signed amounts, the players' result and counts read left to right", () => {
    render(
      <p dir="rtl" data-testid="row">
        <Money value={-12.5} signed />
        <Money value={291} signed tone="inverted" />
        <Count value={1200} />
      </p>,
    );
    const spans = [...screen.getByTestId('row').children] as HTMLElement[];
    expect(spans.map((s) => [s.textContent, s.dir])).toEqual([
      ['-12.50', 'ltr'],
      ['+291.00', 'ltr'],
      ['1,200', 'ltr'],
    ]);
  });
});
