import { i18n } from '../../shared/i18n/i18n.ts';

/** The lottery pages' strings (locales/lottery/*.json), loaded with the lottery chunk. */
export const LOTTERY_NS = 'lottery';
/**
 * The rule of every play (locales/lottery-rules): English, Vietnamese and Chinese so far; a language
 * without its file reads the English one, which is also the rules' own sentence.
 */
export const LOTTERY_RULES_NS = 'lottery-rules';

export function withLotteryStrings<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, i18n.loadNamespaces([LOTTERY_NS, LOTTERY_RULES_NS])]).then(([m]) => m);
}
