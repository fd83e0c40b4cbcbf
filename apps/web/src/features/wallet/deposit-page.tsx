import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { DepositChannel, DepositOrder, DepositStatus } from '@app/contract';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { WalletIcon } from '../../shared/ui/icons.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import { useCancelDeposit, useCreateDeposit, useDepositChannels, useDepositOrders } from './api.ts';
import { WALLET_NS } from './strings.ts';
import {
  FailureNotice,
  Field,
  formatTime,
  Money,
  Notice,
  Panel,
  QueryProblem,
  StatusBadge,
  useWalletBalance,
  type Tone,
} from './wallet-ui.tsx';
import { MoneyFields, useMoneyForm } from './money-form.tsx';
import styles from './wallet.module.css';
import { Isolate, Ltr, ltrMessage } from '../../shared/ui/ltr.tsx';

const statusTone: Record<DepositStatus, Tone> = {
  PENDING: 'wait',
  SUCCESS: 'ok',
  REJECTED: 'bad',
  FAILED: 'bad',
  CANCELLED: 'info',
};

/**
 * Deposit (depositv2, WD-02): the channels the operator configured, each with its limits and
 * preset amounts. A bank transfer shows the merchant's account and takes the player's reference;
 * the order waits for the operator. The sandbox gateway opens its payment page in a new tab; the
 * balance here updates through the live stream when the gateway's callback credits it.
 */
export function DepositPage() {
  const { t } = useTypedTranslation(WALLET_NS);
  const channels = useDepositChannels();
  const balance = useWalletBalance();
  const [code, setCode] = useState<string | null>(null);

  if (!channels.isSuccess) return <QueryProblem query={channels} minHeight={360} />;
  const { currencySymbol: symbol, precision } = channels.data;
  const list = channels.data.channels;
  const channel = list.find((c) => c.code === code) ?? list[0];

  return (
    <div className={styles.page} data-testid="deposit-page">
      <div className={styles.columns}>
        <Panel
          title={t('deposit_title')}
          aside={
            balance.data ? (
              <span className={styles.itemMeta}>
                {t('wallet_balance')}{' '}
                <Money
                  amount={balance.data.sumBalance}
                  symbol={symbol}
                  precision={precision}
                  testId="deposit-balance"
                />
              </span>
            ) : null
          }
        >
          {!channel ? (
            <EmptyState icon={<WalletIcon size={28} />} title={t('deposit_no_channels')} minHeight={240}>
              {t('deposit_no_channels_text')}
            </EmptyState>
          ) : (
            <>
              <div className={styles.tabs} role="group" aria-label={t('deposit_channel')}>
                {list.map((c) => (
                  <button
                    key={c.code}
                    type="button"
                    className={styles.tab}
                    aria-pressed={c.code === channel.code}
                    onClick={() => setCode(c.code)}
                    data-testid={`channel-${c.code}`}
                  >
                    <strong>{c.name}</strong>
                    <small>
                      {t(c.type === 'BANK_TRANSFER' ? 'deposit_type_bank' : 'deposit_type_gateway')}
                    </small>
                  </button>
                ))}
              </div>
              <DepositForm key={channel.code} channel={channel} symbol={symbol} precision={precision} />
            </>
          )}
        </Panel>
        <RecentDeposits symbol={symbol} precision={precision} />
      </div>
    </div>
  );
}

function DepositForm({
  channel,
  symbol,
  precision,
}: {
  channel: DepositChannel;
  symbol: string;
  precision: number;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  const create = useCreateDeposit();
  const [reference, setReference] = useState('');
  const [done, setDone] = useState<DepositOrder | null>(null);
  const bank = channel.type === 'BANK_TRANSFER';
  const form = useMoneyForm({
    limits: { precision, min: channel.minAmount, max: channel.maxAmount },
    withPassword: false,
    keyPrefix: 'dep',
  });
  const submitted = form.submitted;
  const refMissing = bank && reference.trim() === '';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.attempt(!refMissing)) return;
    // A gateway tab opened now, inside the click, is not blocked as a popup; it is pointed at the
    // payment page once the order exists.
    const tab = bank ? null : window.open('', '_blank');
    create.mutate(
      {
        channelCode: channel.code,
        amount: form.amountText,
        ...(bank ? { payerReference: reference.trim() } : {}),
        idempotencyKey: form.requestId,
      },
      {
        onSuccess: (order) => {
          setDone(order);
          setReference('');
          form.sent();
          if (order.redirectUrl) {
            if (tab) tab.location.href = order.redirectUrl;
            else window.location.assign(order.redirectUrl);
          }
        },
        onError: () => tab?.close(),
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {bank && channel.bankAccount ? (
        <>
          <p className={styles.hint}>{t('deposit_bank_intro')}</p>
          <dl className={styles.facts} data-testid="merchant-account">
            <dt>{t('deposit_bank_name')}</dt>
            <dd>
              <Isolate>{channel.bankAccount.bankName}</Isolate>
            </dd>
            <dt>{t('deposit_account_name')}</dt>
            <dd>
              <Isolate>{channel.bankAccount.accountName}</Isolate>
            </dd>
            <dt>{t('deposit_account_number')}</dt>
            <dd>
              <Ltr>{channel.bankAccount.accountNumber}</Ltr>
            </dd>
            {channel.bankAccount.branch ? (
              <>
                <dt>{t('deposit_branch')}</dt>
                <dd>
                  <Isolate>{channel.bankAccount.branch}</Isolate>
                </dd>
              </>
            ) : null}
          </dl>
        </>
      ) : (
        <p className={styles.hint}>{t('deposit_gateway_intro')}</p>
      )}
      <MoneyFields form={form} symbol={symbol} presets={channel.presetAmounts} />
      {bank ? (
        <Field
          label={t('deposit_reference')}
          hint={t('deposit_reference_hint')}
          error={submitted && refMissing ? t('deposit_reference_required') : null}
        >
          {(id) => (
            <input
              id={id}
              value={reference}
              maxLength={100}
              onChange={(e) => setReference(e.target.value)}
              data-testid="deposit-reference"
            />
          )}
        </Field>
      ) : null}
      <FailureNotice error={create.error} />
      {done && !create.isPending ? (
        <Notice tone={done.status === 'SUCCESS' ? 'ok' : 'wait'} testId="deposit-done">
          {done.channelType === 'BANK_TRANSFER'
            ? ltrMessage(t, 'deposit_done_bank', { orderNo: done.orderNo })
            : ltrMessage(t, 'deposit_done_gateway', { orderNo: done.orderNo })}
        </Notice>
      ) : null}
      <BusyButton
        busy={create.isPending}
        disabled={create.isPending}
        type="submit"
        size="lg"
        data-testid="deposit-submit"
      >
        {t(bank ? 'deposit_submit_bank' : 'deposit_submit_gateway')}
      </BusyButton>
    </form>
  );
}

function RecentDeposits({ symbol, precision }: { symbol: string; precision: number }) {
  const { t } = useTypedTranslation(WALLET_NS);
  const orders = useDepositOrders();
  const cancel = useCancelDeposit();
  return (
    <Panel title={t('deposit_recent')} testId="deposit-recent">
      {!orders.isSuccess ? (
        <QueryProblem query={orders} minHeight={200} />
      ) : !orders.data.items.length ? (
        <EmptyState icon={<WalletIcon size={28} />} title={t('deposit_recent_empty')} minHeight={200} />
      ) : (
        <ul className={styles.list}>
          {orders.data.items.map((o) => (
            <li key={o.orderNo} className={styles.item} data-testid="deposit-order" data-order={o.orderNo}>
              <div>
                <div className={styles.itemTitle}>{o.channelName}</div>
                <div className={styles.itemMeta}>
                  {formatTime(o.createdAt)} · {o.orderNo}
                  {o.payerReference ? ` · ${t('deposit_ref_short')} ${o.payerReference}` : ''}
                </div>
                {o.note ? <div className={styles.itemMeta}>{o.note}</div> : null}
                {o.status === 'PENDING' ? (
                  <div className={styles.actions}>
                    {o.redirectUrl ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => window.open(o.redirectUrl!, '_blank')}
                      >
                        {t('deposit_pay_now')}
                      </Button>
                    ) : null}
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate(o.orderNo)}
                    >
                      {t('deposit_cancel')}
                    </Button>
                  </div>
                ) : null}
              </div>
              <div className={styles.itemEnd}>
                <Money amount={o.amount} symbol={symbol} precision={precision} />
                <StatusBadge tone={statusTone[o.status]} testId="deposit-status">
                  {t(`deposit_status_${o.status}`)}
                </StatusBadge>
              </div>
            </li>
          ))}
        </ul>
      )}
      <FailureNotice error={cancel.error} />
    </Panel>
  );
}
