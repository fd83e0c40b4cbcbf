import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import {
  BLACKJACK_RTP,
  percentText,
  type BlackjackAction,
  type BlackjackOutcome,
  type BlackjackResult,
  type BlackjackRound,
  type HouseState,
} from '@app/contract';
import { money, toMinor, useGameHotkeys } from './api.ts';
import { blackjackAct, blackjackStart } from './originals-blackjack-api.ts';
import { BetAmountField, useBetAmount } from './bet-amount.tsx';
import { ControlsColumn, PlayButton, SoundToggle } from './controls.tsx';
import { useMultiStepRound } from './multi-step-round.ts';
import { Card } from './originals-cards-game.tsx';
import { GameBar, GameError, SidePanel } from './panels.tsx';
import { RecentRounds, RoundResult } from './round-result.tsx';
import styles from './originals.module.css';
import bj from './originals-blackjack.module.css';

const NS = ['originals-blackjack', 'originals', 'house'] as const;
const ACTIONS: readonly { action: BlackjackAction; key: string }[] = [
  { action: 'hit', key: 'H' },
  { action: 'stand', key: 'S' },
  { action: 'double', key: 'D' },
  { action: 'split', key: 'P' },
];
/** The return with perfect strategy, rounded down as the site shows returns. */
export const BLACKJACK_RTP_TEXT = percentText(BLACKJACK_RTP, 2);
const edgeText = () => {
  const e = ((BLACKJACK_RTP.den - BLACKJACK_RTP.num) * 10_000n) / BLACKJACK_RTP.den;
  return `0.${e.toString().padStart(2, '0')}`;
};

interface HandView {
  cards: number[];
  total: number;
  soft: boolean;
  doubled: boolean;
  result?: BlackjackResult;
  win?: number;
}

/**
 * Blackjack (decision 057): two cards to the player, one up for the dealer (no hole card: his
 * second is drawn when the player is done); hit, stand, double or split, then the dealer plays and
 * the round settles. The hand lives on the server (a reload or another device plays it on); each
 * action carries the number of actions the page saw, so a double tap is taken once. Keys: Space
 * or Enter deals, H hit, S stand, D double, P split. Sound off until turned on.
 */
export function BlackjackGame({ state }: { state: HouseState }) {
  const { t } = useTypedTranslation(NS);
  const bet = useBetAmount(state);
  const { stageRef, ...round } = useMultiStepRound<BlackjackRound>(state, state.openBlackjack ?? null, t);
  const { open, busy, lastRound, startRound, stepRound } = round;
  const betMajor = bet.major;

  const deal = () => startRound(() => blackjackStart(state.gameCode, betMajor));
  const act = async (action: BlackjackAction) => {
    if (open?.legal.includes(action))
      await stepRound(() => blackjackAct(state.gameCode, action, open.actions.length));
  };

  useGameHotkeys((key) => {
    if (key === ' ' || key === 'Enter') {
      if (!open) void deal();
      return true;
    }
    const found = ACTIONS.find((a) => a.key === key.toUpperCase());
    if (!open || !found || !open.legal.includes(found.action)) return false;
    void act(found.action);
    return true;
  });

  const last = lastRound?.kind === 'blackjack' ? (lastRound.outcome as unknown as BlackjackOutcome) : null;
  const hands: HandView[] = open?.hands ?? last?.hands ?? [];
  const dealer = open?.dealer ?? last?.dealer ?? [];
  const dealerTotal = open?.dealerTotal ?? last?.dealerTotal ?? null;
  const cardKey = open?.roundId ?? lastRound?.roundId ?? 'idle';

  return (
    <div className={styles.shell} data-testid="original-blackjack">
      <GameBar state={state} balanceMinor={round.balance}>
        <SoundToggle sound={round.sound} onToggle={round.toggleSound} />
      </GameBar>
      <div className={styles.layout}>
        <ControlsColumn limits={bet.limits} keys={t('keys')}>
          <BetAmountField label={t('bet_amount')} amount={bet} disabled={Boolean(open)} />
          <div className={bj.actions} role="group" aria-label={t('actions')}>
            {ACTIONS.map(({ action, key }) => (
              <button
                key={action}
                type="button"
                className={[bj.action, bj[`action_${action}`]].join(' ')}
                disabled={busy || !open || !open.legal.includes(action)}
                onClick={() => void act(action)}
                aria-keyshortcuts={key}
                data-testid={`blackjack-${action}`}
              >
                <span className={bj.actionName}>{t(action)}</span>
                <kbd className={bj.key}>{key}</kbd>
                {open && (action === 'double' || action === 'split') && open.legal.includes(action) ? (
                  <span className={bj.extra}>
                    {t('extra_bet', { amount: money(state, toMinor(state, open.bet)) })}
                  </span>
                ) : null}
              </button>
            ))}
          </div>
          <GameError error={round.error} />
          {open ? (
            <p className={bj.staked} data-testid="blackjack-staked">
              {t('stake_now', { amount: money(state, toMinor(state, open.stake)) })}
            </p>
          ) : (
            <PlayButton disabled={busy || !(betMajor > 0)} onPress={deal}>
              {busy ? t('dealing') : t('deal')}
            </PlayButton>
          )}
        </ControlsColumn>
        <section className={styles.stage} aria-label={state.name} ref={stageRef}>
          <div className={bj.felt} data-testid="blackjack-table">
            <div className={bj.side} data-testid="blackjack-dealer">
              <div className={bj.sideHead}>
                <span className={bj.sideName}>{t('dealer')}</span>
                {dealer.length ? <Total total={dealerTotal!} soft={false} /> : null}
                {last?.dealerBlackjack ? <em className={bj.flag}>{t('dealer_blackjack')}</em> : null}
                {last && last.dealerTotal > 21 ? <em className={bj.flag}>{t('dealer_bust')}</em> : null}
              </div>
              <div className={bj.cards}>
                {dealer.length ? (
                  dealer.map((c, i) => (
                    <div key={`${cardKey}-d${i}`} className={bj.slot}>
                      <Card card={c} size="md" />
                    </div>
                  ))
                ) : (
                  <div className={bj.slot}>
                    <Card card={null} size="md" />
                  </div>
                )}
                {open ? (
                  <div className={bj.slot} aria-hidden>
                    <Card card={null} size="md" />
                  </div>
                ) : null}
              </div>
            </div>
            <div className={bj.arc} aria-hidden>
              {t('rules_arc')}
            </div>
            <div className={bj.hands} data-testid="blackjack-hands" aria-live="polite">
              {hands.length ? (
                hands.map((h, i) => (
                  <Hand
                    key={`${cardKey}-h${i}`}
                    hand={h}
                    label={hands.length > 1 ? t('hand_n', { n: i + 1 }) : t('you')}
                    active={Boolean(open) && open!.active === i}
                    cardKey={`${cardKey}-h${i}`}
                  />
                ))
              ) : (
                <div className={bj.idle}>
                  <div className={bj.cards} aria-hidden>
                    <div className={bj.slot}>
                      <Card card={null} size="md" />
                    </div>
                    <div className={bj.slot}>
                      <Card card={null} size="md" />
                    </div>
                  </div>
                  <p className={styles.muted}>{t('idle')}</p>
                </div>
              )}
            </div>
            {open ? <p className={bj.prompt}>{t('your_turn')}</p> : null}
          </div>
          <RoundResult state={state} round={lastRound} idle={t('rtp_line', { rtp: BLACKJACK_RTP_TEXT })} />
          <RecentRounds rounds={round.recent} />
        </section>
        <SidePanel state={state} lastRound={lastRound} rules={<BlackjackRules />} />
      </div>
    </div>
  );
}

function Total({ total, soft }: { total: number; soft: boolean }) {
  const { t } = useTypedTranslation(NS);
  return (
    <span className={[bj.total, total > 21 ? bj.totalBust : ''].join(' ')} title={t('total', { total })}>
      {soft && total < 21 ? `${total - 10}/${total}` : total}
    </span>
  );
}

function Hand({
  hand,
  label,
  active,
  cardKey,
}: {
  hand: HandView;
  label: string;
  active: boolean;
  cardKey: string;
}) {
  const { t } = useTypedTranslation(NS);
  return (
    <div
      className={[bj.hand, active ? bj.handActive : '', hand.result ? bj[`hand_${hand.result}`] : ''].join(
        ' ',
      )}
      data-testid="blackjack-hand"
      data-result={hand.result}
      data-total={hand.total}
      data-active={active || undefined}
    >
      <div className={bj.sideHead}>
        <span className={bj.sideName}>{label}</span>
        <Total total={hand.total} soft={hand.soft} />
        {hand.doubled ? <em className={bj.flag}>2×</em> : null}
        {active ? <em className={bj.flagActive}>{t('in_play')}</em> : null}
      </div>
      <div className={bj.cards}>
        {hand.cards.map((c, i) => (
          <div
            key={`${cardKey}-${i}`}
            className={[bj.slot, hand.doubled && i === 2 ? bj.sideways : ''].join(' ')}
          >
            <Card card={c} size="md" />
          </div>
        ))}
      </div>
      {hand.result ? (
        <strong className={[bj.badge, bj[`badge_${hand.result}`]].join(' ')}>
          {t(`result_${hand.result}`)}
        </strong>
      ) : null}
    </div>
  );
}

function BlackjackRules() {
  const { t } = useTypedTranslation(NS);
  return (
    <div className={styles.rules}>
      <p>{t('rules_blackjack')}</p>
      <p>{t('rules_moves')}</p>
      <p>{t('rules_pays')}</p>
      <p>{t('rules_deck')}</p>
      <p>{t('rules_rtp', { rtp: BLACKJACK_RTP_TEXT, edge: edgeText() })}</p>
      <p>{t('rules_fair')}</p>
    </div>
  );
}
