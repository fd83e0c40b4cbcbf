import { useState } from 'react';
import { formatMoney } from '../../shared/i18n/money.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useMerchantWallet, useWalletTransfer } from './api.ts';
import { WALLET_NS } from './strings.ts';
import { FailureNotice, Field, Money, Notice, Panel, useWalletBalance } from './wallet-ui.tsx';
import { MoneyFields, useMoneyForm } from './money-form.tsx';
import styles from './wallet.module.css';

/**
 * My wallet (transferFund, WD-01): every wallet and its balance; when the merchant keeps a wallet
 * per game vendor (GCS_merchantWallet isSingle false, WD-06), money moves between the main wallet
 * and a vendor's (GCS_walletTransfer, WD-05); a single-wallet site says one wallet serves every game.
 */
export function TransferPage() {
  const { t } = useTypedTranslation(WALLET_NS);
  const balance = useWalletBalance();
  const merchant = useMerchantWallet();

  if (balance.isPending || merchant.isPending) return <LoadingState minHeight={360} />;
  const failed = balance.error ?? merchant.error;
  if (failed || !balance.data || !merchant.data)
    return (
      <ErrorState
        message={errorText(failed, t)}
        onRetry={() => {
          void balance.refetch();
          void merchant.refetch();
        }}
        minHeight={360}
      />
    );
  const b = balance.data;
  const money = { symbol: b.currencySymbol, precision: b.precision };

  return (
    <div className={styles.page} data-testid="transfer-page">
      <Panel
        title={t('wallet_title')}
        aside={
          <span className={styles.itemMeta}>
            {t('wallet_total')} <Money amount={b.sumBalance} {...money} strong testId="wallet-total" />
          </span>
        }
      >
        <div className={styles.wallets}>
          {b.balance.map((w) => (
            <div key={w.accountTypeId} className={styles.wallet} data-testid={`wallet-${w.accountType}`}>
              <span>{w.name}</span>
              <Money amount={w.availBalance} {...money} />
            </div>
          ))}
        </div>
      </Panel>
      {merchant.data.isSingle ? (
        <Notice testId="single-wallet">{t('wallet_single')}</Notice>
      ) : (
        <TransferForm
          wallets={merchant.data.wallets}
          balances={new Map(b.balance.map((w) => [w.accountTypeId, w.availBalance]))}
          money={money}
        />
      )}
    </div>
  );
}

function TransferForm({
  wallets,
  balances,
  money,
}: {
  wallets: { accountTypeId: number; name: string }[];
  balances: Map<number, number>;
  money: { symbol: string; precision: number };
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  const transfer = useWalletTransfer();
  const main = wallets[0]!;
  const [from, setFrom] = useState(main.accountTypeId);
  const [to, setTo] = useState(wallets[1]?.accountTypeId ?? main.accountTypeId);
  const [done, setDone] = useState<string | null>(null);
  const available = balances.get(from) ?? 0;
  const empty = available <= 0;
  // An empty source wallet has no range to show ("from 0.01 to 0.01" would only confuse).
  const form = useMoneyForm({
    limits: empty
      ? { precision: money.precision }
      : { precision: money.precision, min: 10 ** -money.precision, max: available },
    withPassword: false,
    keyPrefix: 'wt',
  });
  const same = from === to;
  // Money moves between the main wallet and one vendor wallet; choosing a vendor on one side puts main on the other.
  const pickFrom = (id: number) => {
    setFrom(id);
    if (id !== main.accountTypeId) setTo(main.accountTypeId);
    else if (to === main.accountTypeId) setTo(wallets[1]?.accountTypeId ?? id);
  };
  const pickTo = (id: number) => {
    setTo(id);
    if (id !== main.accountTypeId) setFrom(main.accountTypeId);
    else if (from === main.accountTypeId) setFrom(wallets[1]?.accountTypeId ?? id);
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.attempt(!same)) return;
    transfer.mutate(
      {
        fromAccountTypeId: from,
        toAccountTypeId: to,
        amount: form.amountText,
        idempotencyKey: form.requestId,
      },
      {
        onSuccess: (m) => {
          setDone(formatMoney(m.amount, money));
          form.sent();
        },
      },
    );
  };

  const select = (value: number, onChange: (id: number) => void, testId: string) => (id: string) => (
    <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId}>
      {wallets.map((w) => (
        <option key={w.accountTypeId} value={w.accountTypeId}>
          {w.name} ({formatMoney(balances.get(w.accountTypeId) ?? 0, money)})
        </option>
      ))}
    </select>
  );

  return (
    <Panel title={t('transfer_title')} testId="transfer-form">
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.columns}>
          <Field label={t('transfer_from')}>{select(from, pickFrom, 'transfer-from')}</Field>
          <Field label={t('transfer_to')} error={same ? t('transfer_same') : null}>
            {select(to, pickTo, 'transfer-to')}
          </Field>
        </div>
        <MoneyFields form={form} symbol={money.symbol} />
        <div className={styles.actions}>
          <BusyButton
            variant="ghost"
            busy={false}
            disabled={available <= 0}
            onClick={() => form.setAmount(String(available))}
          >
            {t('transfer_all')}
          </BusyButton>
        </div>
        {empty ? <Notice tone="wait">{t('transfer_empty')}</Notice> : null}
        <FailureNotice error={transfer.error} />
        {done && !transfer.isPending ? (
          <Notice tone="ok">{t('transfer_done', { amount: done })}</Notice>
        ) : null}
        <BusyButton
          busy={transfer.isPending}
          disabled={transfer.isPending || same || empty}
          type="submit"
          size="lg"
          data-testid="transfer-submit"
        >
          {t('transfer_submit')}
        </BusyButton>
      </form>
    </Panel>
  );
}
