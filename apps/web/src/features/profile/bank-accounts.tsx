import { useState, type FormEvent } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import type { MemberBankAccount } from '@app/contract';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { BusyButton } from '../../shared/forms/busy-button.tsx';
import { FormAlert, TextField } from '../../shared/forms/text-field.tsx';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PlusCircleIcon, WalletIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useMemberInfo } from '../session/index.ts';
import {
  useAddBankAccount,
  useBankAccounts,
  useBanks,
  useDeleteBankAccount,
  useMemberProfile,
  useSetDefaultBankAccount,
} from './api.ts';
import { BankOptions } from './bank-options.tsx';
import { checkBankAccount } from './bank-rules.ts';
import { profileErrorText } from './errors.ts';
import { ModalButton } from './modal-button.tsx';
import { PROFILE_NS } from './strings.ts';
import formStyles from '../../shared/forms/form.module.css';
import styles from './profile.module.css';
import { Isolate, isolateText, Ltr, ltrText } from '../../shared/ui/ltr.tsx';

/** A button that opens the bank accounts dialog. */
export function BankAccountsButton({ label }: { label: string }) {
  return (
    <ModalButton
      size="sm"
      variant="ghost"
      type="button"
      data-testid="bank-accounts-action"
      modal={(onClose) => <BankAccountsModal onClose={onClose} />}
    >
      {label}
    </ModalButton>
  );
}

/** The member's bank accounts (masked), the default marked, with add, make default and remove. */
export function BankAccountsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  const accounts = useBankAccounts();
  const profile = useMemberProfile();
  const makeDefault = useSetDefaultBankAccount();
  const remove = useDeleteBankAccount();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MemberBankAccount | null>(null);
  const defaultId = profile.data?.bankAccount?.id ?? null;
  const list = accounts.data ?? [];
  const failure = makeDefault.error ?? remove.error;

  let body;
  if (accounts.isPending) body = <LoadingState minHeight={200} />;
  else if (accounts.isError)
    body = (
      <ErrorState
        message={profileErrorText(accounts.error, t, tAccounts)}
        onRetry={() => void accounts.refetch()}
        minHeight={200}
      />
    );
  else if (adding || list.length === 0)
    body = (
      <>
        {list.length === 0 && !adding ? (
          <EmptyState icon={<WalletIcon size={28} />} title={t('bank_empty_title')} minHeight={120}>
            {t('bank_empty_text')}
          </EmptyState>
        ) : null}
        <AddBankForm
          onDone={() => setAdding(false)}
          onCancel={list.length ? () => setAdding(false) : undefined}
        />
      </>
    );
  else
    body = (
      <>
        <ul className={styles.banks} data-testid="bank-accounts">
          {list.map((a) => (
            <li key={a.id} className={styles.bank} data-default={a.id === defaultId || undefined}>
              <div className={styles.bankText}>
                <span className={styles.bankName}>
                  <Isolate>{a.bankName}</Isolate>
                  {a.id === defaultId ? <span className={styles.badge}>{t('bank_default')}</span> : null}
                </span>
                <Ltr className={styles.mono} testId="bank-account-number">
                  {a.accountNumber}
                </Ltr>
                <Isolate className={styles.muted}>{a.payeeName}</Isolate>
              </div>
              <div className={styles.bankActions}>
                {a.id !== defaultId ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    type="button"
                    disabled={makeDefault.isPending}
                    onClick={() => makeDefault.mutate(a.id)}
                  >
                    {t('bank_make_default')}
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" type="button" onClick={() => setRemoving(a)}>
                  {t('bank_remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {failure ? <FormAlert>{profileErrorText(failure, t, tAccounts)}</FormAlert> : null}
        <Button variant="secondary" type="button" onClick={() => setAdding(true)} data-testid="bank-add">
          <PlusCircleIcon size={16} /> {t('bank_add')}
        </Button>
      </>
    );

  return (
    <Modal onClose={onClose} title={t('bank_title')} width={520} height="auto">
      <div className={styles.content} data-testid="bank-accounts-modal">
        {body}
      </div>
      {removing ? (
        <AlertDialog
          title={t('bank_remove_title')}
          confirmLabel={t('bank_remove')}
          cancelLabel={t('bank_cancel')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
          onClose={() => setRemoving(null)}
          testId="bank-remove-confirm"
        >
          {t('bank_remove_text', {
            bank: isolateText(removing.bankName),
            number: ltrText(removing.accountNumber),
          })}
        </AlertDialog>
      ) : null}
    </Modal>
  );
}

/** Adds an account: payee name (the member's real name when known), bank from the list, number. */
function AddBankForm({ onDone, onCancel }: { onDone: () => void; onCancel: (() => void) | undefined }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  const { t: tAccounts } = useTypedTranslation(ACCOUNTS_NS);
  const { data: info } = useMemberInfo();
  const banks = useBanks();
  const add = useAddBankAccount();
  const [payeeName, setPayeeName] = useState(info?.payeeName ?? '');
  const [bankCode, setBankCode] = useState('');
  const [number, setNumber] = useState('');
  const [submitted, setSubmitted] = useState(false);

  if (banks.isPending) return <LoadingState minHeight={200} />;
  if (banks.isError)
    return (
      <ErrorState
        message={profileErrorText(banks.error, t, tAccounts)}
        onRetry={() => void banks.refetch()}
        minHeight={200}
      />
    );
  const { bank, errors, ok, body } = checkBankAccount(
    { payeeName, bankCode, number },
    banks.data,
    t,
    t('hint_fullName'),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog may open from inside the profile form: this submit is not that form's.
    e.stopPropagation();
    setSubmitted(true);
    if (!ok) return;
    add.mutate(body, { onSuccess: onDone });
  };
  return (
    <form className={formStyles.form} onSubmit={submit} noValidate data-testid="bank-add-form">
      <TextField
        label={t('bank_payee')}
        hint={t('bank_payee_hint')}
        value={payeeName}
        onChange={(e) => setPayeeName(e.target.value)}
        readOnly={Boolean(info?.payeeName)}
        autoComplete="name"
        maxLength={64}
        error={submitted ? (errors.payee ?? undefined) : undefined}
        data-testid="bank-payee"
      />
      <div className={formStyles.field} data-invalid={submitted && errors.bank ? true : undefined}>
        <label htmlFor="profile-bank-select" className={formStyles.label}>
          {t('bank_bank')}
        </label>
        <div className={formStyles.control}>
          <select
            id="profile-bank-select"
            className={`${formStyles.input} ${styles.select}`}
            value={bankCode}
            onChange={(e) => setBankCode(e.target.value)}
            data-testid="bank-select"
          >
            <BankOptions banks={banks.data} chooseLabel={t('bank_choose')} />
          </select>
        </div>
        {submitted && errors.bank ? (
          <p className={formStyles.error} role="alert">
            {errors.bank}
          </p>
        ) : null}
      </div>
      <TextField
        label={t('bank_number')}
        hint={
          bank
            ? t('bank_number_hint', { min: bank.accountNumberMinLength, max: bank.accountNumberMaxLength })
            : undefined
        }
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        inputMode="numeric"
        autoComplete="off"
        maxLength={40}
        error={submitted ? (errors.number ?? undefined) : undefined}
        data-testid="bank-number"
      />
      {add.error ? <FormAlert>{profileErrorText(add.error, t, tAccounts)}</FormAlert> : null}
      <div className={styles.formButtons}>
        {onCancel ? (
          <Button variant="ghost" type="button" onClick={onCancel}>
            {t('bank_cancel')}
          </Button>
        ) : null}
        <BusyButton busy={add.isPending} type="submit" data-testid="bank-save">
          {t('bank_save')}
        </BusyButton>
      </div>
    </form>
  );
}
