/**
 * Test helpers for the house games' pages (decisions 020, 046): a game's state and a settled
 * round as the server sends them, the house games' English strings, and a page inside a QueryClient
 * of its own. Imports no module of the house games, so a test may mock their calls.
 */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HouseRound, HouseState } from '@app/contract';
import { i18n } from '../shared/i18n/i18n.ts';
import { setupShell } from './shell-harness.tsx';
import enHouse from '../locales/house/en.json';
import enOriginals from '../locales/originals/en.json';
import enTables from '../locales/originals-tables/en.json';
import enCards from '../locales/originals-cards/en.json';
import enBaccarat from '../locales/originals-baccarat/en.json';
import enBlackjack from '../locales/originals-blackjack/en.json';
import enCrash from '../locales/originals-crash/en.json';

/** The seed every helper's state and round name: its hash published, client seed `c`. */
const SEED_HASH = 'h'.repeat(64);

/**
 * A house game's state for a member with 100.00 USD: the seed's hash, the originals' default
 * limits, no round left open; `over` names the game and anything else that differs.
 */
export function houseState(
  over: Partial<HouseState> & Pick<HouseState, 'gameCode' | 'kind' | 'name'>,
): HouseState {
  return {
    category: 'RNG',
    balance: 100,
    currency: 'USD',
    currencySymbol: '$',
    precision: 2,
    freePlay: false,
    seed: { serverSeedHash: SEED_HASH, clientSeed: 'c', nextNonce: 0 },
    betLevels: [1, 5],
    limits: { minBet: 0.1, maxBet: 1000, maxWin: 100000, autoBetMaxRounds: 100 },
    ...over,
  };
}

/**
 * A settled round of the member of `houseState` (nonce 0, seed not yet revealed): the game, the
 * bet, the win and the balance in major units; the engine's wager and outcome as they are.
 */
export function houseRound(
  over: Omit<Partial<HouseRound>, 'wager' | 'outcome'> &
    Pick<HouseRound, 'gameCode' | 'kind' | 'bet' | 'win'> & { wager?: object; outcome: object },
): HouseRound {
  const { wager = {}, outcome, ...rest } = over;
  return {
    roundId: 'r1',
    serverSeedHash: SEED_HASH,
    clientSeed: 'c',
    nonce: 0,
    serverSeed: null,
    balance: 100 - over.bet + over.win,
    freePlay: false,
    playedAt: 0,
    ...rest,
    wager: wager as Record<string, unknown>,
    outcome: outcome as Record<string, unknown>,
  };
}

/** The shell's set-up (setupShell) and the English strings of every house game's namespace. */
export async function setupHouse(): Promise<void> {
  await setupShell();
  const bundles: Record<string, Record<string, string>> = {
    house: enHouse,
    originals: enOriginals,
    'originals-tables': enTables,
    'originals-cards': enCards,
    'originals-baccarat': enBaccarat,
    'originals-blackjack': enBlackjack,
    'originals-crash': enCrash,
  };
  for (const [namespace, strings] of Object.entries(bundles))
    i18n.addResourceBundle('en', namespace, strings);
}

/**
 * A house game's page inside a QueryClient of its own (a fresh cache each time), for the test's
 * own `render`: rendered from this module, the slot's free spins outran waitFor beside another file.
 */
export function inHouseQuery(ui: ReactElement): ReactElement {
  return <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;
}
