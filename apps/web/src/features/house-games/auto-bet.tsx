import { useId, useState, type ReactNode } from 'react';
import type { CallValue, autoBetHouseOriginal } from '@app/contract';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import styles from './originals.module.css';

/**
 * The originals' auto-bet (decision 046), shared by the pages that play a round in one call
 * (Dice, Limbo, Plinko, Keno, Wheel, Roulette, Sic Bo, Baccarat): Manual / Auto tabs, the number of
 * rounds (up to the server's limit), the profit and loss limits at which the server stops, and
 * whether it stops after a won or a lost round.
 * The server plays the rounds and holds the limits (`POST …/original/auto`); the page sends the
 * settings with the round's body and shows each round played and why it stopped.
 */
export type PlayMode = 'manual' | 'auto';
type AutoAnswer = CallValue<typeof autoBetHouseOriginal>;

export function useAutoBet() {
  const [mode, setMode] = useState<PlayMode>('manual');
  const [rounds, setRounds] = useState('10');
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [stopOnWin, setStopOnWin] = useState(false);
  const [stopOnLose, setStopOnLose] = useState(false);
  const [summary, setSummary] = useState<AutoAnswer | null>(null);
  return {
    mode,
    setMode,
    rounds,
    setRounds,
    stopProfit,
    setStopProfit,
    stopLoss,
    setStopLoss,
    stopOnWin,
    setStopOnWin,
    stopOnLose,
    setStopOnLose,
    summary,
    setSummary,
    /** The auto-bet's part of the call's body. */
    body: () => ({
      rounds: Number(rounds),
      ...(stopProfit ? { stopOnProfit: Number(stopProfit) } : {}),
      ...(stopLoss ? { stopOnLoss: Number(stopLoss) } : {}),
      ...(stopOnWin ? { stopOnWin } : {}),
      ...(stopOnLose ? { stopOnLose } : {}),
    }),
  };
}
export type AutoBet = ReturnType<typeof useAutoBet>;

/**
 * Manual or Auto (the shared tab list: arrow keys, Home and End) over the panel of the controls the
 * choice changes (`children`). Without `offered` (a game with no auto-bet) only the controls.
 */
export function PlayMode({
  auto,
  disabled,
  offered = true,
  children,
}: {
  auto: AutoBet;
  disabled?: boolean;
  offered?: boolean;
  children: ReactNode;
}) {
  const { t } = useTypedTranslation('originals');
  const id = useId();
  if (!offered) return <>{children}</>;
  return (
    <>
      <Tabs
        options={(['manual', 'auto'] as const).map((m) => ({ key: m, label: t(`mode_${m}`) }))}
        value={auto.mode}
        onChange={auto.setMode}
        label={t('play_mode')}
        panelId={`${id}-panel`}
        idPrefix={id}
        className={styles.modeTabs}
        tabClassName={styles.modeTab}
        tabTestId={(m) => `mode-${m}`}
        disabled={disabled ?? false}
      />
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${auto.mode}`}
        className={styles.modePanel}
      >
        {children}
      </div>
    </>
  );
}

/** The auto-bet's fields, shown in Auto mode. */
export function AutoBetFields({ auto, maxRounds }: { auto: AutoBet; maxRounds: number }) {
  const { t } = useTypedTranslation('originals');
  if (auto.mode !== 'auto') return null;
  return (
    <>
      <label className={styles.field}>
        <span>{t('auto_rounds', { max: maxRounds })}</span>
        <input
          inputMode="numeric"
          value={auto.rounds}
          onChange={(e) => auto.setRounds(e.target.value)}
          data-testid="auto-rounds"
        />
      </label>
      <div className={styles.pair}>
        <label className={styles.field}>
          <span>{t('stop_profit')}</span>
          <input
            inputMode="decimal"
            value={auto.stopProfit}
            placeholder="—"
            onChange={(e) => auto.setStopProfit(e.target.value)}
            data-testid="auto-stop-profit"
          />
        </label>
        <label className={styles.field}>
          <span>{t('stop_loss')}</span>
          <input
            inputMode="decimal"
            value={auto.stopLoss}
            placeholder="—"
            onChange={(e) => auto.setStopLoss(e.target.value)}
            data-testid="auto-stop-loss"
          />
        </label>
      </div>
      <div className={styles.pair}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={auto.stopOnWin}
            onChange={(e) => auto.setStopOnWin(e.target.checked)}
            data-testid="auto-stop-win"
          />
          {t('stop_on_win')}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={auto.stopOnLose}
            onChange={(e) => auto.setStopOnLose(e.target.checked)}
            data-testid="auto-stop-lose"
          />
          {t('stop_on_lose')}
        </label>
      </div>
    </>
  );
}

/** What the last auto-bet played: its rounds, net result and why it stopped. */
export function AutoBetSummary({ auto, net }: { auto: AutoBet; net: (answer: AutoAnswer) => string }) {
  const { t } = useTypedTranslation('originals');
  if (!auto.summary) return null;
  return (
    <p className={styles.hint} role="status" data-testid="auto-summary">
      {t('auto_summary', {
        rounds: auto.summary.rounds.length,
        net: net(auto.summary),
        why: t(`auto_stop_${auto.summary.stoppedBy}`),
      })}
    </p>
  );
}
