import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureSwitch } from '@app/contract';
import { ModalKeys, useUiStore } from '../../shared/shell/ui-store.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { useSwitch } from '../../shared/system/system-status.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon, LockIcon, ShieldIcon, WrenchIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { useMemberInfo } from '../session/index.ts';
import { recordPages } from '../records/index.ts';
import { messagePages } from '../messages/index.ts';
import { walletPages } from '../wallet/index.ts';
import { NicknameAction, PaymentPasswordAction, SessionsRow } from '../profile/index.ts';
import { lazyOnce } from '../../shared/shell/lazy-cache.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import styles from './centre-frame.module.css';

interface Entry {
  key: string;
  page: string;
}

/** Member centre entries of spec A §2 (key → page); invite friends only with the referral switch. */
function memberEntries(referral: boolean): Entry[] {
  return [
    { key: 'in_my_account', page: 'securityCenter' },
    { key: 'in_my_wallet', page: 'transferFund' },
    { key: 'in_increase_deposit', page: 'depositv2' },
    { key: 'in_increase_withdrawal', page: 'withdraw' },
    { key: 'in_transfer_upline', page: 'transferUpline' },
    { key: 'in_betting_record', page: 'personalHistoryCopy' },
    { key: 'in_account_record', page: 'transactionHistory' },
    { key: 'in_personal_loss', page: 'personalProfit' },
    { key: 'in_bonus_details', page: 'bonusDetails' },
    { key: 'in_reward_center', page: 'rewardCenter' },
    ...(referral ? [{ key: 'invite_friends', page: 'referral' }] : []),
    { key: 'mission_activity', page: 'missionLeaderboard' },
    { key: 'in_platform_information', page: 'messageV2' },
  ];
}

/** Member-centre pages other features provide, by page key (each a lazy chunk). */
const featurePages: Record<string, () => Promise<{ default: ComponentType }>> = {
  ...recordPages,
  ...messagePages,
  ...walletPages,
};

function FeaturePage({ page }: { page: string }) {
  const { t } = useTranslation();
  const Page = lazyOnce(featurePages[page]!);
  return (
    <ErrorBoundary
      fallback={(_error, reset) => <ErrorState message={t('error_system')} onRetry={reset} minHeight={360} />}
    >
      <Suspense fallback={<LoadingState minHeight={360} />}>
        {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The agent centre's always-present entries of spec B §2; the salary and dividend ones come with those features. */
const agentEntries: Entry[] = [
  { key: 'agentCenter_announcement', page: 'agentAnnouncement' },
  { key: 'agentCenter_overview', page: 'agentTeamOverview' },
  { key: 'agentCenter_account', page: 'agentRegisterCenter' },
  { key: 'agentCenter_team', page: 'agentTeamManagement' },
  { key: 'agentCenter_team_betting', page: 'agentTeamBetting' },
  { key: 'agentCenter_profit_loss', page: 'agentProfitLoss' },
  { key: 'agentCenter_income', page: 'agentMyIncome' },
  { key: 'agentCenter_transactions', page: 'agentTransactionDetails' },
];

function Row({ label, value, ok }: { label: string; value: ReactNode; ok?: boolean }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>
        {ok !== undefined ? (
          <span className={styles.state} data-ok={ok || undefined}>
            {ok ? <CheckIcon size={14} /> : null}
          </span>
        ) : null}
        {value}
      </dd>
    </div>
  );
}

/** My account (securityCenter): who the player is and how the account is protected. */
function SecurityCentre() {
  const { t } = useTranslation(ACCOUNTS_NS);
  const { data: info, isPending } = useMemberInfo();
  const openModal = useUiStore((s) => s.openModal);
  const [avatarBroken, setAvatarBroken] = useState(false);
  if (!info) return isPending ? <LoadingState minHeight={300} /> : null;
  const none = t('security_not_set');
  return (
    <div className={styles.security} data-testid="security-centre">
      <div className={styles.profile}>
        <span className={styles.bigAvatar} aria-hidden="true">
          {info.avatarUrl && !avatarBroken ? (
            <img
              src={cdnImage(info.avatarUrl)}
              alt=""
              width={56}
              height={56}
              onError={() => setAvatarBroken(true)}
            />
          ) : (
            info.nickname.slice(0, 1).toUpperCase()
          )}
        </span>
        <div>
          <p className={styles.profileName}>{info.nickname || info.userName}</p>
          <p className={styles.profileMeta}>
            {info.account}
            {info.clubLabel.labelName ? ` · ${info.clubLabel.labelName}` : ''}
          </p>
        </div>
        <Suspense fallback={null}>
          <NicknameAction current={info.nickname} />
        </Suspense>
      </div>
      <dl className={styles.rows}>
        <Row
          label={t('register_field_payeeName')}
          value={info.payeeName ?? none}
          ok={info.payeeName !== null}
        />
        <Row label={t('register_field_mobileNum')} value={info.mobile ?? none} ok={info.mobile !== null} />
        <Row label={t('register_field_email')} value={info.email ?? none} ok={info.email !== null} />
        <Row
          label={t('register_field_paymentPassword')}
          value={
            <Suspense fallback={info.hasPaymentPassword ? t('security_set') : none}>
              <PaymentPasswordAction
                isSet={info.hasPaymentPassword}
                state={info.hasPaymentPassword ? t('security_set') : none}
              />
            </Suspense>
          }
          ok={info.hasPaymentPassword}
        />
        <Row
          label={t('verify_method_totp')}
          value={info.totpBound ? t('security_bound') : none}
          ok={info.totpBound}
        />
        <Suspense fallback={null}>
          <SessionsRow Row={Row} />
        </Suspense>
      </dl>
      <Button variant="secondary" onClick={() => openModal(ModalKeys.changeExpiredPassword)}>
        <LockIcon size={16} /> {t('pwd_change_title')}
      </Button>
    </div>
  );
}

/** The member centre (kind `member`) or the account centre (kind `account`) overlay of spec A §2, §4. */
export function CentreFrame({ kind }: { kind: 'member' | 'account' }) {
  const { t } = useTranslation(ACCOUNTS_NS);
  const referral = useSwitch(FeatureSwitch.referral);
  const state = useUiStore((s) => (kind === 'member' ? s.memberCentre : s.accountCentre));
  const setPage = useUiStore((s) => (kind === 'member' ? s.setMemberPage : s.setAccountPage));
  const close = useUiStore((s) => (kind === 'member' ? s.closeMemberCentre : s.closeAccountCentre));
  const entries = kind === 'member' ? memberEntries(referral) : agentEntries;
  const active = entries.find((e) => e.page === state.page) ?? entries[0]!;
  const title = kind === 'member' ? t('member_centre_title') : t('member_agent_centre');

  return (
    <Modal onClose={close} title={title} width={1000} height={660} bodyClassName={styles.body}>
      <div className={styles.frame} data-testid={`${kind}-centre`}>
        <nav className={styles.menu} aria-label={title}>
          <ul>
            {entries.map((e) => (
              <li key={e.page}>
                <button
                  type="button"
                  className={styles.item}
                  aria-current={e.page === active.page ? 'page' : undefined}
                  onClick={() => setPage(e.page)}
                  data-page={e.page}
                >
                  {t(e.key)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.content} aria-label={t(active.key)} data-page={active.page}>
          <h3 className={styles.pageTitle}>
            {active.page === 'securityCenter' ? <ShieldIcon size={20} /> : null}
            {t(active.key)}
          </h3>
          {active.page === 'securityCenter' ? (
            <SecurityCentre />
          ) : featurePages[active.page] ? (
            <FeaturePage page={active.page} />
          ) : (
            <EmptyState
              icon={<WrenchIcon size={28} />}
              title={t('centre_page_unavailable_title')}
              minHeight={360}
            >
              {t('centre_page_unavailable_text')}
            </EmptyState>
          )}
        </section>
      </div>
    </Modal>
  );
}
