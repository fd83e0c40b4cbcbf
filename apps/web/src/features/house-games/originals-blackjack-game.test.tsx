import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  blackjackLegal,
  blackjackOutcome,
  blackjackReplay,
  blackjackStakes,
  blackjackStatus,
  blackjackTotal,
  type BlackjackAction,
  type BlackjackRound,
} from '@app/contract';
import { houseRound, houseState, inHouseQuery, setupHouse } from '../../test/house-harness.tsx';

/**
 * The Blackjack page (decision 057): the originals' shared bet field (½, 2×), Space deals the bet
 * in major units, P splits the pair, D doubles the first hand, S stands the second, each action
 * sent with the number of actions the page showed; the hands, totals, results and the payout come from the engine's outcome; the
 * moves a hand cannot take are disabled.
 */
// A fixed shoe: 8 to the player, 6 up, 8 (a pair); then 3 and 10 (a double to 21) to the first
// hand, 9 to the second; the dealer 10, 10 (bust).
const CARDS = [8, 6, 8, 3, 10, 9, 10, 10].map((rank) => rank - 1);
const calls: { action: BlackjackAction | 'deal'; step?: number; bet?: number }[] = [];
let actions: BlackjackAction[] = [];
let betMinor = 0;

function answer() {
  let i = 0;
  const t = blackjackReplay(() => CARDS[i++]!, actions);
  if (blackjackStatus(t) === 'over') {
    const outcome = blackjackOutcome(t, { kind: 'blackjack', bet: betMinor, actions });
    const round = houseRound({
      gameCode: 'blackjack',
      kind: 'blackjack',
      bet: outcome.stake / 100,
      win: outcome.totalWin / 100,
      wager: { kind: 'blackjack', bet: betMinor, actions },
      outcome,
    });
    return { open: null, settled: round, balance: round.balance! };
  }
  const open: BlackjackRound = {
    roundId: 'r1',
    bet: betMinor / 100,
    stake: (betMinor * blackjackStakes(t)) / 100,
    actions: [...actions],
    hands: t.hands.map((h) => ({ cards: h.cards, ...blackjackTotal(h.cards), doubled: h.doubled })),
    active: t.active,
    dealer: t.dealer,
    dealerTotal: blackjackTotal(t.dealer).total,
    legal: blackjackLegal(t),
    serverSeedHash: 'h'.repeat(64),
    clientSeed: 'c',
    nonce: 0,
  };
  return { open, settled: null, balance: 100 - open.stake };
}

vi.mock('./originals-api.ts', () => ({ tone: () => undefined }));
vi.mock('./originals-blackjack-api.ts', () => ({
  blackjackStart: async (_gameCode: string, bet: number) => {
    calls.push({ action: 'deal', bet });
    betMinor = Math.round(bet * 100);
    actions = [];
    return answer();
  },
  blackjackAct: async (_gameCode: string, action: BlackjackAction, step: number) => {
    calls.push({ action, step });
    if (step !== actions.length) throw new Error('stale step');
    actions = [...actions, action];
    return answer();
  },
}));

const { BlackjackGame } = await import('./originals-blackjack-game.tsx');

const state = houseState({
  gameCode: 'blackjack',
  kind: 'blackjack',
  name: 'Blackjack',
  openBlackjack: null,
});

beforeAll(async () => {
  await setupHouse();
});

describe('Blackjack page', () => {
  it('deals with Space, splits with P, doubles with D, stands with S; the hands, results and payout are the engine’s', async () => {
    render(inHouseQuery(<BlackjackGame state={state} />));
    expect(screen.getByTestId('sound-toggle')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('blackjack-hit')).toBeDisabled();
    fireEvent.change(screen.getByTestId('bet-amount'), { target: { value: '1' } });
    // The originals' shared bet field: 2× and ½ within the limits.
    fireEvent.click(screen.getByRole('button', { name: 'Double the bet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Double the bet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Half the bet' }));
    expect(screen.getByTestId('bet-amount')).toHaveValue('2');
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.getByTestId('blackjack-split')).toBeEnabled());
    expect(calls[0]).toEqual({ action: 'deal', bet: 2 });
    expect(screen.getAllByTestId('blackjack-hand')[0]!.querySelectorAll('[data-card]')).toHaveLength(2);
    expect(screen.getByTestId('blackjack-dealer').querySelectorAll('[data-card]')).toHaveLength(1);
    fireEvent.keyDown(window, { key: 'p' });
    await waitFor(() => expect(screen.getAllByTestId('blackjack-hand')).toHaveLength(2));
    expect(screen.getByTestId('blackjack-split')).toBeDisabled();
    expect(screen.getByTestId('blackjack-staked')).toHaveTextContent('4.00');
    // A key pressed while the last action is still in flight is dropped, as a click on its disabled
    // button would be: wait for the page to take the next one (a loaded CI machine shows the gap).
    await waitFor(() => expect(screen.getByTestId('blackjack-double')).toBeEnabled());
    fireEvent.keyDown(window, { key: 'd' });
    await waitFor(() => expect(calls).toHaveLength(3));
    await waitFor(() =>
      expect(screen.getAllByTestId('blackjack-hand')[1]).toHaveAttribute('data-active', 'true'),
    );
    await waitFor(() => expect(screen.getByTestId('blackjack-stand')).toBeEnabled());
    fireEvent.keyDown(window, { key: 's' });
    await waitFor(() => expect(screen.getByTestId('verify-link')).toBeInTheDocument());
    expect(calls.slice(1)).toEqual([
      { action: 'split', step: 0 },
      { action: 'double', step: 1 },
      { action: 'stand', step: 2 },
    ]);
    const hands = screen.getAllByTestId('blackjack-hand');
    expect(hands.map((h) => h.getAttribute('data-result'))).toEqual(['win', 'win']);
    expect(hands.map((h) => h.getAttribute('data-total'))).toEqual(['21', '17']);
    expect(screen.getByTestId('blackjack-dealer')).toHaveTextContent('Dealer busts');
    // Stakes 2 + 2 (split) + 2 (double) = 6; the doubled hand returns 8, the other 4.
    expect(screen.getByTestId('round-result')).toHaveTextContent('You won 12.00');
    expect(screen.getByTestId('play')).toBeEnabled();
  });
});
