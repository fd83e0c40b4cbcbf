import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { checkAmount, newRequestId } from './money.ts';
import { WALLET_NS } from './strings.ts';
import { AmountField, Field } from './wallet-ui.tsx';

export interface AmountLimits {
  precision: number;
  min?: number;
  max?: number;
}

/**
 * The state every money form shares (deposit, withdraw, transfer, transfer to upline): the amount
 * text, the payment password when the call needs one, whether a send was tried (errors show from
 * then on) and the request's idempotency key, which a successful send replaces.
 */
export function useMoneyForm(opts: { limits: AmountLimits; withPassword: boolean; keyPrefix: string }) {
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [requestId, setRequestId] = useState(() => newRequestId(opts.keyPrefix));
  return {
    amount,
    setAmount,
    password,
    setPassword,
    submitted,
    requestId,
    limits: opts.limits,
    withPassword: opts.withPassword,
    /** The amount as sent (trimmed). */
    amountText: amount.trim(),
    /** Marks the form tried and answers whether the amount (and password) may be sent. */
    attempt(othersOk = true): boolean {
      setSubmitted(true);
      return checkAmount(amount, opts.limits).ok && (!opts.withPassword || password !== '') && othersOk;
    },
    /** After a successful send: an empty form and a new idempotency key for the next one. */
    sent(): void {
      setAmount('');
      setPassword('');
      setSubmitted(false);
      setRequestId(newRequestId(opts.keyPrefix));
    },
  };
}

export type MoneyForm = ReturnType<typeof useMoneyForm>;

/**
 * The amount field (with limits, presets and the contract's checks) and, when the call needs it,
 * the payment password field: one group for every money page.
 */
export function MoneyFields({
  form,
  symbol,
  presets,
  amountTestId,
  passwordTestId,
}: {
  form: MoneyForm;
  symbol: string;
  presets?: number[];
  amountTestId?: string;
  passwordTestId?: string;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  return (
    <>
      <AmountField
        label={t('wallet_amount')}
        value={form.amount}
        onChange={form.setAmount}
        limits={form.limits}
        symbol={symbol}
        {...(presets ? { presets } : {})}
        {...(amountTestId ? { testId: amountTestId } : {})}
        showError={form.submitted}
      />
      {form.withPassword ? (
        <Field
          label={t('wallet_payment_password')}
          error={form.submitted && !form.password ? t('wallet_password_required') : null}
        >
          {(id) => (
            <input
              id={id}
              type="password"
              autoComplete="off"
              maxLength={64}
              value={form.password}
              onChange={(e) => form.setPassword(e.target.value)}
              data-testid={passwordTestId}
            />
          )}
        </Field>
      ) : null}
    </>
  );
}
