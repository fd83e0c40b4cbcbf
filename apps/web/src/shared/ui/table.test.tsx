import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupShell } from '../../test/shell-harness.tsx';
import { DataTable, FilterSelect, Money } from './table.tsx';

/** The list pieces shared by the records and the agent centre. */
describe('shared list pieces', () => {
  beforeAll(() => setupShell());

  /** LN-07: the shared amount component isolates its figures inside right-to-left text (decision 044). */
  it('a signed amount reads left to right with its sign first, in a right-to-left page', () => {
    render(
      <p dir="rtl" data-testid="row">
        الربح <Money value={291} signed tone />
      </p>,
    );
    const money = screen.getByTestId('row').querySelector('span')!;
    expect(money.textContent).toBe('+291.00');
    expect(money.dir).toBe('ltr');
    expect(money.dataset.tone).toBe('up');
  });

  it("an inverted tone colours a positive amount as a loss (the agent centre's players' result)", () => {
    render(
      <p data-testid="row">
        <Money value={291} signed tone="inverted" />
        <Money value={-5} signed tone="inverted" />
        <Money value={0} signed tone="inverted" />
      </p>,
    );
    const tones = [...screen.getByTestId('row').querySelectorAll('span')].map((s) => s.dataset.tone);
    expect(tones).toEqual(['down', 'up', undefined]);
  });

  it('a filter is named by its label; with `all` its first choice is the empty one', () => {
    const onChange = vi.fn();
    render(
      <>
        <FilterSelect
          label="Status"
          all="All"
          value=""
          options={[{ value: 'PAID', label: 'Paid' }]}
          onChange={onChange}
        />
        <FilterSelect
          label="Login"
          value="7"
          options={[{ value: '7', label: '7 days' }]}
          onChange={() => {}}
        />
      </>,
    );
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect([...status.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Status: All'],
      ['PAID', 'Paid'],
    ]);
    fireEvent.change(status, { target: { value: 'PAID' } });
    expect(onChange).toHaveBeenCalledWith('PAID');
    expect(screen.getByRole('combobox', { name: 'Login' }).querySelectorAll('option')).toHaveLength(1);
  });

  it('a table names itself, labels each cell with its column and closes with its footer', () => {
    render(
      <DataTable
        caption="Bets"
        columns={[
          { key: 'game', label: 'Game', render: (r: { id: number; game: string }) => r.game },
          { key: 'n', label: 'Bets', numeric: true, render: (r) => r.id },
        ]}
        rows={[{ id: 1, game: 'Dice' }]}
        rowKey={(r) => r.id}
        footer={
          <tr>
            <td>Total</td>
            <td>1</td>
          </tr>
        }
      />,
    );
    const table = screen.getByRole('table', { name: 'Bets' });
    const cells = within(table).getAllByRole('cell');
    expect(cells.map((c) => [c.dataset.label, c.textContent])).toEqual([
      ['Game', 'Dice'],
      ['Bets', '1'],
      [undefined, 'Total'],
      [undefined, '1'],
    ]);
    expect(cells[1]!.dataset.numeric).toBe('true');
  });
});
