import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { playOriginal, type BaccaratWager, type HouseRound, type OriginalWager } from '@app/contract';
import { houseRound, houseState, inHouseQuery, setupHouse } from '../../test/house-harness.tsx';

/**
 * The Baccarat page (decision 056): chips by touch and by keys, the total, Space deals the bets in
 * major units, the hands, totals and result of the round come from the engine's outcome, the
 * winning spots light, and Deal again repeats the last bets. The auto-bet (decision 046) sends the
 * bets with its rounds and limits, and shows every round the server played and why it stopped.
 */
const played: { gameCode: string; bets: Record<string, number> }[] = [];
const autos: Record<string, unknown>[] = [];
vi.mock('./originals-api.ts', () => ({
  tone: () => undefined,
  playOriginalRound: (body: { gameCode: string; bets: Record<string, number> }) => {
    played.push(body);
    return Promise.resolve(roundOf(body));
  },
  autoBet: (body: { gameCode: string; bets: Record<string, number>; rounds: number }) => {
    autos.push(body);
    // The server stopped after two of the rounds asked, at the loss limit.
    const rounds = [roundOf(body), roundOf(body)];
    return Promise.resolve({ rounds, stoppedBy: 'loss', net: -2 });
  },
}));

let roundNo = 0;
/** The round's HMAC words: all zero deal four aces (a tie of pairs); `BANKER_WINS` a banker 7 over a player 1, no pair. */
let deck = () => new Uint8Array(32);
const BANKER_WINS = () => Uint8Array.from({ length: 32 }, (_, j) => (j * 2 + 7) % 256);
function roundOf(body: { gameCode: string; bets: Record<string, number> }): HouseRound {
  roundNo += 1;
  const bets = Object.fromEntries(Object.entries(body.bets).map(([k, v]) => [k, Math.round(v * 100)]));
  const wager: BaccaratWager = {
    kind: 'baccarat',
    bet: Object.values(bets).reduce((a, b) => a + b, 0),
    bets,
  };
  // A fixed deal: every word 0 (`deck`), so every card is the ace of spades (1 v 1 ... a tie of pairs).
  const outcome = playOriginal(deck, wager as OriginalWager);
  return houseRound({
    roundId: `r${roundNo}`,
    gameCode: 'baccarat',
    kind: 'baccarat',
    nonce: roundNo - 1,
    bet: wager.bet / 100,
    win: outcome.totalWin / 100,
    wager,
    outcome,
  });
}

const { BaccaratGame } = await import('./originals-baccarat-game.tsx');

const state = houseState({ gameCode: 'baccarat', kind: 'baccarat', name: 'Baccarat' });

beforeAll(async () => {
  await setupHouse();
});

describe('Baccarat page', () => {
  it('places chips by touch and keys, deals with Space, shows the hands and result, and deals again', async () => {
    render(inHouseQuery(<BaccaratGame state={state} />));
    const play = screen.getByTestId('play');
    expect(play).toBeDisabled();
    fireEvent.click(screen.getByTestId('spot-player'));
    fireEvent.keyDown(window, { key: 't' });
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.keyDown(window, { key: 'b' });
    fireEvent.keyDown(window, { key: 'Backspace' });
    expect(screen.getByTestId('baccarat-total')).toHaveTextContent('3.00');
    expect(screen.getByTestId('spot-tie')).toHaveTextContent('1.00');
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.getByTestId('verify-link')).toBeInTheDocument());
    expect(played[0]).toEqual({ gameCode: 'baccarat', bets: { player: 1, tie: 1, 'player-pair': 1 } });
    // Four aces: 2 v 2, the banker (2) draws on the player's third ace: 3 v 3, a tie of pairs.
    expect(screen.getByTestId('baccarat-result')).toHaveTextContent('Tie');
    expect(screen.getByTestId('total-player')).toHaveTextContent('3');
    expect(screen.getByTestId('hand-player').querySelectorAll('[data-card]')).toHaveLength(3);
    for (const lit of ['tie', 'player-pair', 'banker-pair'])
      expect(screen.getByTestId(`spot-${lit}`)).toHaveAttribute('data-lit', 'true');
    expect(screen.getByTestId('spot-banker')).not.toHaveAttribute('data-lit');
    // Player pushed (1.00), the tie paid 9.00, the pair 12.00.
    expect(screen.getByTestId('round-result')).toHaveTextContent('You won 22.00');
    expect(screen.getByTestId('round-payout')).toHaveAttribute('data-payout', 'won');
    expect(screen.getByTestId('baccarat-road')).toHaveTextContent('T');
    expect(play).toHaveTextContent('Deal again · 3.00');
    fireEvent.click(play);
    await waitFor(() => expect(played).toHaveLength(2));
    expect(played[1]).toEqual(played[0]);
  });

  it('says what came back of a stake paid back or in part, in the colour of the net result, never "You won"', async () => {
    render(inHouseQuery(<BaccaratGame state={state} />));
    // The tie deal: a Player bet pushes, its stake comes back (an even round, in the neutral colour).
    fireEvent.keyDown(window, { key: 'p' });
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.getByTestId('round-payout')).toHaveAttribute('data-payout', 'even'));
    expect(screen.getByTestId('round-payout')).toHaveTextContent('1.00 back of your stake');
    // A banker win on Banker and Tie: 1.95 of the 2.00 staked comes back, a loss.
    deck = BANKER_WINS;
    try {
      fireEvent.keyDown(window, { key: 'b' });
      fireEvent.keyDown(window, { key: 't' });
      fireEvent.keyDown(window, { key: ' ' });
      await waitFor(() =>
        expect(screen.getByTestId('round-payout')).toHaveAttribute('data-payout', 'returned'),
      );
      expect(screen.getByTestId('baccarat-result')).toHaveTextContent('Banker');
      expect(screen.getByTestId('round-payout')).toHaveTextContent('1.95 back of your stake');
      expect(screen.getByTestId('round-result')).not.toHaveTextContent('You won');
      // Player alone on a banker win: nothing back.
      fireEvent.keyDown(window, { key: 'p' });
      fireEvent.keyDown(window, { key: ' ' });
      await waitFor(() => expect(screen.getByTestId('round-payout')).toHaveAttribute('data-payout', 'lost'));
      expect(screen.getByTestId('round-payout')).toHaveTextContent('No win this time');
    } finally {
      deck = () => new Uint8Array(32);
    }
  });

  it('auto-bets the placed chips: Auto by the arrow keys, the rounds and limits sent, each round shown, why it stopped', async () => {
    render(inHouseQuery(<BaccaratGame state={state} />));
    const manual = screen.getByTestId('mode-manual');
    expect(manual).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('auto-rounds')).toBeNull();
    manual.focus();
    fireEvent.keyDown(manual, { key: 'ArrowRight' });
    const autoTab = screen.getByTestId('mode-auto');
    expect(autoTab).toHaveAttribute('aria-selected', 'true');
    expect(autoTab).toHaveFocus();
    // The tab list is named and controls the panel of the controls it changes, labelled by its tab.
    expect(screen.getByRole('tablist', { name: 'Play mode' })).toContainElement(autoTab);
    const panel = screen.getByRole('tabpanel', { name: 'Auto' });
    expect(autoTab).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toContainElement(screen.getByLabelText('Number of bets (up to 100)'));
    fireEvent.change(screen.getByLabelText('Number of bets (up to 100)'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Stop on loss'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('Stop after a won bet'));
    fireEvent.keyDown(window, { key: 'b' });
    // Space does not start an auto-bet: only its button does.
    fireEvent.keyDown(window, { key: ' ' });
    expect(autos).toHaveLength(0);
    const play = screen.getByTestId('play');
    expect(play).toHaveTextContent('Start auto-bet');
    fireEvent.click(play);
    await waitFor(() => expect(screen.getByTestId('auto-summary')).toBeInTheDocument());
    expect(autos[0]).toEqual({
      gameCode: 'baccarat',
      bets: { banker: 1 },
      rounds: 5,
      stopOnLoss: 2,
      stopOnWin: true,
    });
    expect(screen.getByTestId('auto-summary')).toHaveTextContent('2 bets, net -2.00: loss limit reached');
    expect(screen.getByTestId('baccarat-road').querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByTestId('verify-link')).toBeInTheDocument();
  });
});
