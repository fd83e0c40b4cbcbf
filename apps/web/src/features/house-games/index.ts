import { i18n } from '../../shared/i18n/i18n.ts';

/**
 * The sandbox vendor's house games (decision 020): the game page a launch opens in the /game
 * frame (`/sandbox/games/:gameCode`: the Lucky Lotus slot or the Dragon Tiger table) and the
 * verifier page (`/sandbox/verify`) that recomputes any round in the browser.
 */
export const HOUSE_NS = 'house';

/** The originals' own strings (decision 046), beside the house games' shared ones. */
export const ORIGINALS_NS = 'originals';
/** Keno, Wheel, European Roulette and Sic Bo's strings. */
export const ORIGINALS_TABLES_NS = 'originals-tables';
/** Crash's strings (decision 055). */
export const ORIGINALS_CRASH_NS = 'originals-crash';
/** HiLo's strings (decision 046). */
export const ORIGINALS_CARDS_NS = 'originals-cards';
/** Baccarat's strings (decision 056). */
export const ORIGINALS_BACCARAT_NS = 'originals-baccarat';
/** Blackjack's strings (decision 057). */
export const ORIGINALS_BLACKJACK_NS = 'originals-blackjack';

const withHouseStrings = <M>(chunk: Promise<M>): Promise<M> =>
  Promise.all([
    chunk,
    i18n.loadNamespaces(HOUSE_NS),
    i18n.loadNamespaces(ORIGINALS_NS),
    i18n.loadNamespaces(ORIGINALS_TABLES_NS),
    i18n.loadNamespaces(ORIGINALS_CRASH_NS),
    i18n.loadNamespaces(ORIGINALS_CARDS_NS),
    i18n.loadNamespaces(ORIGINALS_BACCARAT_NS),
    i18n.loadNamespaces(ORIGINALS_BLACKJACK_NS),
  ]).then(([m]) => m);

export const loadHouseGamePage = () =>
  withHouseStrings(import('./house-game-page.tsx')).then((m) => ({ Component: m.HouseGamePage }));
export const loadHouseVerifyPage = () =>
  withHouseStrings(import('./verify-page.tsx')).then((m) => ({ Component: m.VerifyPage }));

/** A house game fills its frame: no site header, notice bar, footer or side bar. */
export const houseGameChrome = { header: false, noticeBar: false, footer: false, sideBar: false };
