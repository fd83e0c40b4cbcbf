import { useState, type ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { CLIENT_SEED_PATTERN, type HouseRound, type HouseState } from '@app/contract';
import { ApiError } from '../../shared/http/api-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import {
  houseKeys,
  money,
  rotateSeed,
  setClientSeed,
  toMinor,
  useHouseRounds,
  useStateUpdater,
} from './api.ts';
import { payoutKind } from './round-result.tsx';
import styles from './house.module.css';
import { Tabs } from '../../shared/forms/tabs.tsx';

/** The top bar of a house game: its name, free-play badge and the balance. */
export function GameBar({
  state,
  balanceMinor,
  children,
}: {
  state: HouseState;
  balanceMinor: number;
  children?: ReactNode;
}) {
  const { t } = useTypedTranslation('house');
  return (
    <header className={styles.bar}>
      <div className={styles.barTitle}>
        <span className={styles.vendor}>{t('house_vendor')}</span>
        <h1 className={styles.gameName}>{state.name}</h1>
        {state.freePlay ? <span className={styles.freeBadge}>{t('free_play')}</span> : null}
      </div>
      {children}
      <div className={styles.balance} aria-live="polite">
        <span className={styles.balanceLabel}>{state.freePlay ? t('free_play_balance') : t('balance')}</span>
        {/* Symbol then amount in every language (decision 044): right to left it read "8,888.00 $". */}
        <span className={styles.balanceValue} data-testid="house-balance" dir="ltr">
          {state.currencySymbol} {money(state, balanceMinor)}
        </span>
      </div>
    </header>
  );
}

/**
 * The slot's and the table's last payout, in the words and colour of its net result (`payoutKind`):
 * above the stake a win; the stake or part of it back (a tie's half refund of the Dragon and Tiger
 * bets, a line win under the bet) what came back; nothing back no win.
 */
export function LastWin({ state, round }: { state: HouseState; round: HouseRound }) {
  const { t } = useTypedTranslation('house');
  const originals = useTypedTranslation('originals').t;
  const kind = payoutKind(round);
  const amount = money(state, toMinor(state, round.win));
  return (
    <span className={kind === 'won' ? styles.bigWin : styles.muted} data-testid="last-win" data-payout={kind}>
      {kind === 'won'
        ? `${t('you_won')} ${state.currencySymbol} ${amount}`
        : kind === 'lost'
          ? t('no_win')
          : originals('returned', { amount: `${state.currencySymbol} ${amount}` })}
    </span>
  );
}

/** A game's last refusal, above its controls. */
export function GameError({ error }: { error: string | null }) {
  return error ? (
    <p className={styles.error} role="alert" data-testid="game-error">
      {error}
    </p>
  ) : null;
}

export type PanelTab = 'rules' | 'fairness' | 'history';

/** The side panel: rules (or paytable), fairness and history, as tabs. */
export function SidePanel({
  state,
  rules,
  lastRound,
}: {
  state: HouseState;
  rules: ReactNode;
  lastRound: HouseRound | null;
}) {
  const { t } = useTypedTranslation('house');
  const [tab, setTab] = useState<PanelTab>('rules');
  const tabs: [PanelTab, string][] = [
    ['rules', state.kind === 'slot' ? t('tab_paytable') : t('tab_rules')],
    ['fairness', t('tab_fairness')],
    ['history', t('tab_history')],
  ];
  return (
    <aside className={styles.panel}>
      <Tabs
        options={tabs.map(([key, label]) => ({ key, label }))}
        value={tab}
        onChange={setTab}
        label={t('panel_tabs')}
        panelId="house-panel"
        idPrefix="house-tab"
        className={styles.tabs}
        tabClassName={styles.tab}
      />
      <div
        role="tabpanel"
        id="house-panel"
        aria-labelledby={`house-tab-${tab}`}
        // A scrolling panel is reached by the keyboard (WCAG 2.1.1; the tab pattern's panel stop).
        tabIndex={0}
        className={styles.panelBody}
      >
        {tab === 'rules' ? rules : null}
        {tab === 'fairness' ? <FairnessPanel state={state} lastRound={lastRound} /> : null}
        {tab === 'history' ? <HistoryPanel state={state} /> : null}
      </div>
    </aside>
  );
}

export function verifyHref(roundId: string): string {
  return `/sandbox/verify?roundId=${encodeURIComponent(roundId)}`;
}

/** The seed in use (its hash), the client seed the player may change, the next nonce, rotation. */
export function FairnessPanel({ state, lastRound }: { state: HouseState; lastRound: HouseRound | null }) {
  const { t } = useTypedTranslation('house');
  const update = useStateUpdater(state.gameCode);
  const client = useQueryClient();
  const [seedInput, setSeedInput] = useState(state.seed.clientSeed);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [revealed, setRevealed] = useState<{
    serverSeed: string;
    serverSeedHash: string;
    rounds: number;
  } | null>(null);
  const valid = CLIENT_SEED_PATTERN.test(seedInput);

  const saveSeed = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      const seed = await setClientSeed(state.gameCode, seedInput);
      update((s) => ({ ...s, seed }));
      setMessage({ ok: true, text: t('client_seed_saved') });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : t('load_failed') });
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    setBusy(true);
    try {
      const res = await rotateSeed(state.gameCode);
      update((s) => ({ ...s, seed: res.current }));
      setRevealed(res.revealed);
      setMessage(null);
      void client.invalidateQueries({ queryKey: houseKeys.rounds(state.gameCode) });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : t('load_failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.fairness}>
      <p className={styles.muted}>{t('fairness_intro')}</p>
      <dl className={styles.facts}>
        <dt>{t('server_seed_hash')}</dt>
        <dd className={styles.mono} data-testid="server-seed-hash">
          {state.seed.serverSeedHash}
        </dd>
        <dt>{t('next_nonce')}</dt>
        <dd className={styles.mono} data-testid="next-nonce">
          {state.seed.nextNonce}
        </dd>
      </dl>
      <label className={styles.field}>
        <span>{t('client_seed')}</span>
        <span className={styles.inline}>
          <input
            value={seedInput}
            maxLength={64}
            onChange={(e) => setSeedInput(e.target.value)}
            aria-invalid={!valid}
            className={styles.input}
            data-testid="client-seed"
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={busy || !valid || seedInput === state.seed.clientSeed}
            onClick={() => void saveSeed()}
          >
            {t('save')}
          </Button>
        </span>
        {!valid ? <span className={styles.error}>{t('client_seed_rule')}</span> : null}
      </label>
      {message ? <p className={message.ok ? styles.ok : styles.error}>{message.text}</p> : null}
      <div className={styles.rotateRow}>
        <Button size="sm" disabled={busy} onClick={() => void rotate()} data-testid="rotate-seed">
          {t('rotate_seed')}
        </Button>
        <span className={styles.muted}>{t('rotate_hint')}</span>
      </div>
      {revealed ? (
        <div className={styles.revealed} data-testid="revealed-seed">
          <p className={styles.ok}>{t('seed_revealed', { count: revealed.rounds })}</p>
          <dl className={styles.facts}>
            <dt>{t('server_seed')}</dt>
            <dd className={styles.mono}>{revealed.serverSeed}</dd>
            <dt>{t('server_seed_hash')}</dt>
            <dd className={styles.mono}>{revealed.serverSeedHash}</dd>
          </dl>
        </div>
      ) : null}
      {lastRound ? (
        <a className={styles.link} href={verifyHref(lastRound.roundId)} target="_blank" rel="noreferrer">
          {t('verify_last_round', { nonce: lastRound.nonce })}
        </a>
      ) : null}
    </div>
  );
}

/** The player's latest rounds of the game, each with a link to the verifier. */
export function HistoryPanel({ state }: { state: HouseState }) {
  const { t } = useTypedTranslation('house');
  const rounds = useHouseRounds(state.gameCode, true);
  if (rounds.isPending) return <p className={styles.muted}>{t('loading')}</p>;
  if (rounds.isError)
    return (
      <p className={styles.error}>
        {t('load_failed')}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void rounds.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  if (rounds.data.content.length === 0) return <p className={styles.muted}>{t('no_rounds')}</p>;
  return (
    <table className={styles.history}>
      <thead>
        <tr>
          <th>{t('time')}</th>
          <th>{t('nonce')}</th>
          <th className={styles.num}>{t('bet')}</th>
          <th className={styles.num}>{t('win')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rounds.data.content.map((r) => (
          <tr key={r.roundId}>
            <td>
              {new Date(r.playedAt).toLocaleTimeString([], {
                hour: '2-digit',
                minute: '2-digit',
                second: '2-digit',
              })}
            </td>
            <td className={styles.mono}>{r.nonce}</td>
            <td className={styles.num}>{money(state, toMinor(state, r.bet))}</td>
            <td className={[styles.num, r.win > 0 ? styles.winText : ''].join(' ')}>
              {money(state, toMinor(state, r.win))}
            </td>
            <td>
              <a href={verifyHref(r.roundId)} target="_blank" rel="noreferrer" className={styles.link}>
                {t('verify')}
              </a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
