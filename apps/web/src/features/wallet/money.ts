import {
  checkAmountInput,
  parseAmount,
  WithdrawProofLimits,
  type AmountParse,
  type AmountRules,
} from '@app/contract';
import { formatMoney } from '../../shared/i18n/money.ts';
import type { TFunction } from '../../shared/i18n/translator.ts';

/** Major units from the wire as whole minor units (the wire carries at most `precision` decimals). */
export function toMinor(major: number, precision: number): number {
  return Math.round(major * 10 ** precision);
}

type AmountLimits = { precision: number; min?: number; max?: number };

/** The page's limits (major units from the server) as minor-unit bounds. */
const amountRules = (limits: AmountLimits): AmountRules => ({
  precision: limits.precision,
  ...(limits.min !== undefined ? { minMinor: toMinor(limits.min, limits.precision) } : {}),
  ...(limits.max !== undefined ? { maxMinor: toMinor(limits.max, limits.precision) } : {}),
});

/**
 * An amount field checked before it is sent, with the contract's one parser: the page's limits
 * become minor-unit bounds, so the player meets the same refusal the server would give, without a
 * round trip.
 */
export function checkAmount(input: string, limits: AmountLimits): AmountParse {
  return parseAmount(input, amountRules(limits));
}

/** Why an amount field's value is refused, in the player's language (wallet catalogue), or null. */
export function amountProblem(input: string, limits: AmountLimits, t: TFunction): string | null {
  const res = checkAmountInput(input, amountRules(limits));
  if (res.ok) return null;
  const r = res.refusal;
  const money = (minor: number) =>
    formatMoney(minor / 10 ** limits.precision, { precision: limits.precision });
  switch (r.reason) {
    case 'empty':
      return t('amount_empty');
    case 'notNumber':
      return t('amount_not_number');
    case 'negative':
      return t('amount_negative');
    case 'exponent':
      return t('amount_exponent');
    case 'format':
      return t('amount_format');
    case 'zero':
      return t('amount_zero');
    case 'decimals':
      return r.precision === 0 ? t('amount_whole') : t('amount_decimals', { count: r.precision });
    case 'atMost':
      return t('amount_at_most', { max: money(r.maxMinor) });
    case 'range':
      return t('amount_range', { min: money(r.minMinor), max: money(r.maxMinor) });
  }
}

export type ProofRefusal = 'type' | 'size' | 'count';

/** The first bytes of a png and of a jpg: the file's content decides, not its name. */
function imageKind(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * Checks proof images before upload (WD-09; the server checks again): png or jpg by signature, at
 * most 5 MB each, at most 3 with those already uploaded. Answers the refusal of the first bad file.
 */
export async function checkProofFiles(
  files: readonly Blob[],
  alreadyUploaded: number,
): Promise<
  | { ok: true; files: { blob: Blob; contentType: 'image/png' | 'image/jpeg' }[] }
  | { ok: false; reason: ProofRefusal }
> {
  if (files.length + alreadyUploaded > WithdrawProofLimits.maxFiles) return { ok: false, reason: 'count' };
  const out: { blob: Blob; contentType: 'image/png' | 'image/jpeg' }[] = [];
  for (const blob of files) {
    if (blob.size > WithdrawProofLimits.maxBytes) return { ok: false, reason: 'size' };
    const kind = imageKind(new Uint8Array(await blob.slice(0, 8).arrayBuffer()));
    if (!kind) return { ok: false, reason: 'type' };
    out.push({ blob, contentType: kind });
  }
  return { ok: true, files: out };
}

/** A fresh client id for one submission, so a retried click never pays twice. */
export function newRequestId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}
