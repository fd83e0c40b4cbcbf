import { HOUSE_GAMES, HOUSE_GAME_CODE_PATTERN, STAND_IN_MARK } from './games.ts';
import { ORIGINALS_RTP, type ExactRatio } from './originals.ts';
import { HILO_RTP } from './originals-cards.ts';
import { ROULETTE_RTP } from './originals-tables.ts';
import { LUCKY_LOTUS, type SlotVolatility } from './slot.ts';

/**
 * The sandbox stand-ins of the demo catalogue (issue 34, decision 058): until an operator connects
 * a vendor (decision 019), a vendor title opens one of our own games in the sandbox, labelled as a
 * stand-in for that title and of the same kind. The kind is read from the title's category and its
 * English name: a roulette title opens European Roulette, a baccarat title Baccarat, a sic bo
 * title Sic Bo, a dragon tiger title Dragon Tiger, a blackjack title Blackjack, a slot the house
 * slot; a title with no game of its kind here (fishing, bingo, poker rooms, sports) opens a game of
 * chance, still labelled as its stand-in.
 */
export type TitleKind =
  | 'slot'
  | 'roulette'
  | 'baccarat'
  | 'sicbo'
  | 'dragon-tiger'
  | 'blackjack'
  | 'cards'
  | 'fishing'
  | 'bingo'
  | 'rooms'
  | 'sports';

/** Words of an English title that name a table game, most specific first. */
const TABLE_WORDS: ReadonlyArray<[RegExp, TitleKind]> = [
  [/\broulette\b/i, 'roulette'],
  [/\bbaccarat\b/i, 'baccarat'],
  [/\bsic\s*bo\b|\bsicbo\b|\bhi[\s-]?lo\s+dice\b/i, 'sicbo'],
  [/\bdragon\s*(?:&|and)?\s*tiger\b/i, 'dragon-tiger'],
  [/\bblack\s*jack\b|\btwenty[\s-]one\b/i, 'blackjack'],
];

/**
 * The kind of a catalogue title. Slots (RNG) are slots whatever their name says ("Golden Dragon" is
 * a slot); the tables of the live, cards and room categories are read from the name.
 */
export function titleKindOf(gameType: string, englishTitle: string): TitleKind {
  const type = gameType.toUpperCase();
  if (type === 'LIVE' || type === 'CARDS' || type === 'PVP') {
    const named = TABLE_WORDS.find(([words]) => words.test(englishTitle));
    if (named) return named[1];
    return type === 'PVP' ? 'rooms' : type === 'LIVE' ? 'dragon-tiger' : 'cards';
  }
  if (type === 'FISH') return 'fishing';
  if (type === 'BINGO') return 'bingo';
  if (type === 'SPORTS' || type === 'ESPORTS') return 'sports';
  return 'slot';
}

const houseCode = (code: string): string | null => (HOUSE_GAMES.some((g) => g.code === code) ? code : null);

/**
 * The house game a title kind opens (a code of HOUSE_GAMES). Blackjack titles open Blackjack once
 * the original is served, Baccarat (the nearest card game: hands drawn to a point total) before.
 */
export function standInCodeOf(kind: TitleKind): string {
  switch (kind) {
    case 'slot':
      return 'lucky-lotus';
    case 'roulette':
      return 'roulette';
    case 'baccarat':
      return 'baccarat';
    case 'sicbo':
      return 'sic-bo';
    case 'dragon-tiger':
    case 'cards':
      return 'dragon-tiger';
    case 'blackjack':
      return houseCode('blackjack') ?? 'baccarat';
    case 'fishing':
      return 'plinko';
    case 'bingo':
      return 'keno';
    case 'rooms':
      return 'hilo';
    case 'sports':
      return 'wheel';
  }
}

/** The stand-in's code of a catalogue title: its house game's. */
export function standInOf(gameType: string, englishTitle: string): string {
  return standInCodeOf(titleKindOf(gameType, englishTitle));
}

/**
 * The sandbox game code a vendor title launches: `<house code>--<the vendor's game id>` (the house
 * game plays, its seeds, tickets and rounds are the title's own). Null when the id would not make
 * a game code (too long or odd characters): the launch then opens the house game's own code.
 */
export function standInGameCode(standIn: string, gameId: string): string | null {
  const code = `${standIn}${STAND_IN_MARK}${gameId}`;
  return HOUSE_GAME_CODE_PATTERN.test(code) && !gameId.includes(STAND_IN_MARK) ? code : null;
}

/** A proven ratio in basis points, rounded down (a stated return is never more than the proof). */
const bpOf = (r: ExactRatio): number => Number((r.num * 10_000n) / r.den);

/**
 * The return a stand-in plays at, in basis points, from its proof: the slot's exact RTP (slot-rtp),
 * Roulette's 36/37, the 99 % of the originals whose every setting returns it. Null where the
 * return depends on the bet (Baccarat, Sic Bo, Dragon Tiger, Blackjack's play): one figure would
 * not be true, so none is shown.
 */
export function standInRtpBp(code: string): number | null {
  switch (code) {
    case 'lucky-lotus':
      return Number(LUCKY_LOTUS.statedRtpPercent.replace('.', ''));
    case 'roulette':
      return bpOf(ROULETTE_RTP);
    case 'hilo':
      return bpOf(HILO_RTP);
    case 'dice':
    case 'limbo':
    case 'mines':
    case 'plinko':
    case 'keno':
    case 'wheel':
      return bpOf(ORIGINALS_RTP);
    default:
      return null;
  }
}

/**
 * The volatility a stand-in plays at: the house slot's stated class (its exact variance per unit bet
 * in slot-rtp's bands, proven in slot-rtp.test.ts). Null for every other game: the originals' spread
 * depends on the player's settings (a Dice chance, Mines' count, a Plinko risk) and the tables' on
 * the bet, so one class would not be true.
 */
export function standInVolatility(code: string): SlotVolatility | null {
  return code === 'lucky-lotus' ? LUCKY_LOTUS.statedVolatility : null;
}
