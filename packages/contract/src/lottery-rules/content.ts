import type { BetSlip, RowSpec } from './types.ts';
import { LotteryRuleError } from './types.ts';

/**
 * Bet content and slip strings (TCG shapes, research §1): a content is the play's rows joined by
 * `_`, the tokens of one row joined by `,` (an unpicked row of a positional play is empty:
 * `1,2__3__`); a slip line is `content~1~playId~bettingModeId~series~multiple` and lines are
 * joined by `;`. Tokens are the row's options written exactly (`01` for 11X5, `B`/`S`/`O`/`E` for
 * big, small, odd, even, `D`/`T` for dragon and tiger, `ALL` for the one-choice K3 plays).
 */

export const MAX_CONTENT_LENGTH = 4000;

/** Splits a content into rows of tokens (no validation against a play). */
export function contentRows(content: string): string[][] {
  return content.split('_').map((r) => (r === '' ? [] : r.split(',')));
}

/** Joins rows into a content, each row in the order of its options when a spec is given. */
export function rowsContent(rows: readonly (readonly string[])[], specs?: readonly RowSpec[]): string {
  return rows
    .map((r, i) => {
      const spec = specs?.[i];
      if (!spec || spec.options.length === 0) return r.join(',');
      const order = new Map(spec.options.map((o, j) => [o, j]));
      return [...r].sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9)).join(',');
    })
    .join('_');
}

/** Parses and validates a content against the rows of a play: answers the picked tokens per row. */
export function parseContent(content: string, specs: readonly RowSpec[]): string[][] {
  if (typeof content !== 'string' || content.length === 0)
    throw new LotteryRuleError('content.invalid', 'The bet content is empty');
  if (content.length > MAX_CONTENT_LENGTH)
    throw new LotteryRuleError('content.too_long', 'The bet content is too long');
  const rows = contentRows(content);
  if (rows.length !== specs.length)
    throw new LotteryRuleError('content.invalid', `This play takes ${specs.length} row(s) separated by _`);
  rows.forEach((row, i) => {
    const spec = specs[i]!;
    const allowed = spec.options.length ? new Set(spec.options) : null;
    const seen = new Set<string>();
    for (const t of row) {
      const ok = allowed
        ? allowed.has(t)
        : spec.digits !== undefined && t.length === spec.digits && /^\d+$/.test(t);
      if (!ok) throw new LotteryRuleError('content.invalid', `"${t}" is not a choice of ${spec.label}`);
      if (seen.has(t))
        throw new LotteryRuleError('content.invalid', `"${t}" is picked twice in ${spec.label}`);
      seen.add(t);
    }
    if (row.length > spec.maxPick)
      throw new LotteryRuleError('content.invalid', `${spec.label} takes at most ${spec.maxPick} picks`);
  });
  return rows;
}

export type QuickPick = 'all' | 'big' | 'small' | 'odd' | 'even' | 'clear';
export const QUICK_PICKS: readonly QuickPick[] = ['all', 'big', 'small', 'odd', 'even', 'clear'];

/** The tokens a quick pick selects in a row (the row's options order); [] for rows without quick picks, except clear. */
export function quickPick(row: RowSpec, kind: QuickPick): string[] {
  if (kind === 'clear') return [];
  if (!row.quick) return [];
  const opts = row.options;
  switch (kind) {
    case 'all':
      return opts.slice(0, row.maxPick);
    case 'big':
      return opts.filter((o) => Number(o) >= row.bigFrom);
    case 'small':
      return opts.filter((o) => Number(o) < row.bigFrom);
    case 'odd':
      return opts.filter((o) => Number(o) % 2 === 1);
    case 'even':
      return opts.filter((o) => Number(o) % 2 === 0);
  }
}

/** One slip line's text. */
export function formatSlip(s: BetSlip): string {
  return `${s.content}~1~${s.playId}~${s.bettingModeId}~${s.series}~${s.multiple}`;
}

export const formatSlips = (slips: readonly BetSlip[]): string => slips.map(formatSlip).join(';');

const SLIP = /^([^~;]+)~1~(\d{1,9})~([1-7])~(\d{1,5})~(\d{1,7})$/;

/** Parses one slip line (shape only; the play checks the content, the game the series and limits). */
export function parseSlip(line: string): BetSlip {
  const m = typeof line === 'string' ? SLIP.exec(line) : null;
  if (!m) throw new LotteryRuleError('slip.invalid', 'A slip line is content~1~playId~mode~series~multiple');
  const multiple = Number(m[5]);
  if (multiple < 1) throw new LotteryRuleError('slip.invalid', 'The multiple must be at least 1');
  return {
    content: m[1]!,
    playId: Number(m[2]),
    bettingModeId: Number(m[3]),
    series: Number(m[4]),
    multiple,
  };
}

/** Parses a slip string of lines joined by `;` (at most `maxLines`). */
export function parseSlips(text: string, maxLines = 100): BetSlip[] {
  if (typeof text !== 'string') throw new LotteryRuleError('slip.invalid', 'The slip is not text');
  const lines = text.split(';');
  if (text.length === 0 || lines.length > maxLines)
    throw new LotteryRuleError('slip.invalid', `A slip holds 1–${maxLines} lines`);
  return lines.map(parseSlip);
}
