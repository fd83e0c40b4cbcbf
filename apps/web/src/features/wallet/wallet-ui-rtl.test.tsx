import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupShell } from '../../test/shell-harness.tsx';
import { Money } from './wallet-ui.tsx';

/** LN-07: the shared amount component isolates its figures inside right-to-left text (decision 044). */
describe('amounts in a right-to-left page (decision 044)', () => {
  beforeAll(() => setupShell());

  it('an amount with its symbol reads left to right', () => {
    render(
      <p dir="rtl">
        الرصيد <Money amount={-291} symbol="$" precision={2} testId="money" />
      </p>,
    );
    expect(screen.getByTestId('money').textContent).toBe('-$291.00');
    expect(screen.getByTestId('money').dir).toBe('ltr');
  });
});
