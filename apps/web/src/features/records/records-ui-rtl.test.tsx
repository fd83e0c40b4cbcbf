import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupShell } from '../../test/shell-harness.tsx';
import { Money } from './records-ui.tsx';

/** LN-07: the shared amount component isolates its figures inside right-to-left text (decision 044). */
describe('amounts in a right-to-left page (decision 044)', () => {
  beforeAll(() => setupShell());

  it('a signed amount reads left to right with its sign first', () => {
    render(
      <p dir="rtl" data-testid="row">
        الربح <Money value={291} signed tone />
      </p>,
    );
    const money = screen.getByTestId('row').querySelector('span')!;
    expect(money.textContent).toBe('+291.00');
    expect(money.dir).toBe('ltr');
  });
});
