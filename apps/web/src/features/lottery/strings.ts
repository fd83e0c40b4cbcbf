import { i18n } from '../../shared/i18n/i18n.ts';
import type { KeyIn } from '../../shared/i18n/keys.ts';

/** The lottery pages' strings (locales/lottery/*.json), loaded with the lottery chunk. */
export const LOTTERY_NS = 'lottery';
/**
 * The rule of every play (locales/lottery-rules): English, Vietnamese and Chinese so far; a language
 * without its file reads the English one, which is also the rules' own sentence.
 */
export const LOTTERY_RULES_NS = 'lottery-rules';

/**
 * The lottery's one escape from typed keys (decision 025): a key built from data, the rules tables'
 * play codes (a play's name, rule and group, a picker row's label) or the server's (an order's
 * status, a betting unit, a draw's prize, a trend position). Each is read with a default (the
 * English rule, the server's name or code), which shows where the catalogue has no such key.
 */
export const dataKey = (key: string) => key as KeyIn<typeof LOTTERY_NS>;

export function withLotteryStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces([LOTTERY_NS, LOTTERY_RULES_NS])]).then(([m]) => m);
}
