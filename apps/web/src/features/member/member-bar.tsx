import { Suspense, useState, type ReactNode } from 'react';
import type { KeyIn } from '../../shared/i18n/keys.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { accountCentreTypes, AgentType, FeatureSwitch } from '@app/contract';
import { useGate } from '../../shared/shell/use-gate.ts';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { AlertDialog } from '../../shared/forms/alert-dialog.tsx';
import { errorText } from '../../shared/forms/error-text.ts';
import { cdnImage } from '../../shared/cdn/image-host.ts';
import { ACCOUNTS_NS } from '../../shared/i18n/i18n.ts';
import { useSession } from '../../shared/session/session.ts';
import { localStore } from '../../shared/storage/storage.ts';
import { useSwitch } from '../../shared/system/system-status.ts';
import { ChatButton } from '../chat/index.ts';
import {
  ArrowUpRightIcon,
  ChevronDownIcon,
  EyeIcon,
  EyeOffIcon,
  GiftIcon,
  ListIcon,
  LogoutIcon,
  MailIcon,
  PlusCircleIcon,
  RefreshIcon,
  ShieldIcon,
  TrophyIcon,
  UsersIcon,
  WalletIcon,
} from '../../shared/ui/icons.tsx';
import { Skeleton } from '../../shared/ui/states.tsx';
import { usePopover } from '../../shared/ui/use-popover.ts';
import { useLoginState, useMemberInfo, useRestoreLogin } from '../session/index.ts';
import { useLiveUpdates } from '../../shared/realtime/use-live-updates.ts';
import { formatBalance, useBalance, useConsolidated, useLogout, useUnreadCount } from './api.ts';
import { lazyOnce } from '../../shared/shell/lazy-cache.ts';
import { loadContractRequests } from '../agent/index.ts';
import styles from './member-bar.module.css';
import { Isolate } from '../../shared/ui/ltr.tsx';

const BALANCE_HIDDEN_KEY = 'balanceHidden';

interface MenuEntry {
  key: string;
  labelKey: KeyIn<typeof ACCOUNTS_NS>;
  page: string;
  icon: ReactNode;
}

/** The member bar menu of spec A §2 (MB-01): each entry opens a member centre page. */
function menuEntries(referral: boolean): MenuEntry[] {
  const entries: (MenuEntry | null)[] = [
    { key: 'account', labelKey: 'in_my_account', page: 'securityCenter', icon: <ShieldIcon size={16} /> },
    {
      key: 'withdraw',
      labelKey: 'in_increase_withdrawal',
      page: 'withdraw',
      icon: <ArrowUpRightIcon size={16} />,
    },
    // Invite friends only with the referral promotion (MB-02).
    referral
      ? { key: 'invite', labelKey: 'invite_friends', page: 'referral', icon: <GiftIcon size={16} /> }
      : null,
    { key: 'reward', labelKey: 'in_reward_center', page: 'rewardCenter', icon: <TrophyIcon size={16} /> },
    { key: 'bets', labelKey: 'in_betting_record', page: 'personalHistoryCopy', icon: <ListIcon size={16} /> },
    {
      key: 'records',
      labelKey: 'in_account_record',
      page: 'transactionHistory',
      icon: <WalletIcon size={16} />,
    },
  ];
  return entries.filter((e): e is MenuEntry => e !== null);
}

function Balance() {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { data, isPending, isFetching, refetch, isError } = useBalance(true);
  const [hidden, setHidden] = useState(() => localStore.get(BALANCE_HIDDEN_KEY) === '1');
  const toggle = () => {
    setHidden((h) => {
      localStore.set(BALANCE_HIDDEN_KEY, h ? '0' : '1');
      return !h;
    });
  };
  return (
    <div className={styles.balance} data-testid="balance">
      <WalletIcon size={16} className={styles.balanceIcon} />
      <span className={styles.amount} data-testid="balance-amount" aria-live="polite" dir="ltr">
        {data ? (
          formatBalance(data.sumBalance, data.currencySymbol, hidden)
        ) : isPending ? (
          <Skeleton width={72} height={14} />
        ) : isError ? (
          '—'
        ) : null}
      </span>
      <button
        type="button"
        className={styles.iconButton}
        onClick={toggle}
        aria-pressed={hidden}
        aria-label={hidden ? t('balance_show') : t('balance_hide')}
        data-testid="balance-eye"
      >
        {hidden ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
      </button>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.refresh}`}
        onClick={() => void refetch()}
        aria-label={t('balance_refresh')}
        data-spinning={isFetching || undefined}
        disabled={isFetching}
      >
        <RefreshIcon size={15} />
      </button>
    </div>
  );
}

function MemberMenu({ onLogout }: { onLogout: () => void }) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  const { data: info } = useMemberInfo();
  const agentType = useSession((s) => s.agentType);
  const referral = useSwitch(FeatureSwitch.referral);
  const gate = useGate();
  const openMemberCentre = useUiStore((s) => s.openMemberCentre);
  const openAccountCentre = useUiStore((s) => s.openAccountCentre);
  const isAgent = agentType !== null && accountCentreTypes.includes(agentType);
  const { data: consolidated } = useConsolidated(info?.id, agentType);
  const pending = consolidated ? Object.values(consolidated).some((v) => v > 0) : false;
  // A missing avatar image falls back to the initial instead of a broken picture.
  const [avatarBroken, setAvatarBroken] = useState(false);
  const { open, setOpen, rootRef, popupId, onListKeyDown, triggerProps } = usePopover({ popup: 'menu' });
  const entries = menuEntries(referral);

  const pick = (action: () => void) => {
    setOpen(false);
    action();
  };

  const name = info?.nickname || info?.userName || '';
  return (
    <div className={styles.menuRoot} ref={rootRef}>
      <button className={styles.who} {...triggerProps} data-testid="member-menu-button">
        <span className={styles.avatar} aria-hidden="true">
          {info?.avatarUrl && !avatarBroken ? (
            <img
              src={cdnImage(info.avatarUrl)}
              alt=""
              width={26}
              height={26}
              onError={() => setAvatarBroken(true)}
            />
          ) : (
            name.slice(0, 1).toUpperCase()
          )}
        </span>
        <span className={styles.name}>{info ? name : <Skeleton width={60} height={12} />}</span>
        {agentType === AgentType.trial ? <span className={styles.trial}>{t('member_trial')}</span> : null}
        {pending ? <span className={styles.dot} aria-label={t('member_pending_requests')} /> : null}
        <ChevronDownIcon size={14} className={styles.chevron} />
      </button>
      {open ? (
        <div className={styles.menu}>
          <div className={styles.menuHead}>
            <strong>
              <Isolate>{name}</Isolate>
            </strong>
            <span>
              {info?.account}
              {info?.clubLabel.labelName ? ` · ${info.clubLabel.labelName}` : ''}
            </span>
          </div>
          <ul
            role="menu"
            id={popupId}
            aria-label={t('member_menu')}
            onKeyDown={onListKeyDown}
            className={styles.menuList}
            data-testid="member-menu"
          >
            {entries.map((e) => (
              <li key={e.key} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.menuItem}
                  onClick={() => pick(() => gate(() => openMemberCentre(e.page)))}
                  data-page={e.page}
                >
                  {e.icon}
                  {t(e.labelKey)}
                </button>
              </li>
            ))}
            {isAgent ? (
              <li role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.menuItem}
                  onClick={() => pick(() => gate(() => openAccountCentre(), { need: 'agent' }))}
                  data-page="agentCentre"
                >
                  <UsersIcon size={16} />
                  {t('member_agent_centre')}
                  {pending ? <span className={styles.dot} /> : null}
                </button>
              </li>
            ) : null}
            <li role="none" className={styles.separator} />
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={styles.menuItem}
                onClick={() => pick(onLogout)}
              >
                <LogoutIcon size={16} />
                {t('logout')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The contract modal at login (research §2.3, issue 30): while the consolidated request keys count
 * an offer or a termination request waiting for this agent, the agent feature's modal (its own lazy
 * chunk) is mounted; it opens unless the agent put it off this session (closing it).
 */
function ContractRequests() {
  const { data: info } = useMemberInfo();
  const agentType = useSession((s) => s.agentType);
  const isAgent = agentType !== null && accountCentreTypes.includes(agentType);
  const { data: consolidated } = useConsolidated(info?.id, agentType);
  const pending = consolidated
    ? Object.values(consolidated).some((v) => typeof v === 'number' && v > 0)
    : false;
  // Once mounted it stays: answering the last request empties the keys, and the modal then says so.
  const [mounted, setMounted] = useState(false);
  if (pending && isAgent && !mounted) setMounted(true);
  if (!mounted) return null;
  const Popup = lazyOnce(loadContractRequests);
  return (
    <Suspense fallback={null}>
      {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
      <Popup />
    </Suspense>
  );
}

/**
 * The member bar in the top bar (spec A §2, MB-01..MB-13): the menu, the balance with its eye
 * (not on game pages), deposit, messages with the unread count, invite friends and logout.
 * Every logged-in account gets it (decision D4); a trial account's gated entries show the
 * in_need_true_account warning instead of opening (SA-07).
 */
export function MemberBar({ showBalance = true }: { showBalance?: boolean }) {
  const { t } = useTypedTranslation(ACCOUNTS_NS);
  useRestoreLogin();
  // Balance and unread count arrive live (MB-14): one stream per session, while the bar is shown.
  useLiveUpdates();
  const gate = useGate();
  const openMemberCentre = useUiStore((s) => s.openMemberCentre);
  const referral = useSwitch(FeatureSwitch.referral);
  // The chat room's entry (decision 054): only while the CBS3 switch is on.
  const chatRoom = useSwitch(FeatureSwitch.chat);
  const { data: unread } = useUnreadCount();
  const [confirming, setConfirming] = useState(false);
  const logout = useLogout();
  const pendingChange = useLoginState((s) => s.pendingChange);
  // A login waiting for its forced password change is not finished: no member bar yet.
  if (pendingChange) return null;

  return (
    <div className={styles.bar} data-testid="member-bar-content">
      <MemberMenu onLogout={() => setConfirming(true)} />
      <ContractRequests />
      {showBalance ? <Balance /> : null}
      <button
        type="button"
        className={styles.deposit}
        onClick={() => gate(() => openMemberCentre('depositv2'))}
        data-testid="deposit-button"
      >
        <PlusCircleIcon size={16} />
        <span className={styles.depositLabel}>{t('in_increase_deposit')}</span>
      </button>
      <button
        type="button"
        className={styles.roundButton}
        onClick={() => gate(() => openMemberCentre('messageV2'))}
        aria-label={unread ? t('member_messages_unread', { count: unread }) : t('in_platform_information')}
        title={t('in_platform_information')}
        data-testid="messages-button"
      >
        <MailIcon size={17} />
        {unread ? (
          <span className={styles.badge} data-testid="unread-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {chatRoom ? (
        <Suspense fallback={null}>
          <ChatButton className={styles.roundButton} badgeClassName={styles.badge} />
        </Suspense>
      ) : null}
      {referral ? (
        <button
          type="button"
          className={`${styles.roundButton} ${styles.wideOnly}`}
          onClick={() => gate(() => openMemberCentre('referral'))}
          aria-label={t('invite_friends')}
          title={t('invite_friends')}
          data-testid="invite-button"
        >
          <GiftIcon size={17} />
        </button>
      ) : null}
      <button
        type="button"
        className={`${styles.roundButton} ${styles.wideOnly}`}
        onClick={() => setConfirming(true)}
        aria-label={t('logout')}
        title={t('logout')}
        data-testid="logout-button"
      >
        <LogoutIcon size={17} />
      </button>
      {confirming ? (
        <AlertDialog
          title={t('logout_title')}
          confirmLabel={t('logout')}
          cancelLabel={t('cancel')}
          busy={logout.isPending}
          icon={<LogoutIcon size={24} />}
          onConfirm={() => logout.mutate(undefined, { onSuccess: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
          testId="logout-confirm"
        >
          {logout.error ? (
            <span className={styles.failed}>{errorText(logout.error, t)}</span>
          ) : (
            t('logout_text')
          )}
        </AlertDialog>
      ) : null}
    </div>
  );
}
