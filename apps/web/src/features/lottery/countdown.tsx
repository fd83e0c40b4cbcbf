import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { TFunction } from '../../shared/i18n/translator.ts';
import { formatCountdown, useClock } from './clock.ts';
import type { OpenNumero } from './model.ts';
import { LOTTERY_NS } from './strings.ts';
import styles from './lottery.module.css';

/**
 * The time left to bet on a numero: sales close `lockTime` before the draw (research §1). Past
 * the close it says the numero is drawing until the next one arrives.
 */
export function Countdown({ numero, size = 'md' }: { numero?: OpenNumero; size?: 'md' | 'lg' }) {
  const { t } = useTypedTranslation(LOTTERY_NS);
  return <LobbyCountdown numero={numero} size={size} t={t} />;
}

/**
 * The countdown with the lottery strings handed in: a lobby of about 45 cards translates once,
 * in the lobby, instead of each card's countdown subscribing to the translator on its own.
 */
export function LobbyCountdown({
  numero,
  size = 'md',
  t,
}: {
  numero?: OpenNumero;
  size?: 'md' | 'lg';
  t: TFunction;
}) {
  // Whole seconds to the close: the countdown renders when the second it shows changes, not on
  // each of the clock's four ticks a second.
  const secondsLeft = useClock((now) => (numero ? Math.max(0, Math.ceil((numero.closeAt - now) / 1000)) : 0));
  if (!numero)
    return (
      <span className={styles.countdown} data-size={size} data-state="none">
        --:--
      </span>
    );
  const left = secondsLeft * 1000;
  const closed = secondsLeft === 0 || !numero.isSale;
  return (
    <span
      className={styles.countdown}
      data-size={size}
      data-state={closed ? 'closed' : secondsLeft <= 10 ? 'last' : 'open'}
      role="timer"
      aria-label={closed ? t('drawing') : t('closes_in', { time: formatCountdown(left) })}
    >
      {closed ? t('drawing') : formatCountdown(left)}
    </span>
  );
}
