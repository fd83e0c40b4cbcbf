import { useState, type ReactNode } from 'react';
import type { HouseState } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { money, toMinor } from './api.ts';
import styles from './originals.module.css';

/**
 * The parts of an original's page that every original has alike (decision 046): the game bar's
 * sound switch, the control column with its limits and keys, a figure of the column, and the chips
 * of a game played on a layout (Roulette, Sic Bo, Baccarat) with their undo, double and clear.
 */

/** The sound switch in the game bar: off until the player turns it on. */
export function SoundToggle({ sound, onToggle }: { sound: boolean; onToggle: () => void }) {
  const { t } = useTypedTranslation('originals');
  return (
    <button
      type="button"
      className={styles.soundButton}
      aria-pressed={sound}
      onClick={onToggle}
      data-testid="sound-toggle"
    >
      {sound ? t('sound_on') : t('sound_off')}
    </button>
  );
}

/** The sound switch's state: off by default. */
export function useSound() {
  const [sound, setSound] = useState(false);
  return { sound, toggleSound: () => setSound((s) => !s) };
}

/**
 * The control column: the game's own controls (`children`: the bet, the settings, the play
 * button), then the server's limits and the page's keys (on a device with a keyboard's fine
 * pointer only: `.keysHint`).
 */
export function ControlsColumn({
  limits,
  keys,
  children,
}: {
  limits: NonNullable<HouseState['limits']>;
  keys: string;
  children: ReactNode;
}) {
  const { t } = useTypedTranslation('originals');
  return (
    <section className={styles.controls} aria-label={t('controls')}>
      {children}
      <p className={styles.hint}>
        {t('limits', { min: limits.minBet, max: limits.maxBet, win: limits.maxWin.toLocaleString() })}
      </p>
      <p className={styles.keysHint} data-testid="keys-hint">
        {keys}
      </p>
    </section>
  );
}

/** The column's big button: play (bet, deal, spin, roll, start the auto-bet) or cash out. */
export function PlayButton({
  disabled,
  onPress,
  testId = 'play',
  children,
}: {
  disabled: boolean;
  onPress: () => unknown;
  testId?: 'play' | 'cash-out';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.play}
      disabled={disabled}
      onClick={() => void onPress()}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/**
 * The cash-out of a round played in steps (Mines, HiLo): what it pays once a step has won; before
 * that, disabled, what to do first (`first`).
 */
export function CashOutButton({
  state,
  amount,
  ready,
  busy,
  first,
  onCashOut,
}: {
  state: HouseState;
  amount: number;
  ready: boolean;
  busy: boolean;
  first: string;
  onCashOut: () => unknown;
}) {
  const { t } = useTypedTranslation('originals');
  return (
    <PlayButton testId="cash-out" disabled={busy || !ready} onPress={onCashOut}>
      {ready ? t('cash_out', { amount: money(state, toMinor(state, amount)) }) : first}
    </PlayButton>
  );
}

/** One figure of the column (a multiplier, a chance, a total), its label above it. */
export function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className={styles.stat}>
      <span>{label}</span>
      <strong data-testid={testId}>{value}</strong>
    </div>
  );
}

/** Stakes by spot, in minor units. */
export type SpotBets = Record<string, number>;

/**
 * The chips on a layout: a chip of the bet field's value on a spot, undo (the last 50 changes),
 * double and clear.
 */
export function useChipBets() {
  const [bets, setBets] = useState<SpotBets>({});
  const [history, setHistory] = useState<SpotBets[]>([]);
  const total = Object.values(bets).reduce((a, b) => a + b, 0);
  const change = (next: (b: SpotBets) => SpotBets) => {
    setHistory((h) => [...h.slice(-49), bets]);
    setBets(next);
  };
  return {
    bets,
    total,
    canUndo: history.length > 0,
    /** A chip of `minor` on `spot` (nothing for a chip of no value). */
    place: (spot: string, minor: number) => {
      if (minor > 0) change((b) => ({ ...b, [spot]: (b[spot] ?? 0) + minor }));
    },
    undo: () =>
      setHistory((h) => {
        if (!h.length) return h;
        setBets(h.at(-1)!);
        return h.slice(0, -1);
      }),
    clear: () => {
      if (total) change(() => ({}));
    },
    double: () => {
      if (total) change((b) => Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v * 2])));
    },
    /** After a deal: no chips and nothing to undo. */
    reset: () => {
      setBets({});
      setHistory([]);
    },
  };
}
export type ChipBets = ReturnType<typeof useChipBets>;

/** Undo, double and clear under the bet field. */
export function ChipTools({ chips, disabled = false }: { chips: ChipBets; disabled?: boolean }) {
  const { t } = useTypedTranslation('originals-tables');
  const tools = [
    { label: t('undo'), onClick: chips.undo, off: !chips.canUndo, testId: 'undo' },
    { label: t('double_bets'), onClick: chips.double, off: !chips.total, testId: undefined },
    { label: t('clear'), onClick: chips.clear, off: !chips.total, testId: 'clear' },
  ];
  return (
    <div className={styles.triple}>
      {tools.map(({ label, onClick, off, testId }) => (
        <button
          key={label}
          type="button"
          className={styles.secondary}
          onClick={onClick}
          disabled={disabled || off}
          data-testid={testId}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
