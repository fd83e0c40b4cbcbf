import { useState } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import {
  WithdrawConfirmResults,
  WithdrawProofLimits,
  WITHDRAW_REMARK_MAX,
  type MemberBankAccount,
  type Withdrawal,
  type WithdrawStatus,
} from '@app/contract';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { ArrowLeftIcon, WalletIcon } from '../../shared/ui/icons.tsx';
import { EmptyState } from '../../shared/ui/states.tsx';
import {
  useCancelWithdraw,
  useConfirmPayout,
  useSubmitWithdraw,
  useWithdrawal,
  useWithdrawals,
  useWithdrawSettings,
} from './api.ts';
import {
  BankOptions,
  checkBankAccount,
  useAddBankAccount,
  useBanks,
  useMemberProfile,
} from '../profile/index.ts';
import { checkAmount, checkProofFiles } from './money.ts';
import { WALLET_NS } from './strings.ts';
import {
  AmountField,
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
import { Isolate, isolateText, Ltr, ltrMessage, ltrText } from '../../shared/ui/ltr.tsx';

const statusTone: Record<WithdrawStatus, Tone> = {
  PENDING: 'wait',
  APPROVED: 'info',
  REJECTED: 'bad',
  CANCELLED: 'info',
  PAID: 'wait',
  RECEIVED: 'ok',
  PARTLY_RECEIVED: 'bad',
  NOT_RECEIVED: 'bad',
  REFUNDED: 'ok',
};

/**
 * Withdraw (WD-03): a bound bank account first (masked everywhere), then amount and payment
 * password, sent encrypted (SY-30); the limits and today's count from the server. Each request has
 * its timeline; a paid one asks the player to confirm what arrived, with proof images (WD-07…WD-09).
 */
export function WithdrawPage() {
  const { t } = useTypedTranslation(WALLET_NS);
  const settings = useWithdrawSettings();
  const balance = useWalletBalance();
  const [openId, setOpenId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  // A payout waiting for the player's answer is named at the top: on a phone the form comes first.
  const waiting = useWithdrawals().data?.list.find((w) => w.canConfirm);

  if (!settings.isSuccess) return <QueryProblem query={settings} minHeight={360} />;
  const s = settings.data;
  const symbol = balance.data?.currencySymbol ?? '';
  const money = { symbol, precision: s.precision };
  const needsBank = s.bankAccounts.length === 0 || adding;

  return (
    <div className={styles.page} data-testid="withdraw-page">
      {waiting && openId !== waiting.id ? (
        <Notice tone="wait" testId="withdraw-waiting">
          <div className={styles.actions} style={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <span>{ltrMessage(t, 'withdraw_waiting', { orderNo: waiting.orderNo })}</span>
            <Button size="sm" onClick={() => setOpenId(waiting.id)}>
              {t('withdraw_waiting_open')}
            </Button>
          </div>
        </Notice>
      ) : null}
      <div className={styles.columns}>
        <Panel
          title={needsBank ? t('bank_bind_title') : t('withdraw_title')}
          aside={
            <span className={styles.itemMeta}>
              {t('withdraw_available')}{' '}
              <Money amount={s.availableBalance} {...money} testId="withdraw-available" />
            </span>
          }
        >
          {needsBank ? (
            <BindBankForm
              first={s.bankAccounts.length === 0}
              onDone={() => setAdding(false)}
              onCancel={s.bankAccounts.length ? () => setAdding(false) : undefined}
            />
          ) : (
            <WithdrawForm settings={s} money={money} onAddBank={() => setAdding(true)} onDone={setOpenId} />
          )}
        </Panel>
        {openId !== null ? (
          <WithdrawalDetailPanel id={openId} money={money} onBack={() => setOpenId(null)} />
        ) : (
          <WithdrawalList money={money} onOpen={setOpenId} />
        )}
      </div>
    </div>
  );
}

type MoneyFormat = { symbol: string; precision: number };

function BindBankForm({
  first,
  onDone,
  onCancel,
}: {
  first: boolean;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  const banks = useBanks();
  const add = useAddBankAccount();
  const [bankCode, setBankCode] = useState('');
  const [payeeName, setPayeeName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { errors, ok, body } = checkBankAccount(
    { payeeName, bankCode, number: accountNumber },
    banks.data,
    t,
    t('bank_payee_invalid'),
  );

  if (!banks.isSuccess) return <QueryProblem query={banks} minHeight={240} />;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!ok) return;
    add.mutate(body, { onSuccess: onDone });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="bind-bank">
      {first ? <Notice>{t('bank_bind_intro')}</Notice> : null}
      <Field label={t('bank_payee')} hint={t('bank_payee_hint')} error={submitted ? errors.payee : null}>
        {(id) => (
          <input
            id={id}
            value={payeeName}
            maxLength={200}
            autoComplete="name"
            onChange={(e) => setPayeeName(e.target.value)}
            data-testid="bank-payee"
          />
        )}
      </Field>
      <Field label={t('bank_bank')} error={submitted ? errors.bank : null}>
        {(id) => (
          <select
            id={id}
            value={bankCode}
            onChange={(e) => setBankCode(e.target.value)}
            data-testid="bank-select"
          >
            <BankOptions banks={banks.data} chooseLabel={t('bank_choose')} />
          </select>
        )}
      </Field>
      <Field label={t('bank_number')} error={submitted ? errors.number : null}>
        {(id) => (
          <input
            id={id}
            value={accountNumber}
            inputMode="numeric"
            autoComplete="off"
            maxLength={64}
            onChange={(e) => setAccountNumber(e.target.value)}
            data-testid="bank-number"
          />
        )}
      </Field>
      <FailureNotice error={add.error} />
      <div className={styles.actions}>
        <BusyButton
          busy={add.isPending}
          disabled={add.isPending}
          type="submit"
          size="lg"
          data-testid="bank-submit"
        >
          {t('bank_submit')}
        </BusyButton>
        {onCancel ? (
          <Button variant="ghost" size="lg" onClick={onCancel}>
            {t('wallet_cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function accountLabel(a: MemberBankAccount) {
  // Each part isolated: a Latin name keeps its full stop, the number reads left to right (decision 044).
  return `${isolateText(a.bankName)} · ${ltrText(a.accountNumber)} · ${isolateText(a.payeeName)}`;
}

function WithdrawForm({
  settings: s,
  money,
  onAddBank,
  onDone,
}: {
  settings: NonNullable<ReturnType<typeof useWithdrawSettings>['data']>;
  money: MoneyFormat;
  onAddBank: () => void;
  onDone: (id: number) => void;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  const submitW = useSubmitWithdraw();
  // The member's default account (the profile answers it, else the oldest) until one is chosen here.
  const defaultId = useMemberProfile().data?.bankAccount?.id;
  const [chosenId, setAccountId] = useState<number | null>(null);
  const accountId = chosenId ?? s.bankAccounts.find((a) => a.id === defaultId)?.id ?? s.bankAccounts[0]!.id;
  const max = Math.min(s.maxAmount, s.availableBalance);
  const form = useMoneyForm({
    limits: { precision: s.precision, min: s.minAmount, max: Math.max(max, 0) },
    withPassword: true,
    keyPrefix: 'wd',
  });
  const countLeft = s.dailyCount - s.usedToday;
  const tooPoor = s.availableBalance < s.minAmount;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!form.attempt()) return;
    submitW.mutate(
      {
        bankAccountId: accountId,
        amount: form.amountText,
        paymentPassword: form.password,
        requestId: form.requestId,
      },
      {
        onSuccess: (w) => {
          form.sent();
          onDone(w.id);
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate data-testid="withdraw-form">
      <dl className={styles.facts}>
        <dt>{t('withdraw_limits')}</dt>
        <dd>
          <Money amount={s.minAmount} {...money} /> – <Money amount={s.maxAmount} {...money} />
        </dd>
        <dt>{t('withdraw_today')}</dt>
        <dd data-testid="withdraw-count">
          {t('withdraw_count', { used: s.usedToday, total: s.dailyCount })}
        </dd>
      </dl>
      {!s.hasPaymentPassword ? (
        <Notice tone="wait" testId="withdraw-no-password">
          {t('withdraw_no_password')}
        </Notice>
      ) : countLeft <= 0 ? (
        <Notice tone="wait">{t('withdraw_no_count')}</Notice>
      ) : tooPoor ? (
        <Notice tone="wait">{t('withdraw_too_poor')}</Notice>
      ) : null}
      <Field label={t('withdraw_to')}>
        {(id) => (
          <div className={styles.actions}>
            <select
              id={id}
              value={accountId}
              onChange={(e) => setAccountId(Number(e.target.value))}
              data-testid="withdraw-account"
              style={{ flex: '1 1 220px' }}
            >
              {s.bankAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </select>
            <Button variant="ghost" onClick={onAddBank}>
              {t('bank_add_another')}
            </Button>
          </div>
        )}
      </Field>
      <MoneyFields form={form} symbol={money.symbol} passwordTestId="withdraw-password" />
      <FailureNotice error={submitW.error} />
      <BusyButton
        busy={submitW.isPending}
        disabled={submitW.isPending || !s.hasPaymentPassword || countLeft <= 0 || tooPoor}
        type="submit"
        size="lg"
        data-testid="withdraw-submit"
      >
        {t('withdraw_submit')}
      </BusyButton>
    </form>
  );
}

function WithdrawalList({ money, onOpen }: { money: MoneyFormat; onOpen: (id: number) => void }) {
  const { t } = useTypedTranslation(WALLET_NS);
  const list = useWithdrawals();
  return (
    <Panel title={t('withdraw_recent')} testId="withdraw-recent">
      {!list.isSuccess ? (
        <QueryProblem query={list} minHeight={200} />
      ) : !list.data.list.length ? (
        <EmptyState icon={<WalletIcon size={28} />} title={t('withdraw_recent_empty')} minHeight={200} />
      ) : (
        <ul className={styles.list}>
          {list.data.list.map((w) => (
            <li key={w.id}>
              <button
                type="button"
                className={`${styles.item} ${styles.itemButton}`}
                onClick={() => onOpen(w.id)}
                data-testid="withdrawal"
                data-order={w.orderNo}
              >
                <div>
                  <div className={styles.itemTitle}>
                    <Isolate>{w.bankName}</Isolate> <Ltr>{w.accountNumber}</Ltr>
                  </div>
                  <div className={styles.itemMeta}>
                    {formatTime(w.createdAt)} · <Ltr>{w.orderNo}</Ltr>
                  </div>
                  {w.canConfirm ? (
                    <div className={styles.itemMeta}>{t('withdraw_confirm_prompt')}</div>
                  ) : null}
                </div>
                <div className={styles.itemEnd}>
                  <Money amount={w.amount} {...money} />
                  <StatusBadge tone={statusTone[w.status]} testId="withdrawal-status">
                    {t(`withdraw_status_${w.status}`)}
                  </StatusBadge>
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function WithdrawalDetailPanel({
  id,
  money,
  onBack,
}: {
  id: number;
  money: MoneyFormat;
  onBack: () => void;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  const detail = useWithdrawal(id);
  const cancel = useCancelWithdraw();
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} data-testid="withdrawal-back">
      <ArrowLeftIcon size={16} /> {t('withdraw_back')}
    </Button>
  );
  if (!detail.isSuccess)
    return (
      <Panel title={t('withdraw_detail')} aside={back}>
        <QueryProblem query={detail} minHeight={200} />
      </Panel>
    );
  const w = detail.data;
  return (
    <Panel title={t('withdraw_detail')} aside={back} testId="withdrawal-detail">
      <dl className={styles.facts}>
        <dt>{t('withdraw_order')}</dt>
        <dd>{w.orderNo}</dd>
        <dt>{t('wallet_amount')}</dt>
        <dd>
          <Money amount={w.amount} {...money} />
        </dd>
        <dt>{t('withdraw_to')}</dt>
        <dd>
          {w.bankName} {w.accountNumber}
        </dd>
        <dt>{t('withdraw_status')}</dt>
        <dd>
          <StatusBadge tone={statusTone[w.status]} testId="detail-status">
            {t(`withdraw_status_${w.status}`)}
          </StatusBadge>
        </dd>
        {w.receivedAmount !== null ? (
          <>
            <dt>{t('withdraw_received_amount')}</dt>
            <dd>
              <Money amount={w.receivedAmount} {...money} />
            </dd>
          </>
        ) : null}
        {w.refundAmount !== null ? (
          <>
            <dt>{t('withdraw_refund_amount')}</dt>
            <dd>
              <Money amount={w.refundAmount} {...money} />
            </dd>
          </>
        ) : null}
      </dl>
      {w.forcedReceived ? <Notice tone="info">{t('withdraw_forced')}</Notice> : null}
      <ol className={styles.timeline} data-testid="withdrawal-timeline">
        {w.timeline.map((e, i) => (
          <li key={i}>
            <strong>{t(`withdraw_status_${e.status}`)}</strong>
            <div className={styles.itemMeta}>
              {formatTime(e.at)} · {t(`withdraw_actor_${e.actor}`)}
              {e.note ? ` · ${e.note}` : ''}
            </div>
          </li>
        ))}
      </ol>
      {w.proofs.length ? (
        <p className={styles.hint}>{t('withdraw_proofs_count', { count: w.proofs.length })}</p>
      ) : null}
      {w.canCancel ? (
        <>
          <FailureNotice error={cancel.error} />
          <BusyButton
            busy={cancel.isPending}
            variant="secondary"
            onClick={() => cancel.mutate(w.id)}
            data-testid="withdrawal-cancel"
          >
            {t('withdraw_cancel')}
          </BusyButton>
        </>
      ) : null}
      {w.canConfirm ? <ConfirmForm withdrawal={w} proofsUploaded={w.proofs.length} money={money} /> : null}
    </Panel>
  );
}

type Result = (typeof WithdrawConfirmResults)[number];

function ConfirmForm({
  withdrawal: w,
  proofsUploaded,
  money,
}: {
  withdrawal: Withdrawal;
  proofsUploaded: number;
  money: MoneyFormat;
}) {
  const { t } = useTypedTranslation(WALLET_NS);
  const confirm = useConfirmPayout();
  const [result, setResult] = useState<Result>('RECEIVED');
  const [received, setReceived] = useState('');
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const disputed = result !== 'RECEIVED';
  // Less than the payout: the partly-received amount is at most the payout minus one minor unit.
  const limits = {
    precision: money.precision,
    min: 10 ** -money.precision,
    max: w.amount - 10 ** -money.precision,
  };
  const proofMissing = result === 'NOT_RECEIVED' && files.length + proofsUploaded === 0;

  const pick = async (list: FileList | null) => {
    const chosen = [...files, ...Array.from(list ?? [])];
    const check = await checkProofFiles(chosen, proofsUploaded);
    if (!check.ok) {
      setFileError(
        t(`proof_${check.reason}`, {
          max: WithdrawProofLimits.maxFiles,
          mb: WithdrawProofLimits.maxBytes / 1024 / 1024,
        }),
      );
      return;
    }
    setFileError(null);
    setFiles(chosen);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (result === 'PARTLY_RECEIVED' && !checkAmount(received, limits).ok) return;
    if (proofMissing) return;
    const check = await checkProofFiles(disputed ? files : [], proofsUploaded);
    if (!check.ok) return;
    confirm.mutate({
      id: w.id,
      result,
      ...(result === 'PARTLY_RECEIVED' ? { receivedAmount: received.trim() } : {}),
      remark: remark.trim(),
      proofs: check.files,
    });
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="confirm-form">
      <Notice tone="wait">
        {t('withdraw_confirm_intro')}
        {w.confirmBefore ? (
          <> {ltrMessage(t, 'withdraw_confirm_before', { time: formatTime(w.confirmBefore) })}</>
        ) : null}
      </Notice>
      <div className={styles.choices} role="radiogroup" aria-label={t('withdraw_confirm_title')}>
        {WithdrawConfirmResults.map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={result === r}
            aria-pressed={result === r}
            className={styles.preset}
            onClick={() => setResult(r)}
            data-testid={`confirm-${r}`}
          >
            {t(`confirm_${r}`)}
          </button>
        ))}
      </div>
      {result === 'PARTLY_RECEIVED' ? (
        <AmountField
          label={t('withdraw_received_amount')}
          value={received}
          onChange={setReceived}
          limits={limits}
          symbol={money.symbol}
          showError={submitted}
          testId="received-amount"
        />
      ) : null}
      {disputed ? (
        <>
          <Field
            label={t('proof_label')}
            hint={t('proof_hint', {
              max: WithdrawProofLimits.maxFiles,
              mb: WithdrawProofLimits.maxBytes / 1024 / 1024,
            })}
            error={fileError ?? (submitted && proofMissing ? t('proof_required') : null)}
          >
            {(id) => (
              <input
                id={id}
                type="file"
                accept="image/png,image/jpeg"
                multiple
                onChange={(e) => {
                  void pick(e.target.files);
                  e.target.value = '';
                }}
                data-testid="proof-input"
              />
            )}
          </Field>
          {files.length ? (
            <ul className={styles.list} data-testid="proof-files">
              {files.map((f, i) => (
                <li key={i} className={styles.item}>
                  <span className={styles.itemTitle}>{f.name}</span>
                  <Button size="sm" variant="ghost" onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                    {t('proof_remove')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          <Field label={t('withdraw_remark')}>
            {(id) => (
              <textarea
                id={id}
                value={remark}
                maxLength={WITHDRAW_REMARK_MAX}
                onChange={(e) => setRemark(e.target.value)}
              />
            )}
          </Field>
        </>
      ) : null}
      <FailureNotice error={confirm.error} />
      <BusyButton
        busy={confirm.isPending}
        disabled={confirm.isPending}
        type="submit"
        size="lg"
        data-testid="confirm-submit"
      >
        {t('withdraw_confirm_submit')}
      </BusyButton>
    </form>
  );
}
