import { withLotteryStrings } from './strings.ts';

export { LOTTERY_NS, LOTTERY_RULES_NS } from './strings.ts';

/**
 * /lottery, /vnlottery, /seaLottery and /elott: the lobby, the betting client, my bets and the
 * verifier, one lazy chunk (never in the home entry) that waits for its strings.
 */
export const loadLotteryPage = () =>
  withLotteryStrings(import('./lottery-page.tsx')).then((m) => ({ Component: m.LotteryPage }));
