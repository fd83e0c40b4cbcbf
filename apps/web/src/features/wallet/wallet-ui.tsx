import { useId, useState, type ReactNode } from 'react';
import { useQuery } from '../../shared/http/use-query.ts';
import { formatMoney } from '../../shared/i18n/money.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { getBalance } from '@app/contract';
import { errorText } from '../../shared/forms/error-text.ts';
import { call } from '../../shared/http/client.ts';
import { LiveKeys } from '../../shared/realtime/live-keys.ts';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { ltrText } from '../../shared/ui/ltr.tsx';
import { amountProblem } from './money.ts';
import { WALLET_NS } from './strings.ts';
import styles from './wallet.module.css';

/** The member's balances: the same query (and cache) the member bar and the live stream use. */
export function useWalletBalance() {
  return useQuery({
    queryKey: LiveKeys.balance,
    queryFn: ({ signal }) => call(getBalance, { signal }),
    staleTime: 15_000,
  });
}

/** An amount with its currency symbol, right-aligned tabular figures. */
export function Money({
  amount,
  symbol,
  precision,
  testId,
  strong,
}: {
  amount: number;
  symbol: string;
  precision: number;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <span
      className={strong ? `${styles.money} ${styles.moneyStrong}` : styles.money}
      // An amount reads left to right in every language, its sign before it (decision 044).
      dir="ltr"
      data-testid={testId}
    >
      {formatMoney(amount, { symbol, precision })}
    </span>
  );
}

export function Panel({
  title,
  aside,
  children,
  testId,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.panel} data-testid={testId}>
      <header className={styles.panelHead}>
        <h3>{title}</h3>
        {aside}
      </header>
      {children}
    </section>
  );
}

export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className={styles.hint}>{hint}</p>
      ) : null}
    </div>
  );
}

/**
 * An amount input checked with the contract's parser as the player types (after the first blur),
 * with optional preset chips. `onValid` receives the text when it parses, null otherwise.
 */
export function AmountField({
  value,
  onChange,
  limits,
  symbol,
  presets,
  label,
  showError,
  testId = 'amount',
}: {
  value: string;
  onChange: (v: string) => void;
  limits: { precision: number; min?: number; max?: number };
  symbol: string;
  presets?: number[];
  label: string;
  showError: boolean;
  testId?: string;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  const [touched, setTouched] = useState(false);
  const problem = amountProblem(value, limits, t);
  // An emptied field (after a successful send) is not an error until the next submit.
  const error = problem !== null && (showError || (touched && value.trim() !== '')) ? problem : null;
  const hint =
    limits.min !== undefined && limits.max !== undefined
      ? t('wallet_limits', {
          // Each amount isolated left to right inside the sentence ("$10.00", not "10.00$", in Arabic).
          min: ltrText(formatMoney(limits.min, { symbol, precision: limits.precision })),
          max: ltrText(formatMoney(limits.max, { symbol, precision: limits.precision })),
        })
      : undefined;
  return (
    <Field label={label} hint={hint} error={error}>
      {(id) => (
        <>
          <div className={styles.amountBox}>
            <span className={styles.symbol} aria-hidden="true">
              {symbol}
            </span>
            <input
              id={id}
              className={styles.amountInput}
              inputMode="decimal"
              autoComplete="off"
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={() => setTouched(true)}
              placeholder={limits.precision > 0 ? `0.${'0'.repeat(limits.precision)}` : '0'}
              aria-invalid={error ? true : undefined}
              data-testid={testId}
            />
          </div>
          {presets?.length ? (
            <div className={styles.presets} role="group" aria-label={t('wallet_presets')}>
              {presets.map((p) => {
                const text = String(p);
                return (
                  <button
                    key={p}
                    type="button"
                    className={styles.preset}
                    aria-pressed={value === text}
                    onClick={() => onChange(text)}
                  >
                    {formatMoney(p, { symbol, precision: 0 })}
                  </button>
                );
              })}
            </div>
          ) : null}
        </>
      )}
    </Field>
  );
}

export type Tone = 'ok' | 'bad' | 'wait' | 'info';

export function StatusBadge({
  tone,
  children,
  testId,
}: {
  tone: Tone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span className={`${styles.badge} ${styles[`badge_${tone}`]}`} data-testid={testId}>
      {children}
    </span>
  );
}

export function Notice({
  tone = 'info',
  children,
  testId,
}: {
  tone?: Tone;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`${styles.notice} ${styles[`notice_${tone}`]}`}
      role={tone === 'bad' ? 'alert' : 'status'}
      data-testid={testId}
    >
      {children}
    </div>
  );
}

/** `yyyy-MM-dd HH:mm`, isolated left to right on a right-to-left page (decision 044). */
export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return ltrText(
    `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`,
  );
}

/**
 * What stands in for a query's answer until it has one: a spinner while it loads, else why it
 * failed with a retry. Drawn where the query is not (yet) a success.
 */
export function QueryProblem({
  query,
  minHeight,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  minHeight: number;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  return query.isPending ? (
    <LoadingState minHeight={minHeight} />
  ) : (
    <ErrorState
      message={errorText(query.error, t)}
      onRetry={() => void query.refetch()}
      minHeight={minHeight}
    />
  );
}

/** Why a call (a mutation's error) failed, in the catalogue's words; nothing while it has not. */
export function FailureNotice({ error }: { error: unknown }) {
  const { t } = useTypedTranslation(WALLET_NS);
  return error ? <Notice tone="bad">{errorText(error, t)}</Notice> : null;
}
