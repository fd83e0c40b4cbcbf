import { playDragonTiger, type DtBets, type DtOutcome } from './dragon-tiger.ts';
import type { BlockSource } from './fair.ts';
import { LUCKY_LOTUS, playSlot, type SlotOutcome } from './slot.ts';
import { playOriginal, type OriginalKind, type OriginalOutcome, type OriginalWager } from './originals.ts';

/**
 * The sandbox vendor's house games by game code (decision 020): the slot, the Dragon Tiger round
 * game and the originals. A catalogue title whose vendor is not connected opens its stand-in of
 * the same kind (decision 058, stand-ins.ts) under `<house code>--<game id>` (`roulette--EVO-LIVE-2`,
 * `lucky-lotus--PG-00123`), which plays that house game and says it is a stand-in. A bare game id
 * of an older launch still opens by its category: one naming one (`BGS-LIVE-3`, `YBG-FISH-7`)
 * the table, any other the slot.
 */
export type HouseGameKind = 'slot' | 'table' | OriginalKind;
export interface HouseGame {
  code: string;
  kind: HouseGameKind;
  /** The catalogue category it is shown under. */
  category: 'RNG' | 'LIVE' | 'CARDS' | 'FISH' | 'PVP';
  name: string;
  /** One of the house originals (decision 046): its own category and lobby row on the site. */
  original?: boolean;
  /**
   * A vendor title's sandbox stand-in (decision 058): the vendor's game id this plays in place of,
   * from a code `<house code>--<game id>`; the page says it is a stand-in.
   */
  standInFor?: string;
}

export const SANDBOX_VENDOR = 'SBX';

export const HOUSE_GAMES: readonly HouseGame[] = [
  { code: 'lucky-lotus', kind: 'slot', category: 'RNG', name: 'Lucky Lotus' },
  { code: 'dragon-tiger', kind: 'table', category: 'LIVE', name: 'Dragon Tiger' },
  { code: 'dragon-tiger-cards', kind: 'table', category: 'CARDS', name: 'Dragon Tiger Cards' },
  { code: 'dragon-tiger-fish', kind: 'table', category: 'FISH', name: 'Dragon Tiger Koi Pond' },
  { code: 'dragon-tiger-pvp', kind: 'table', category: 'PVP', name: 'Dragon Tiger Duel' },
  { code: 'dice', kind: 'dice', category: 'RNG', name: 'Dice', original: true },
  { code: 'limbo', kind: 'limbo', category: 'RNG', name: 'Limbo', original: true },
  { code: 'mines', kind: 'mines', category: 'RNG', name: 'Mines', original: true },
  { code: 'plinko', kind: 'plinko', category: 'RNG', name: 'Plinko', original: true },
  { code: 'keno', kind: 'keno', category: 'RNG', name: 'Keno', original: true },
  { code: 'wheel', kind: 'wheel', category: 'RNG', name: 'Wheel', original: true },
  { code: 'roulette', kind: 'roulette', category: 'RNG', name: 'European Roulette', original: true },
  { code: 'sic-bo', kind: 'sicbo', category: 'RNG', name: 'Sic Bo', original: true },
  { code: 'hilo', kind: 'hilo', category: 'RNG', name: 'HiLo', original: true },
  { code: 'baccarat', kind: 'baccarat', category: 'RNG', name: 'Baccarat', original: true },
  { code: 'blackjack', kind: 'blackjack', category: 'RNG', name: 'Blackjack', original: true },
];

/** The house originals in lobby order. */
export const HOUSE_ORIGINALS: readonly HouseGame[] = HOUSE_GAMES.filter((g) => g.original);

export const HOUSE_GAME_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Between a house game's code and the vendor game id it stands in for (stand-ins.ts). */
export const STAND_IN_MARK = '--';

/** The house game a code opens (null: not a game code at all). */
export function houseGameOf(code: string): HouseGame | null {
  if (!HOUSE_GAME_CODE_PATTERN.test(code)) return null;
  const known = HOUSE_GAMES.find((g) => g.code === code);
  if (known) return known;
  const mark = code.indexOf(STAND_IN_MARK);
  if (mark > 0) {
    const base = HOUSE_GAMES.find((g) => g.code === code.slice(0, mark));
    const standInFor = code.slice(mark + STAND_IN_MARK.length);
    if (base && standInFor) return { ...base, code, standInFor };
  }
  const parts = code.toUpperCase().split(/[-_]/);
  const category = (['LIVE', 'CARDS', 'FISH', 'PVP'] as const).find((c) => parts.includes(c));
  const table =
    category ?? (parts.some((p) => ['SPORTS', 'ESPORTS', 'BINGO', 'TABLE'].includes(p)) ? 'LIVE' : null);
  if (!table) return { code, kind: 'slot', category: 'RNG', name: 'Lucky Lotus' };
  const named = HOUSE_GAMES.find((g) => g.kind === 'table' && g.category === table)!;
  return { code, kind: 'table', category: table, name: named.name };
}

export type HouseWager = { kind: 'slot'; bet: number } | { kind: 'table'; bets: DtBets } | OriginalWager;
export type HouseOutcome = SlotOutcome | DtOutcome | OriginalOutcome;

/** Plays a round of a house game from its HMAC blocks: the one function server and verifier share. */
export function playHouseRound(kind: HouseGameKind, source: BlockSource, wager: HouseWager): HouseOutcome {
  if (kind === 'slot') {
    if (wager.kind !== 'slot') throw new RangeError('a slot takes a total bet');
    return playSlot(LUCKY_LOTUS, source, wager.bet);
  }
  if (kind === 'table') {
    if (wager.kind !== 'table') throw new RangeError('the table takes bets per side');
    return playDragonTiger(source, wager.bets);
  }
  if (wager.kind !== kind) throw new RangeError(`${kind} takes a ${kind} wager`);
  return playOriginal(source, wager);
}
