import {
  topPrizeOf,
  stakeOf,
  formatSlips,
  playsOf,
  previewNotes,
  type Family,
  type PlayDef,
  type RowSpec,
} from '@app/contract';
import type { SlipLine } from './client/bet-slip.tsx';
import { precision } from './money.ts';
import { dataKey } from './strings.ts';

/**
 * The betting client's view of the lottery rules (contract lottery-rules, shared with the server):
 * every figure the player sees comes from them, never from a second implementation here.
 */

/** The plays of a family in the rules' order. */
export function playsOfFamily(family: Family): readonly PlayDef[] {
  return playsOf(family);
}

/** Notes of the player's picks as the rules count them: 0 while incomplete. */
export const notesOf = previewNotes;

export function playDef(family: Family, playId: number): PlayDef | undefined {
  return playsOf(family).find((p) => p.playId === playId);
}

const major = (minor: bigint) => Number(minor) / 10 ** precision();

/** Stake of a line in major units (notes × singleBetPrice × unit × multiple, exact); 0 without notes; null when the unit is too small for the currency. */
export function lineAmount(
  notes: number,
  singleBetPrice: number,
  unit: number,
  multiple: number,
): number | null {
  if (!notes) return 0;
  try {
    return major(stakeOf(notes, singleBetPrice, unit, multiple, precision()));
  } catch {
    return null;
  }
}

/**
 * The prize of one winning note at the play's highest prize level, major units, from the rules'
 * own bonus table (the play menu's `bonus` is already shown at the default series: applying the
 * series to it again would count it twice).
 */
export function winPerNote(
  play: PlayDef,
  series: number,
  base: number,
  unit: number,
  multiple: number,
): number {
  if (!series || !base) return 0;
  try {
    return major(topPrizeOf(play, { series, base, unit, multiple, precision: precision() }));
  } catch {
    return 0;
  }
}

/** Sum of stakes in major units, added in minor units so no float error creeps in. */
export function sumAmounts(amounts: readonly number[]): number {
  const scale = 10 ** precision();
  return amounts.reduce((s, a) => s + Math.round(a * scale), 0) / scale;
}

export function slipString(lines: readonly SlipLine[]): string {
  return formatSlips(lines);
}

/** A picker row's label key, by its English label (a row key such as P1 names different places in different families). */
export const rowLabelKey = (row: RowSpec) =>
  dataKey(
    `row_${row.label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')}`,
  );

const keyOf = (def: PlayDef) => `${def.family}_${def.code}`.toLowerCase();
/** A play's name, rule and group in the player's language; the rules' English where a language lacks one. */
export const playNameKey = (def: PlayDef) => dataKey(`play_${keyOf(def)}`);
export const playRuleKey = (def: PlayDef) => dataKey(`rule_${keyOf(def)}`);
export const playGroupKey = (def: PlayDef) => dataKey(`group_${def.family}_${def.group}`.toLowerCase());
