import { useState } from 'react';
import { formatMoney } from '../../shared/i18n/money.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { UsersIcon } from '../../shared/ui/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useTransferToUpline, useUplineInfo } from './api.ts';
import { WALLET_NS } from './strings.ts';
import { FailureNotice, Money, Notice, Panel, useWalletBalance } from './wallet-ui.tsx';
import { MoneyFields, useMoneyForm } from './money-form.tsx';
import styles from './wallet.module.css';

/**
 * Transfer to upline (transferUpline, WD-04): from the main wallet to the member's upline, with the
 * payment password (an encrypted call). Where the switch is off or there is no upline, the page says so.
 */
export function UplinePage() {
  const { t } = useTypedTranslation(WALLET_NS);
  const info = useUplineInfo();
  const balance = useWalletBalance();

  if (info.isPending || balance.isPending) return <LoadingState minHeight={360} />;
  const failed = info.error ?? balance.error;
  if (failed || !info.data || !balance.data)
    return (
      <ErrorState
        message={errorText(failed, t)}
        onRetry={() => {
          void info.refetch();
          void balance.refetch();
        }}
        minHeight={360}
      />
    );
  const { allowed, upline, hasPaymentPassword } = info.data;
  if (!upline || !allowed)
    return (
      <div className={styles.page} data-testid="upline-page">
        <EmptyState
          icon={<UsersIcon size={28} />}
          title={t(!upline ? 'upline_none_title' : 'upline_off_title')}
          minHeight={260}
        >
          <span data-testid="upline-unavailable">{t(!upline ? 'upline_none_text' : 'upline_off_text')}</span>
        </EmptyState>
      </div>
    );
  const main = balance.data.balance.find((w) => w.accountTypeId === 1)?.availBalance ?? 0;
  const money = { symbol: balance.data.currencySymbol, precision: balance.data.precision };
  return (
    <div className={styles.page} data-testid="upline-page">
      <Panel
        title={t('upline_form_title')}
        aside={
          <span className={styles.itemMeta}>
            {t('upline_main')} <Money amount={main} {...money} />
          </span>
        }
      >
        <dl className={styles.facts}>
          <dt>{t('upline_to')}</dt>
          <dd data-testid="upline-name">
            {upline.nickname ? `${upline.nickname} (${upline.account})` : upline.account}
          </dd>
        </dl>
        {hasPaymentPassword ? (
          <UplineForm main={main} money={money} />
        ) : (
          <Notice tone="wait">{t('withdraw_no_password')}</Notice>
        )}
      </Panel>
    </div>
  );
}

function UplineForm({ main, money }: { main: number; money: { symbol: string; precision: number } }) {
  const { t } = useTypedTranslation(WALLET_NS);
  const send = useTransferToUpline();
  const [done, setDone] = useState<string | null>(null);
  const step = 10 ** -money.precision;
  const form = useMoneyForm({
    limits: { precision: money.precision, min: step, max: Math.max(main, step) },
    withPassword: true,
    keyPrefix: 'up',
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.attempt()) return;
    send.mutate(
      { amount: form.amountText, paymentPassword: form.password, idempotencyKey: form.requestId },
      {
        onSuccess: (m) => {
          setDone(formatMoney(m.amount, money));
          form.sent();
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <MoneyFields form={form} symbol={money.symbol} passwordTestId="upline-password" />
      <FailureNotice error={send.error} />
      {done && !send.isPending ? <Notice tone="ok">{t('upline_done', { amount: done })}</Notice> : null}
      <BusyButton
        busy={send.isPending}
        disabled={send.isPending || main <= 0}
        type="submit"
        size="lg"
        data-testid="upline-submit"
      >
        {t('upline_submit')}
      </BusyButton>
    </form>
  );
}
