import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import walletEn from '../../locales/wallet/en.json';
import { i18n } from '../../shared/i18n/i18n.ts';
import { setupShell } from '../../test/shell-harness.tsx';
import { MoneyFields, useMoneyForm, type MoneyForm } from './money-form.tsx';

let form!: MoneyForm;

// The test reads the hook's live state through `expose`, called on every render.
function Harness({ withPassword, expose }: { withPassword: boolean; expose: (form: MoneyForm) => void }) {
  const live = useMoneyForm({ limits: { precision: 2, min: 100, max: 500 }, withPassword, keyPrefix: 'tst' });
  expose(live);
  return (
    <MoneyFields
      form={live}
      symbol="$"
      presets={[100, 200]}
      amountTestId="amount"
      passwordTestId="password"
    />
  );
}

describe('the shared money fields', () => {
  beforeAll(async () => {
    await setupShell();
    i18n.addResourceBundle('en', 'wallet', walletEn);
  });

  it('amount with limits and presets, the payment password when the call needs it; a send is refused until both are right, and a sent form starts over with a new key', () => {
    render(<Harness withPassword expose={(f) => (form = f)} />);
    expect(screen.getByLabelText('Amount')).toBeInTheDocument();
    // Left to right the sentence carries no isolate marks (they are for right-to-left pages, LN-07).
    expect(screen.getByText('From $100.00 to $500.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Payment password')).toHaveAttribute('type', 'password');

    // Nothing typed: both fields say what is missing once a send is tried.
    let ok = true;
    act(() => void (ok = form.attempt()));
    expect(ok).toBe(false);
    expect(screen.getByText('Enter your payment password')).toBeInTheDocument();
    expect(screen.getByTestId('amount')).toHaveAttribute('aria-invalid', 'true');

    // Too many decimals, then a preset; the password makes it sendable.
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '150.555' } });
    act(() => void (ok = form.attempt()));
    expect(ok).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '$200' }));
    expect(form.amountText).toBe('200');
    fireEvent.change(screen.getByTestId('password'), { target: { value: '135790' } });
    act(() => void (ok = form.attempt()));
    expect(ok).toBe(true);
    // Another check of the page (say, a missing reference) still stops the send.
    act(() => void (ok = form.attempt(false)));
    expect(ok).toBe(false);

    const key = form.requestId;
    act(() => form.sent());
    expect(form.amount).toBe('');
    expect(form.password).toBe('');
    expect(form.submitted).toBe(false);
    expect(form.requestId).not.toBe(key);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a password the group is the amount field alone', () => {
    render(<Harness withPassword={false} expose={(f) => (form = f)} />);
    expect(screen.queryByLabelText('Payment password')).toBeNull();
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '120' } });
    let ok = false;
    act(() => void (ok = form.attempt()));
    expect(ok).toBe(true);
  });
});
