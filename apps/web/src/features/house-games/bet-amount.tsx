import { useState } from 'react';
import type { HouseState } from '@app/contract';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import styles from './originals.module.css';

type Limits = NonNullable<HouseState['limits']>;

/** The originals' limits as the server sent them, or decision 046's defaults. */
export function originalLimits(state: HouseState): Limits {
  return state.limits ?? { minBet: 0.1, maxBet: 1000, maxWin: 100000, autoBetMaxRounds: 100 };
}

/**
 * The amount of an original's bet field (decision 046): the text as typed, starting at 1 (or the
 * min bet when that is more), with the page's limits and currency symbol for the field.
 */
export function useBetAmount(state: HouseState) {
  const limits = originalLimits(state);
  const [value, setValue] = useState(String(Math.max(limits.minBet, 1)));
  return { value, setValue, major: Number(value), limits, currencySymbol: state.currencySymbol };
}
export type BetAmount = ReturnType<typeof useBetAmount>;

/**
 * The originals' bet field (decision 046): the amount in major units, ½ and 2× within the
 * originals' min and max bet, to the cent. One field for the pages that take a bet or a chip value
 * (Dice to Sic Bo, HiLo, Baccarat, Blackjack); `label` names what the amount is (a bet, a chip's value).
 */
export function BetAmountField({
  label,
  amount,
  disabled = false,
}: {
  label: string;
  amount: BetAmount;
  disabled?: boolean;
}) {
  const { t } = useTypedTranslation('originals');
  const { value, setValue, major, limits, currencySymbol } = amount;
  const half = () => setValue(String(Math.max(limits.minBet, Math.floor((major / 2) * 100) / 100)));
  const double = () => setValue(String(Math.min(limits.maxBet, Math.round(major * 2 * 100) / 100)));
  return (
    <label className={styles.field}>
      <span>
        {label} <small>({currencySymbol})</small>
      </span>
      <div className={styles.betRow}>
        <input
          inputMode="decimal"
          value={value}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value)}
          data-testid="bet-amount"
        />
        <button type="button" onClick={half} disabled={disabled} aria-label={t('half')}>
          ½
        </button>
        <button type="button" onClick={double} disabled={disabled} aria-label={t('double')}>
          2×
        </button>
      </div>
    </label>
  );
}
