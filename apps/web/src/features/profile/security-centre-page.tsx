import type { ReactNode } from 'react';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { PROFILE_FIELDS, type MemberInfo } from '@app/contract';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { Isolate, Ltr } from '../../shared/ui/ltr.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useMemberInfo } from '../session/index.ts';
import { useBankAccounts, useMemberProfile } from './api.ts';
import { AvatarButton } from './avatar.tsx';
import { BankAccountsButton } from './bank-accounts.tsx';
import { BindContactAction } from './bind-contact.tsx';
import { PaymentPasswordAction, SessionsAction } from './security-actions.tsx';
import { PROFILE_NS } from './strings.ts';
import ProfilePage from './profile-page.tsx';
import { TotpAction } from './totp.tsx';
import styles from './profile.module.css';

/** One line of the security centre: what it is, its state, and what can be done about it. */
function Row({
  label,
  value,
  ok,
  action,
  testId,
}: {
  label: string;
  value: ReactNode;
  ok?: boolean | undefined;
  action?: ReactNode;
  testId: string;
}) {
  return (
    <div className={styles.row} data-testid={testId}>
      <dt>
        <span className={styles.dot} data-ok={ok || undefined} aria-hidden="true">
          {ok ? <CheckIcon size={12} /> : null}
        </span>
        {label}
      </dt>
      <dd>
        <span className={styles.rowValue}>{value}</span>
        {action}
      </dd>
    </div>
  );
}

/** How many of the account's protections are on: shown as a bar with a word for it. */
function SecurityLevel({ info, banks }: { info: MemberInfo; banks: number }) {
  const { t } = useTypedTranslation(PROFILE_NS);
  const checks = [
    true,
    info.hasPaymentPassword,
    info.mobile !== null,
    info.email !== null,
    info.totpBound,
    banks > 0,
  ];
  const done = checks.filter(Boolean).length;
  const level = done <= 2 ? 'low' : done <= 4 ? 'medium' : 'high';
  return (
    <div className={styles.level} data-level={level} data-testid="security-level">
      <div className={styles.levelText}>
        <span>{t('sc_level', { level: t(`sc_level_${level}`) })}</span>
        <span className={styles.muted}>{t('sc_level_count', { done, total: checks.length })}</span>
      </div>
      <div className={styles.levelBar} role="presentation">
        <span style={{ width: `${(done / checks.length) * 100}%` }} />
      </div>
    </div>
  );
}

/**
 * The member centre's `in_my_account` entry (MC-08): the security centre, or the member page
 * `profile` (MC-09) when the centre is opened on that page; both keep "My account" highlighted.
 */
export default function MyAccountPage() {
  const page = useUiStore((s) => s.memberCentre.page);
  return page === 'profile' ? <ProfilePage /> : <SecurityCentre />;
}

/** My account (securityCenter): who the player is and every way the account is protected. */
function SecurityCentre() {
  const { t } = useTypedTranslation(PROFILE_NS);
  const info = useMemberInfo();
  const profile = useMemberProfile();
  const banks = useBankAccounts();
  const setPage = useUiStore((s) => s.setMemberPage);
  const openModal = useUiStore((s) => s.openModal);
  if (!info.data) {
    if (info.isError)
      return <ErrorState message={t('pf_load_failed')} onRetry={() => void info.refetch()} minHeight={300} />;
    return <LoadingState minHeight={300} />;
  }
  const m = info.data;
  const none = t('sc_not_set');
  const p = profile.data;
  // The MC-10 details: the nickname, the nine profile fields and a bank account.
  const filled = p ? 1 + PROFILE_FIELDS.filter((f) => p[f] !== null).length + (p.bankAccount ? 1 : 0) : null;
  const bankCount = banks.data?.length ?? 0;
  const defaultBank = p?.bankAccount;

  return (
    <div className={styles.security} data-testid="security-centre">
      <div className={styles.hero}>
        <AvatarButton size={64} />
        <div className={styles.heroText}>
          <p className={styles.heroName}>{m.nickname || m.userName}</p>
          <p className={styles.muted}>
            {m.account}
            {m.clubLabel.labelName ? ` · ${m.clubLabel.labelName}` : ''}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          type="button"
          onClick={() => setPage('profile')}
          data-testid="profile-open"
        >
          {t('sc_edit_profile')}
        </Button>
      </div>

      <SecurityLevel info={m} banks={bankCount} />

      <dl className={styles.rows}>
        <Row
          testId="sc-profile"
          label={t('sc_profile')}
          ok={filled === 11}
          value={filled === null ? '…' : t('sc_profile_value', { filled, total: 11 })}
          action={
            <Button
              size="sm"
              variant="ghost"
              type="button"
              onClick={() => setPage('profile')}
              data-testid="profile-edit"
            >
              {t('action_edit')}
            </Button>
          }
        />
        <Row
          testId="sc-login-password"
          label={t('sc_login_password')}
          ok
          value={t('sc_login_password_value')}
          action={
            <Button
              size="sm"
              variant="ghost"
              type="button"
              onClick={() => openModal(ModalKeys.changeExpiredPassword)}
              data-testid="login-password-action"
            >
              {t('action_change')}
            </Button>
          }
        />
        <Row
          testId="sc-payment-password"
          label={t('sc_payment_password')}
          ok={m.hasPaymentPassword}
          value={m.hasPaymentPassword ? t('sc_set') : none}
          action={<PaymentPasswordAction isSet={m.hasPaymentPassword} state="" />}
        />
        <Row
          testId="sc-mobile"
          label={t('sc_mobile')}
          ok={m.mobile !== null}
          value={m.mobile ? <Ltr testId="sc-mobile-value">{m.mobile}</Ltr> : none}
          action={<BindContactAction kind="mobile" current={m.mobile} />}
        />
        <Row
          testId="sc-email"
          label={t('sc_email')}
          ok={m.email !== null}
          value={m.email ? <Isolate>{m.email}</Isolate> : none}
          action={<BindContactAction kind="email" current={m.email} />}
        />
        <Row
          testId="sc-totp"
          label={t('sc_totp')}
          ok={m.totpBound}
          value={m.totpBound ? t('sc_bound') : none}
          action={<TotpAction bound={m.totpBound} />}
        />
        <Row
          testId="sc-bank"
          label={t('sc_bank')}
          ok={bankCount > 0}
          value={
            bankCount === 0
              ? t('sc_bank_none')
              : defaultBank
                ? `${t('sc_bank_count', { count: bankCount })} · ${defaultBank.accountNumber}`
                : t('sc_bank_count', { count: bankCount })
          }
          action={<BankAccountsButton label={bankCount ? t('action_manage') : t('action_add')} />}
        />
        <Row
          testId="sc-sessions"
          label={t('sessions_row')}
          value={t('sc_sessions_value')}
          action={<SessionsAction />}
        />
      </dl>
    </div>
  );
}
