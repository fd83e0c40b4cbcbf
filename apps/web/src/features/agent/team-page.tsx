import { useId, useState } from 'react';
import {
  getDownlineTransfer,
  getTeam,
  teamDepositFilters,
  teamLoginFilters,
  type TeamMember,
  type TeamTab,
} from '@app/contract';
import { formatDay, formatNoticeDate } from '../../shared/format/date.ts';
import { Tabs } from '../../shared/forms/tabs.tsx';
import { useTypedTranslation } from '../../shared/i18n/react.tsx';
import { ChevronRightIcon, UsersIcon } from '../../shared/ui/icons.tsx';
import { MoreIcon, SendIcon } from './icons.tsx';
import { LuckyBags } from './lucky-bag.tsx';
import { LIST_RANGES, listRangeTimes, type ListRange } from './ranges.ts';
import { AGENT_STRINGS } from './strings.ts';
import { BalanceAsOf } from './balance-as-of.tsx';
import { MemberDialog, methodKey, statusKey, statusTone } from './team-dialogs.tsx';
import {
  AgentPageFrame,
  AgentTable,
  Count,
  ExportButton,
  FilterSelect,
  Money,
  Pager,
  QueryBody,
  SearchBox,
  uiStyles as ui,
  useAgentQuery,
  type Column,
} from './ui.tsx';
import styles from './pages.module.css';
import icon from '../../shared/ui/button.module.css';

const PAGE_SIZE = 20;
type Tab = TeamTab | 'luckyBags';
type LoginFilter = (typeof teamLoginFilters)[number];
type DepositFilter = (typeof teamDepositFilters)[number];
type DepositWithin = 'all' | ListRange;

/**
 * Team Management (downlineManagmentView, research §10): direct agents and direct players, found
 * by username or remark and filtered by logins and deposits; an agent row opens its own team.
 * Each member opens its details and the agent's actions (reports, remark, status, set as agent,
 * message, transfer); the lucky bag has its tab when its switch is on.
 */
export function TeamPage() {
  const { t } = useTypedTranslation(AGENT_STRINGS);
  const id = useId();
  const [tab, setTab] = useState<Tab>('players');
  const [search, setSearch] = useState('');
  const [login, setLogin] = useState<LoginFilter>('all');
  const [deposit, setDeposit] = useState<DepositFilter>('all');
  const [within, setWithin] = useState<DepositWithin>('all');
  const [path, setPath] = useState<{ userId: number; username: string }[]>([]);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ member: TeamMember; mode: 'details' | 'transfer' } | null>(null);
  const transferInfo = useAgentQuery(getDownlineTransfer);
  const parent = path.at(-1);
  const listTab: TeamTab = tab === 'luckyBags' ? 'players' : tab;
  const filters = {
    tab: listTab,
    ...(parent ? { parentId: parent.userId } : {}),
    ...(search ? { search } : {}),
    login,
    deposit,
    ...(deposit !== 'all' && within !== 'all'
      ? (() => {
          const r = listRangeTimes(within);
          return { depositStart: r.startTime, depositEnd: r.endTime };
        })()
      : {}),
  };
  const query = useAgentQuery(getTeam, { ...filters, page, size: PAGE_SIZE }, tab !== 'luckyBags');
  const reset =
    <V,>(set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setPage(1);
    };
  const direct = path.length === 0;

  const columns: Column<TeamMember>[] = [
    {
      key: 'user',
      label: t('agent_col_member'),
      render: (m) => (
        <span className={ui.stack}>
          <button
            type="button"
            className={styles.drill}
            onClick={() => setOpen({ member: m, mode: 'details' })}
            data-testid="agent-member-open"
          >
            {m.username}
          </button>
          <small>{m.remark || t(m.type === 0 ? 'agent_type_player' : 'agent_type_agent')}</small>
        </span>
      ),
    },
    {
      key: 'team',
      label: t('agent_col_team_size'),
      numeric: true,
      render: (m) =>
        m.type !== 0 && m.teamSize > 0 ? (
          <button
            type="button"
            className={styles.drill}
            onClick={() => {
              setPath((p) => [...p, { userId: m.userId, username: m.username }]);
              setPage(1);
            }}
            aria-label={t('agent_view_team_of', { username: m.username })}
            data-testid="agent-team-drill"
          >
            <Count value={m.teamSize} />
            <ChevronRightIcon size={14} />
          </button>
        ) : (
          <Count value={m.teamSize} />
        ),
    },
    {
      key: 'balance',
      label: t('agent_col_balance'),
      numeric: true,
      render: (m) => <Money value={m.balance} />,
    },
    {
      key: 'teamBalance',
      label: t('agent_col_team_balance'),
      numeric: true,
      render: (m) => (
        <span className={ui.stack}>
          <Money value={m.teamBalance} />
          <BalanceAsOf at={m.teamBalanceAsOf} />
        </span>
      ),
    },
    {
      key: 'login',
      label: t('agent_col_last_login'),
      render: (m) => (
        <span className={styles.online}>
          <span className={ui.dot} data-on={m.online || undefined} aria-hidden="true" />
          <span className={ui.stack}>
            <span>{m.online ? t('agent_online_now') : t('agent_offline')}</span>
            <small>{m.lastLogin === null ? t('agent_never') : formatNoticeDate(m.lastLogin)}</small>
          </span>
        </span>
      ),
    },
    {
      key: 'registered',
      label: t('agent_col_registered'),
      render: (m) => (
        <span className={ui.stack}>
          <time className={ui.time}>{formatDay(m.registeredAt)}</time>
          <small>
            {[t(methodKey(m.registerMethod), { defaultValue: m.registerMethod }), m.registerUrl]
              .filter(Boolean)
              .join(' · ')}
          </small>
        </span>
      ),
    },
    {
      key: 'status',
      label: t('agent_col_status'),
      render: (m) => (
        <span className={ui.chip} data-tone={statusTone(m.status)}>
          {t(statusKey(m.status))}
        </span>
      ),
    },
    {
      key: 'actions',
      label: t('agent_col_actions'),
      render: (m) => (
        <span className={ui.rowActions}>
          {direct ? (
            <button
              type="button"
              className={`${icon.iconButton} ${ui.rowIcon}`}
              onClick={() => setOpen({ member: m, mode: 'transfer' })}
              aria-label={`${t('agent_action_transfer')} · ${m.username}`}
              title={t('agent_action_transfer')}
              data-testid="agent-row-transfer"
            >
              <SendIcon size={16} />
            </button>
          ) : null}
          <button
            type="button"
            className={`${icon.iconButton} ${ui.rowIcon}`}
            onClick={() => setOpen({ member: m, mode: 'details' })}
            aria-label={`${t('agent_action_details')} · ${m.username}`}
            title={t('agent_action_details')}
          >
            <MoreIcon size={16} />
          </button>
        </span>
      ),
    },
  ];

  const tabs: { key: Tab; label: string }[] = [
    { key: 'agents', label: t('agent_tab_direct_agents') },
    { key: 'players', label: t('agent_tab_direct_players') },
    ...(transferInfo.data?.luckyBag ? [{ key: 'luckyBags' as const, label: t('agent_tab_lucky_bags') }] : []),
  ];

  return (
    <AgentPageFrame testId="agent-team">
      <Tabs
        options={tabs}
        value={tab}
        onChange={reset(setTab)}
        label={t('agentCenter_team')}
        panelId={`${id}-panel`}
        idPrefix={id}
      />
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${tab}`} className={ui.page}>
        {tab === 'luckyBags' ? (
          <LuckyBags />
        ) : (
          <>
            <div className={ui.toolbar}>
              <SearchBox
                value={search}
                onSearch={reset(setSearch)}
                placeholder={t('agent_search_team')}
                label={t('agent_search_team')}
              />
              <ExportButton path="/wps/agent/team/export" query={filters} fileName="team.csv" />
            </div>
            <div className={ui.toolbarGroup}>
              <FilterSelect
                label={t('agent_filter_login')}
                value={login}
                options={teamLoginFilters.map((v) => ({ value: v, label: t(`agent_login_${v}`) }))}
                onChange={reset(setLogin)}
                testId="agent-team-login"
              />
              <FilterSelect
                label={t('agent_filter_deposit')}
                value={deposit}
                options={teamDepositFilters.map((v) => ({ value: v, label: t(`agent_deposit_${v}`) }))}
                onChange={reset(setDeposit)}
                testId="agent-team-deposit"
              />
              {deposit !== 'all' ? (
                <FilterSelect
                  label={t('agent_filter_within')}
                  value={within}
                  options={[
                    { value: 'all' as const, label: t('agent_all_time') },
                    ...LIST_RANGES.map((r) => ({ value: r, label: t(`agent_range_${r}`) })),
                  ]}
                  onChange={reset(setWithin)}
                />
              ) : null}
            </div>
            {path.length > 0 ? (
              <nav className={styles.crumbs} aria-label={t('agent_pl_path')}>
                <button type="button" className={styles.crumb} onClick={() => reset(setPath)([])}>
                  {t('agent_my_team')}
                </button>
                {path.map((p, i) => (
                  <span key={p.userId} className={styles.crumbStep}>
                    <ChevronRightIcon size={14} />
                    {i === path.length - 1 ? (
                      <span aria-current="page">{p.username}</span>
                    ) : (
                      <button
                        type="button"
                        className={styles.crumb}
                        onClick={() => reset(setPath)(path.slice(0, i + 1))}
                      >
                        {p.username}
                      </button>
                    )}
                  </span>
                ))}
              </nav>
            ) : null}
            <QueryBody
              query={query}
              isEmpty={(d) => d.total === 0}
              empty={{
                title: t(
                  search || login !== 'all' || deposit !== 'all'
                    ? 'agent_team_no_match_title'
                    : 'agent_team_empty_title',
                ),
                text: t(
                  search || login !== 'all' || deposit !== 'all'
                    ? 'agent_team_no_match_text'
                    : 'agent_team_empty_text',
                ),
                icon: <UsersIcon size={28} />,
              }}
            >
              {(d) => (
                <>
                  <AgentTable
                    caption={t('agentCenter_team')}
                    columns={columns}
                    rows={d.list}
                    rowKey={(m) => m.userId}
                    testId="agent-team-table"
                  />
                  <Pager
                    page={d.page}
                    size={d.size}
                    total={d.total}
                    onPage={setPage}
                    busy={query.isFetching}
                  />
                  <p className={ui.note}>{t('agent_balance_note')}</p>
                </>
              )}
            </QueryBody>
          </>
        )}
      </div>
      {open ? <MemberDialog member={open.member} initial={open.mode} onClose={() => setOpen(null)} /> : null}
    </AgentPageFrame>
  );
}
