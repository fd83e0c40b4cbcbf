import { Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '../../shared/http/use-query.ts';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { useUiStore } from '../../shared/shell/ui-store.ts';
import { lazyOnce } from '../../shared/shell/lazy-cache.ts';
import { isChunkLoadError } from '../../shared/shell/lazy-route.ts';
import { useSystemInfo } from '../../shared/system/system-status.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { ClockIcon, GiftIcon, MegaphoneIcon, UserPlusIcon, UsersIcon } from '../../shared/ui/icons.tsx';
import { ErrorState, LoadingState } from '../../shared/ui/states.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { consolidatedQuery } from './api.ts';
import { useMemberInfo } from '../session/index.ts';
import {
  BoltIcon,
  ChartIcon,
  CoinsIcon,
  DiceIcon,
  MenuIcon,
  PieIcon,
  ReceiptIcon,
  ScaleIcon,
} from './icons.tsx';
import {
  activeAgentPage,
  contractsHeld,
  NO_CONTRACTS,
  visibleAgentMenu,
  type AgentMenuItem,
} from './menu.ts';
import { agentPages } from './pages.ts';
import { AGENT_STRINGS } from './strings.ts';
import styles from './agent-centre.module.css';
import icon from '../../shared/ui/button.module.css';

const icons: Record<string, ReactNode> = {
  agentAnnouncement: <MegaphoneIcon size={18} />,
  agentTeamOverview: <ChartIcon size={18} />,
  registerCenter: <UserPlusIcon size={18} />,
  downlineManagmentView: <UsersIcon size={18} />,
  personalHistoryCopy: <DiceIcon size={18} />,
  palStatementsAgentCopy: <ScaleIcon size={18} />,
  agentRevenueReport: <CoinsIcon size={18} />,
  agentDownlineTransactionDetailsCopy: <ReceiptIcon size={18} />,
  agentDividendRecordCopy2: <PieIcon size={18} />,
  agentDailyWages2: <GiftIcon size={18} />,
  agentHourSalary: <ClockIcon size={18} />,
  agentRealtimeSalary: <BoltIcon size={18} />,
};

/** One page of the centre: its own lazy chunk, with loading and failure states of its own. */
function AgentPage({ item }: { item: AgentMenuItem }) {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const Page = lazyOnce(agentPages[item.page]);
  return (
    <ErrorBoundary
      fallback={(error, reset) =>
        isChunkLoadError(error) ? (
          <ErrorState
            message={t('error_chunk_body')}
            onRetry={() => window.location.reload()}
            minHeight={360}
          />
        ) : (
          <ErrorState message={t('error_system')} onRetry={reset} minHeight={360} />
        )
      }
    >
      <Suspense fallback={<LoadingState minHeight={360} />}>
        {/* eslint-disable-next-line react-hooks/static-components -- stable per loader (lazyOnce) */}
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * The agent centre (spec B §2, AG-01..AG-09): a modal with the menu on the left, the active page
 * on the right and a close button; on a phone a full-screen sheet whose menu is a drawer. It
 * renders only once what the menu depends on is in: the whitelabel switches and the consolidated
 * answer that says which contracts the agent holds (refetched each time the centre opens,
 * research §1.2).
 */
export function AgentCentre() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const system = useSystemInfo();
  const info = useMemberInfo();
  const consolidated = useQuery({
    ...consolidatedQuery(info.data?.id ?? 0),
    enabled: info.data !== undefined,
    refetchOnMount: 'always',
  });
  const state = useUiStore((s) => s.accountCentre);
  const setPage = useUiStore((s) => s.setAccountPage);
  const close = useUiStore((s) => s.closeAccountCentre);
  const [drawer, setDrawer] = useState(false);
  const navId = useId();
  const menuRef = useRef<HTMLElement>(null);

  // Without the member or consolidated answer the contract entries stay hidden; the centre still opens.
  const settled = info.isError || consolidated.isSuccess || consolidated.isError;
  const menu =
    system && settled
      ? visibleAgentMenu(
          system.whitelabel,
          consolidated.data ? contractsHeld(consolidated.data) : NO_CONTRACTS,
        )
      : [];
  const active = activeAgentPage(menu, state.page);

  useEffect(() => {
    menuRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active?.page]);

  if (!active) return null;
  const title = t('member_agent_centre');

  return (
    <Modal
      onClose={close}
      title={title}
      width={1120}
      height={720}
      className={styles.sheet}
      bodyClassName={styles.body}
    >
      <div className={styles.frame} data-testid="account-centre" data-drawer={drawer ? 'open' : 'closed'}>
        <nav id={navId} className={styles.menu} aria-label={title} ref={menuRef}>
          <ul>
            {menu.map((item) => (
              <li key={item.page}>
                <button
                  type="button"
                  className={styles.item}
                  aria-current={item.page === active.page ? 'page' : undefined}
                  onClick={() => {
                    setPage(item.page);
                    setDrawer(false);
                  }}
                  data-key={item.name}
                  data-page={item.page}
                  data-path={item.path}
                  data-type={item.type}
                >
                  <span className={styles.itemIcon}>{icons[item.page]}</span>
                  <span>{t(item.name)}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.scrim} onClick={() => setDrawer(false)} aria-hidden="true" />
        <section className={styles.content} aria-label={t(active.name)} data-page={active.page}>
          <div className={styles.pageHead}>
            <button
              type="button"
              className={`${icon.iconButton} ${styles.drawerButton}`}
              aria-expanded={drawer}
              aria-controls={navId}
              onClick={() => setDrawer((d) => !d)}
              data-testid="agent-menu-button"
            >
              <MenuIcon size={20} />
              <span className="visually-hidden">{t('agent_menu')}</span>
            </button>
            <h3 className={styles.pageTitle}>{t(active.name)}</h3>
          </div>
          <AgentPage key={active.page} item={active} />
        </section>
      </div>
    </Modal>
  );
}
