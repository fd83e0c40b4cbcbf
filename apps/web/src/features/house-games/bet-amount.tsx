import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import styles from './originals.module.css';

/**
 * The originals' bet field (decision 046): the amount in major units, ½ and 2× within the
 * originals' min and max bet, to the cent. One field for the pages that take a bet or a chip value
 * (Dice to Sic Bo, HiLo, Baccarat); `label` names what the amount is (a bet, a chip's value).
 */
export function BetAmountField({
  label,
  currencySymbol,
  value,
  onChange,
  limits,
  disabled = false,
}: {
  label: string;
  currencySymbol: string;
  value: string;
  onChange: (next: string) => void;
  limits: { minBet: number; maxBet: number };
  disabled?: boolean;
}) {
  const { t } = useTypedTranslation('originals');
  const major = Number(value);
  const half = () => onChange(String(Math.max(limits.minBet, Math.floor((major / 2) * 100) / 100)));
  const double = () => onChange(String(Math.min(limits.maxBet, Math.round(major * 2 * 100) / 100)));
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
          onChange={(e) => onChange(e.target.value)}
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
