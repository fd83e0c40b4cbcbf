import { useState } from 'react';
import { useTypedTranslation } from '../../../shared/i18n/react.tsx';
import type { TFunction } from '../../../shared/i18n/translator.ts';
import { QUICK_PICKS, quickPick, rowsContent, type RowSpec } from '@app/contract';
import { LOTTERY_NS } from '../strings.ts';
import styles from './client.module.css';

export type Picks = readonly (readonly string[])[];

/** A token as players read it: numbers as they are, words (BIG, DRAGON…) translated. */
export function optionLabel(t: TFunction, token: string): string {
  return /^\d+$/.test(token) ? token : t(`opt_${token.toLowerCase()}`, { defaultValue: token });
}

/**
 * The number picker of one play: a row per position or list, balls big enough for a thumb, and the
 * quick picks (all, big, small, odd, even, clear) on numeric rows. A single-pick row swaps its pick.
 */
export function NumberPicker({
  rows,
  picks,
  onChange,
  rowLabel,
}: {
  rows: readonly RowSpec[];
  picks: Picks;
  onChange: (picks: Picks) => void;
  rowLabel: (row: RowSpec) => string;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const setRow = (i: number, next: string[]) =>
    onChange(rows.map((_, j) => (j === i ? next : (picks[j] ?? []))));
  return (
    <div className={styles.picker}>
      {rows.map((row, i) => {
        const mine = picks[i] ?? [];
        if (!row.options.length && row.digits)
          return (
            <TypedRow
              key={row.key}
              row={row}
              label={rowLabel(row)}
              picks={mine}
              onChange={(next) => setRow(i, next)}
            />
          );
        const wide = row.options.some((o) => o.length > 3 || !/^\d+$/.test(o));
        const many = row.options.length > 20;
        return (
          <fieldset
            key={row.key}
            className={styles.row}
            data-testid={`row-${row.key}`}
            data-many={many ? '' : undefined}
          >
            <legend className={styles.rowLabel}>
              {rowLabel(row)}
              {row.maxPick < row.options.length ? (
                <span className={styles.rowHint}>{t('pick_up_to', { count: row.maxPick })}</span>
              ) : null}
            </legend>
            <div
              className={styles.options}
              data-wide={wide ? '' : undefined}
              data-many={many ? '' : undefined}
            >
              {row.options.map((o) => {
                const on = mine.includes(o);
                return (
                  <button
                    key={o}
                    type="button"
                    className={styles.option}
                    aria-pressed={on}
                    onClick={() => {
                      if (on)
                        setRow(
                          i,
                          mine.filter((x) => x !== o),
                        );
                      else if (row.maxPick === 1) setRow(i, [o]);
                      else if (mine.length < row.maxPick)
                        setRow(
                          i,
                          row.options.filter((x) => x === o || mine.includes(x)),
                        );
                    }}
                  >
                    {optionLabel(t, o)}
                  </button>
                );
              })}
            </div>
            {row.quick ? (
              <div
                className={styles.quick}
                role="group"
                aria-label={t('quick_picks_for', { row: rowLabel(row) })}
              >
                {QUICK_PICKS.map((k) => (
                  <button
                    key={k}
                    type="button"
                    className={styles.quickButton}
                    onClick={() => setRow(i, quickPick(row, k))}
                  >
                    {t(`quick_${k}`)}
                  </button>
                ))}
              </div>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}

/** The content of the slip in the rules' own form (rows by `_`, tokens by `,`, options order). */
export function contentOf(picks: Picks, rows: readonly RowSpec[]): string {
  return rowsContent(picks, rows);
}

/** Numbers of `digits` digits in typed text, each once, in the order typed. */
export function typedNumbers(text: string, digits: number): { numbers: string[]; bad: string[] } {
  const parts = text.split(/[^0-9]+/).filter(Boolean);
  const numbers: string[] = [];
  const bad: string[] = [];
  for (const p of parts) {
    if (p.length !== digits) bad.push(p);
    else if (!numbers.includes(p)) numbers.push(p);
  }
  return { numbers, bad };
}

/** A typed row (Vietnamese lô, 4D): the player types numbers; each valid one shows as a chip. */
function TypedRow({
  row,
  label,
  picks,
  onChange,
}: {
  row: RowSpec;
  label: string;
  picks: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  const digits = row.digits ?? 2;
  const [text, setText] = useState(picks.join(' '));
  // The slip took the numbers (or the play changed): the box empties with them.
  const [shown, setShown] = useState(picks);
  if (shown !== picks) {
    setShown(picks);
    if (!picks.length && text) setText('');
  }
  const { bad } = typedNumbers(text, digits);
  const id = `typed-${row.key}`;
  return (
    <fieldset className={styles.row} data-testid={`row-${row.key}`}>
      <legend className={styles.rowLabel}>
        {label}
        <span className={styles.rowHint}>{t('typed_hint', { digits, count: row.maxPick })}</span>
      </legend>
      <textarea
        id={id}
        className={styles.typed}
        inputMode="numeric"
        rows={2}
        value={text}
        aria-label={label}
        placeholder={t('typed_placeholder', {
          example: ['1', '2', '3'].map((d) => d.repeat(digits)).join(' '),
        })}
        onChange={(e) => {
          setText(e.target.value);
          onChange(typedNumbers(e.target.value, digits).numbers.slice(0, row.maxPick));
        }}
      />
      {bad.length ? (
        <p className={styles.warn}>{t('typed_bad', { numbers: bad.slice(0, 5).join(', '), digits })}</p>
      ) : null}
      <div className={styles.quick} data-typed="">
        <button
          type="button"
          className={styles.quickButton}
          onClick={() => {
            const n = Math.max(1, row.minPick);
            const out = new Set<string>();
            while (out.size < n)
              out.add(String(Math.floor(Math.random() * 10 ** digits)).padStart(digits, '0'));
            const next = [...new Set([...picks, ...out])].slice(0, row.maxPick);
            setText(next.join(' '));
            onChange(next);
          }}
        >
          {t('quick_random')}
        </button>
        <button
          type="button"
          className={styles.quickButton}
          onClick={() => {
            setText('');
            onChange([]);
          }}
        >
          {t('quick_clear')}
        </button>
      </div>
    </fieldset>
  );
}
