import styles from './balls.module.css';

/** The numbers of a published result: "01,05,11" or a bare digit string "36912". */
export function splitWinNo(winNo: string): string[] {
  const trimmed = winNo.trim();
  if (!trimmed) return [];
  return trimmed.includes(',') ? trimmed.split(',').map((s) => s.trim()) : [...trimmed];
}

const PK10_COLOURS = 10;

/**
 * A result as balls. Dice faces for K3, PK10's ten coloured cars, and for the long results (VN's
 * 27 or 18 numbers, 4D's 23) the first `max` with a count of the rest.
 */
export function Balls({
  winNo,
  family,
  size = 'md',
  max,
  label,
  lead = false,
}: {
  winNo: string;
  family?: string;
  size?: 'sm' | 'md' | 'lg';
  max?: number;
  label?: string;
  /** Mark the first number (the Vietnamese special prize). */
  lead?: boolean;
}) {
  const balls = splitWinNo(winNo);
  const shown = max && balls.length > max ? balls.slice(0, max) : balls;
  const rest = balls.length - shown.length;
  const kind = family?.toUpperCase() ?? '';
  return (
    <span
      className={styles.balls}
      // A result reads left to right in every language (decision 044).
      dir="ltr"
      data-size={size}
      data-family={kind}
      aria-label={label ? `${label}: ${balls.join(' ')}` : balls.join(' ')}
      role="img"
    >
      {shown.map((b, i) =>
        kind === 'K3' ? (
          <Die key={i} value={Number(b)} />
        ) : (
          <span
            key={i}
            className={styles.ball}
            data-long={b.length > 2 ? '' : undefined}
            data-lead={lead && i === 0 ? '' : undefined}
            data-colour={kind === 'PK10' ? ((Number(b) - 1) % PK10_COLOURS) + 1 : undefined}
          >
            {b}
          </span>
        ),
      )}
      {rest > 0 ? <span className={styles.more}>+{rest}</span> : null}
    </span>
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [1, 3],
    [3, 1],
    [3, 3],
  ],
  5: [
    [1, 1],
    [1, 3],
    [2, 2],
    [3, 1],
    [3, 3],
  ],
  6: [
    [1, 1],
    [1, 3],
    [2, 1],
    [2, 3],
    [3, 1],
    [3, 3],
  ],
};

/** A die face drawn with its pips (K3). */
export function Die({ value }: { value: number }) {
  return (
    <svg className={styles.die} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="1" y="1" width="22" height="22" rx="5" />
      {(PIPS[value] ?? []).map(([r, c], i) => (
        <circle
          key={i}
          cx={c * 6}
          cy={r * 6}
          r={2.1}
          data-red={value === 1 || value === 4 ? '' : undefined}
        />
      ))}
    </svg>
  );
}
