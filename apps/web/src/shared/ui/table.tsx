import type { ReactNode } from 'react';
import { useBrand } from '../brand/brand.ts';
import { formatMoney } from '../i18n/money.ts';
import { Skeleton } from './states.tsx';
import styles from './table.module.css';

/*
 * The pieces of a list page that the records (a player's) and the agent centre share: amounts, the
 * table, its skeleton and a filter's select. Player pages load this module, so it imports nothing
 * of the agent centre (decision 029: agent code stays out of the player's chunks).
 */

/**
 * Money in the currency's precision, right-aligned tabular figures. `tone` colours it by sign:
 * green when positive, red when negative (the reader's own gain or loss); `'inverted'` the other
 * way round, for an amount that is the reader's loss when positive (the agent centre's players'
 * result: the players' win is the team's loss, as the original colours it, research §10).
 */
export function Money({
  value,
  signed = false,
  tone = false,
}: {
  value: number;
  signed?: boolean;
  tone?: boolean | 'inverted';
}) {
  const { precision } = useBrand().currency;
  // The sign as the reader takes it: positive is good news.
  const toward = tone === 'inverted' ? -value : value;
  return (
    <span
      className={styles.money}
      // An amount reads left to right in every language, its sign before it (decision 044).
      dir="ltr"
      data-tone={tone ? (toward > 0 ? 'up' : toward < 0 ? 'down' : undefined) : undefined}
    >
      {formatMoney(value, { precision, signed })}
    </span>
  );
}

export interface Column<T> {
  key: string;
  label: string;
  numeric?: boolean;
  /** The least width of the column on a wide screen, for text that should not wrap word by word. */
  minWidth?: number;
  render: (row: T) => ReactNode;
}

/**
 * A table on a wide screen, a card per row on a narrow one (container query), each cell labelled
 * with its column so a card reads on its own. `footer` is the rows of a closing total; `dense`
 * narrows the cells for reports of many columns.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  caption,
  footer,
  dense,
  testId,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  caption: string;
  footer?: ReactNode;
  dense?: boolean;
  testId?: string;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-dense={dense || undefined} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                data-numeric={c.numeric || undefined}
                style={c.minWidth ? { minWidth: c.minWidth } : undefined}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key} data-label={c.label} data-numeric={c.numeric || undefined}>
                  {c.render(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}

/** Skeleton rows with the final table's height, so nothing jumps when the rows arrive. */
export function TableSkeleton({ rows = 6, testId }: { rows?: number; testId?: string }) {
  return (
    <div className={styles.skeleton} aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={42} radius={8} />
      ))}
    </div>
  );
}

/**
 * A labelled select of a toolbar. With `all` (the word for no filter), the first choice is the
 * empty one (`V` then holds `''`) and names the filter itself ("Status: All"), so the label is for
 * screen readers only.
 */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  all,
  testId,
}: {
  label: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (v: V) => void;
  all?: string;
  testId?: string;
}) {
  return (
    <label className={styles.select}>
      <span className={all === undefined ? styles.selectLabel : 'visually-hidden'}>{label}</span>
      <select
        className={styles.control}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        data-testid={testId}
      >
        {all === undefined ? null : <option value="">{`${label}: ${all}`}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
