import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useGetIdentity, useInvalidate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { backoffice, type ContractStatementRow } from '@app/contract';
import { boCall } from '../api/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { count, dateOnly, dateTime } from '../ui/format.ts';
import { money, refusalText } from './approval-rules.ts';

type Node = backoffice.AgentNode;
type Profile = backoffice.AgentProfile;
type Contract = backoffice.AgentContract;
type Currency = Profile['currency'];
type StatementRow = ContractStatementRow & { id: string };

const TREE_PAGE = 50;

const AGENT_TYPE: Record<number, string> = {
  0: 'Player',
  1: 'Agent',
  2: 'Agent',
  4: 'Trial',
  40: 'Non-playing',
  41: 'Agent only',
  42: 'Agent only',
};

const KIND_LABEL: Record<string, string> = {
  dividend: 'Dividend',
  dailySalary: 'Daily salary',
  hourlySalary: 'Hourly salary',
  realTimeSalary: 'Real-time salary',
};

const CONTRACT_STATUS: Record<string, { label: string; tone: string }> = {
  P: { label: 'Offer waiting', tone: 'warn' },
  E: { label: 'Modified offer waiting', tone: 'warn' },
  A: { label: 'Signed', tone: 'ok' },
  V: { label: 'Termination requested', tone: 'warn' },
  C: { label: 'Terminated', tone: 'off' },
  R: { label: 'Rejected', tone: 'off' },
};

const PERIOD_LABEL: Record<string, string> = {
  D: 'daily',
  W: 'weekly',
  H: 'half-monthly',
  M: 'monthly',
};

/** Minor units in the brand's currency, as the desk reads them. */
const minor = (n: number, c: Currency) => money(n / 10 ** c.precision, c.code, c.precision);
const percent = (bp: number) => `${(bp / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;
const lineLabel = (kind: string, productType: string, period: string) =>
  `${KIND_LABEL[kind] ?? kind} · ${productType}${period ? ` · ${PERIOD_LABEL[period] ?? period}` : ''}`;

function Status({ status }: { status: string }) {
  const tone = status === 'active' ? 'ok' : status === 'locked' ? 'off' : 'warn';
  return <span className={`badge badge-${tone}`}>{status.replace('_', ' ')}</span>;
}

// ---- the tree and the search ---------------------------------------------------------------------

/** The Agents page: a username search, and the tree from the top, each agent expanding on demand. */
export function AgentsPage() {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
  };
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Agents</h1>
          <p className="muted">
            The agent tree from the top: open an agent to see its direct downlines, or find one by the start
            of its username.
          </p>
        </div>
      </header>
      <form className="search-bar agent-search" role="search" onSubmit={submit} aria-label="Search agents">
        <label className="field search-field">
          <span className="sr-only">Username</span>
          <input
            name="q"
            type="search"
            placeholder="Start of a username"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (!e.target.value.trim()) setQ('');
            }}
          />
        </label>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      {q ? <AgentSearchResults q={q} /> : <AgentTree />}
    </div>
  );
}

function AgentSearchResults({ q }: { q: string }) {
  const navigate = useNavigate();
  const columns = useMemo<ColumnDef<Node>[]>(() => nodeColumns(), []);
  const { reactTable, refineCore } = useTable<Node>({
    columns,
    refineCoreProps: {
      resource: 'agents',
      pagination: { pageSize: 25, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server', permanent: [{ field: 'q', operator: 'startswith', value: q }] },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  return (
    <DataTable
      table={reactTable}
      core={refineCore}
      label="Members found"
      empty={{ title: `No member's username starts with "${q}".`, hint: 'Check the spelling, or type less.' }}
      onRowClick={(row) => navigate(`/agents/${row.id}`)}
    />
  );
}

function nodeColumns(): ColumnDef<Node>[] {
  return [
    {
      id: 'username',
      header: 'Username',
      cell: ({ row }) => (
        <Link className="mono" to={`/agents/${row.original.id}`} onClick={(e) => e.stopPropagation()}>
          {row.original.username}
        </Link>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row }) => AGENT_TYPE[row.original.agentType] ?? row.original.agentType,
    },
    { id: 'status', header: 'Status', cell: ({ row }) => <Status status={row.original.status} /> },
    {
      id: 'series',
      header: 'Prize group',
      cell: ({ row }) => row.original.lotterySeries,
      meta: { className: 'num' },
    },
    {
      id: 'direct',
      header: 'Direct downlines',
      cell: ({ row }) => count(row.original.directDownlines),
      meta: { className: 'num' },
    },
    {
      id: 'agents',
      header: 'Of them agents',
      cell: ({ row }) => count(row.original.directAgents),
      meta: { className: 'num' },
    },
    { id: 'joined', header: 'Joined', cell: ({ row }) => dateOnly(row.original.createdAt) },
  ];
}

/** One level of the tree: the top agents, or an agent's downline agents, fetched a page at a time. */
function useLevel(parentId: number | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: ['bo', 'agent-tree', parentId],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      boCall(backoffice.boAgentTree, {
        query: { ...(parentId ? { parentId } : {}), show: 'agents', page: pageParam, size: TREE_PAGE },
      }),
    getNextPageParam: (last) => (last.page * last.size < last.total ? last.page + 1 : undefined),
  });
}

function AgentTree() {
  const level = useLevel(null);
  const nodes = level.data?.pages.flatMap((p) => p.list) ?? [];
  const total = level.data?.pages[0]?.total ?? 0;
  return (
    <section className="panel" aria-label="Agent tree">
      <div className="panel-head">
        <h2>Top agents</h2>
        <span className="muted small">{level.data ? `${count(total)} under the platform` : ''}</span>
      </div>
      <div className="tree-head" aria-hidden="true">
        <span>Agent</span>
        <span className="num">Prize group</span>
        <span className="num">Direct downlines</span>
        <span className="num">Of them agents</span>
        <span>Status</span>
      </div>
      {level.isLoading ? <Loading /> : null}
      {level.isError ? <Failed error={level.error} retry={() => void level.refetch()} /> : null}
      {level.isSuccess && nodes.length === 0 ? (
        <Empty title="No agents yet.">Agents appear here once the platform has signed its first one.</Empty>
      ) : null}
      <ul className="tree" role="tree" aria-label="Agents">
        {nodes.map((n) => (
          <TreeNode key={n.id} node={n} depth={0} />
        ))}
      </ul>
      {level.hasNextPage ? (
        <button
          type="button"
          className="button"
          disabled={level.isFetchingNextPage}
          onClick={() => void level.fetchNextPage()}
        >
          Show {Math.min(TREE_PAGE, total - nodes.length)} more of {count(total - nodes.length)}
        </button>
      ) : null}
    </section>
  );
}

function TreeNode({ node, depth }: { node: Node; depth: number }) {
  const [open, setOpen] = useState(false);
  const level = useLevel(node.id, open);
  const children = level.data?.pages.flatMap((p) => p.list) ?? [];
  const total = level.data?.pages[0]?.total ?? node.directAgents;
  const expandable = node.directAgents > 0;
  return (
    <li role="treeitem" aria-expanded={expandable ? open : undefined} aria-level={depth + 1}>
      <div className="tree-row" style={{ paddingLeft: depth * 22 }}>
        <span className="tree-name">
          {expandable ? (
            <button
              type="button"
              className="tree-toggle"
              aria-label={`${open ? 'Close' : 'Open'} ${node.username}'s downline agents`}
              onClick={() => setOpen(!open)}
            >
              {open ? '▾' : '▸'}
            </button>
          ) : (
            <span className="tree-toggle tree-leaf" aria-hidden="true">
              ·
            </span>
          )}
          <Link className="mono" to={`/agents/${node.id}`}>
            {node.username}
          </Link>
        </span>
        <span className="num">{node.lotterySeries}</span>
        <span className="num">{count(node.directDownlines)}</span>
        <span className="num">{count(node.directAgents)}</span>
        <span>
          <Status status={node.status} />
        </span>
      </div>
      {open ? (
        <ul role="group">
          {level.isLoading ? (
            <li className="muted small tree-note" style={{ paddingLeft: (depth + 1) * 22 + 28 }}>
              Loading…
            </li>
          ) : null}
          {level.isError ? (
            <li>
              <Failed error={level.error} retry={() => void level.refetch()} />
            </li>
          ) : null}
          {children.map((c) => (
            <TreeNode key={c.id} node={c} depth={depth + 1} />
          ))}
          {level.hasNextPage ? (
            <li style={{ paddingLeft: (depth + 1) * 22 + 28 }}>
              <button
                type="button"
                className="link-button"
                disabled={level.isFetchingNextPage}
                onClick={() => void level.fetchNextPage()}
              >
                Show more ({count(total - children.length)} left)
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}

// ---- an agent's page -------------------------------------------------------------------------------

const TABS = ['overview', 'downlines', 'contracts', 'statements'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = {
  overview: 'Overview',
  downlines: 'Downlines',
  contracts: 'Contracts',
  statements: 'Statements',
};
const RANGE_LABEL: Record<backoffice.AgentProfileQuery['range'] & string, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7Days: 'Last 7 days',
  thisWeek: 'This week',
  lastWeek: 'Last week',
  thisMonth: 'This month',
  lastMonth: 'Last month',
};

export function AgentShowPage() {
  const { id } = useParams();
  const agentId = Number(id);
  const [tab, setTab] = useState<Tab>('overview');
  const [range, setRange] = useState<keyof typeof RANGE_LABEL>('thisMonth');
  const query = useQuery({
    queryKey: ['bo', 'agent-profile', agentId, range],
    queryFn: () => boCall(backoffice.boAgentProfile, { query: { id: agentId, range } }),
    enabled: Number.isSafeInteger(agentId) && agentId > 0,
    placeholderData: (prev) => prev,
  });
  const p = query.data;
  return (
    <div className="page" key={agentId}>
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/agents">Agents</Link>
        {p?.uplines.map((u) => (
          <span key={u.id}>
            {' '}
            <span aria-hidden="true">/</span> <Link to={`/agents/${u.id}`}>{u.username}</Link>
          </span>
        ))}{' '}
        <span aria-hidden="true">/</span> <span>{p?.agent.username ?? id}</span>
      </nav>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {p ? (
        <>
          <header className="page-head">
            <div>
              <h1 className="mono">{p.agent.username}</h1>
              <p className="muted">
                {AGENT_TYPE[p.agent.agentType] ?? p.agent.agentType} · <Status status={p.agent.status} /> ·
                joined {dateOnly(p.agent.createdAt)}
                {p.uplines.length ? ` · under ${p.uplines.at(-1)!.username}` : ' · under the platform'}
              </p>
            </div>
            <Link className="button" to={`/players/${p.agent.id}`}>
              Open as a player
            </Link>
          </header>
          <div className="tabs" role="tablist" aria-label="Agent">
            {TABS.map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                className={tab === t ? 'tab active' : 'tab'}
                onClick={() => setTab(t)}
              >
                {TAB_LABEL[t]}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={TAB_LABEL[tab]}>
            {tab === 'overview' ? <OverviewTab p={p} range={range} setRange={setRange} /> : null}
            {tab === 'downlines' ? <DownlinesTab id={agentId} /> : null}
            {tab === 'contracts' ? <ContractsTab id={agentId} currency={p.currency} /> : null}
            {tab === 'statements' ? <StatementsTab id={agentId} currency={p.currency} /> : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function OverviewTab({
  p,
  range,
  setRange,
}: {
  p: Profile;
  range: keyof typeof RANGE_LABEL;
  setRange: (r: keyof typeof RANGE_LABEL) => void;
}) {
  const t = p.team;
  const c = p.currency;
  const m = (n: number) => money(n, c.code, c.precision);
  const a = t.range.amounts;
  return (
    <div className="agent-overview">
      <section className="panel" aria-label="Profile">
        <h2>Profile and rebates</h2>
        <Facts
          rows={[
            ['Prize group (lottery)', p.agent.lotterySeries],
            [
              'Rebates',
              p.rebates.length
                ? p.rebates.map((r) => `${r.product} ${percent(r.rateBp)}`).join(' · ')
                : 'None set',
            ],
            ['E-mail', p.email ?? '—'],
            ['Last login', p.lastLoginAt ? dateTime(p.lastLoginAt) : '—'],
            ['Team members', count(t.members.team)],
            ['Direct members', count(t.members.direct)],
            ['Online now', count(t.todayTeam.online)],
            ['Team balance', m(t.balance.team)],
          ]}
        />
      </section>
      <section className="panel" aria-label="Team figures">
        <div className="panel-head">
          <h2>Team figures</h2>
          <label className="field inline-field">
            <span className="muted small">Range</span>
            <select
              aria-label="Range"
              value={range}
              onChange={(e) => setRange(e.target.value as keyof typeof RANGE_LABEL)}
            >
              {Object.entries(RANGE_LABEL).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className="muted small">
          {t.range.startDay === t.range.endDay
            ? t.range.startDay
            : `${t.range.startDay} to ${t.range.endDay}`}{' '}
          · report days of {t.timeZone}
          {t.asOf ? ` · figures as of ${dateTime(t.asOf)}` : ''}. The team with the agent's own play.
        </p>
        <div className="tiles">
          <Tile label="Bets" value={m(a.betAmount)} note={`${count(a.betCount)} bets`} />
          <Tile label="Valid bet" value={m(a.validBet)} />
          <Tile label="Win / loss (players)" value={m(a.winLoss)} />
          <Tile label="Rebates" value={m(a.rebate)} />
          <Tile label="Deposits" value={m(a.deposit)} note={`${count(a.depositCount)} deposits`} />
          <Tile
            label="Withdrawals"
            value={m(a.withdrawal)}
            note={`${count(a.withdrawalCount)} withdrawals`}
          />
          <Tile label="Promotions" value={m(a.promotion)} />
          <Tile
            label="Registrations"
            value={count(t.range.counts.registrations)}
            note={`${count(t.range.counts.firstDeposits)} first deposits`}
          />
          <Tile label="Bettors" value={count(t.range.counts.bettors)} />
          <Tile label="Depositors" value={count(t.range.counts.depositors)} />
          <Tile label="Logins" value={count(t.range.counts.logins)} />
          <Tile label="First bets" value={count(t.range.counts.firstBets)} />
        </div>
      </section>
    </div>
  );
}

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="tile">
      <span className="tile-label">{label}</span>
      <span className="tile-value tile-value-small">{value}</span>
      {note ? <span className="muted small">{note}</span> : null}
    </div>
  );
}

function DownlinesTab({ id }: { id: number }) {
  const navigate = useNavigate();
  const [show, setShow] = useState<'all' | 'agents'>('all');
  const columns = useMemo<ColumnDef<Node>[]>(() => nodeColumns(), []);
  const { reactTable, refineCore } = useTable<Node>({
    columns,
    refineCoreProps: {
      resource: 'agent-downlines',
      pagination: { pageSize: 25, mode: 'server' },
      sorters: { mode: 'off' },
      filters: {
        mode: 'server',
        permanent: [
          { field: 'parentId', operator: 'eq', value: id },
          { field: 'show', operator: 'eq', value: show },
        ],
      },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  return (
    <div className="stack">
      <div className="toolbar">
        <label className="check">
          <input
            type="checkbox"
            checked={show === 'agents'}
            onChange={(e) => setShow(e.target.checked ? 'agents' : 'all')}
          />
          Agents only
        </label>
      </div>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Direct downlines"
        empty={{ title: 'No direct downlines.' }}
        onRowClick={(row) => navigate(`/agents/${row.id}`)}
      />
    </div>
  );
}

// ---- contracts ---------------------------------------------------------------------------------

function ContractsTab({ id, currency }: { id: number; currency: Currency }) {
  const query = useQuery({
    queryKey: ['bo', 'agent-contracts', id],
    queryFn: () => boCall(backoffice.boAgentContracts, { query: { id } }),
  });
  if (query.isLoading) return <Loading />;
  if (query.isError) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const c = query.data!;
  return (
    <div className="stack">
      <section className="panel" aria-label="Contracts held">
        <h2>Contracts it holds</h2>
        {c.held.length ? (
          c.held.map((x) => <ContractCard key={x.id} c={x} side="held" currency={currency} />)
        ) : (
          <p className="muted">No contract: its upline has offered none.</p>
        )}
      </section>
      <section className="panel" aria-label="Contracts given">
        <h2>
          Contracts it gave its downlines{' '}
          <span className="muted small">
            {c.givenTotal > c.given.length
              ? `(the ${c.given.length} changed last of ${count(c.givenTotal)})`
              : ''}
          </span>
        </h2>
        {c.given.length ? (
          c.given.map((x) => <ContractCard key={x.id} c={x} side="given" currency={currency} />)
        ) : (
          <p className="muted">None given.</p>
        )}
      </section>
    </div>
  );
}

function ContractCard({ c, side, currency }: { c: Contract; side: 'held' | 'given'; currency: Currency }) {
  const s = CONTRACT_STATUS[c.status] ?? { label: c.status, tone: 'warn' };
  const terms = (c.acceptedTerms ?? c.terms) as { tiers?: Record<string, unknown>[] };
  return (
    <article className="contract-card" data-testid={`contract-${c.id}`}>
      <header className="panel-head">
        <div>
          <strong>{lineLabel(c.kind, c.productType, c.period)}</strong>{' '}
          <span className="muted small">
            #{c.id} ·{' '}
            {side === 'held' ? (
              <>from {c.uplineUsername ?? 'the platform'}</>
            ) : (
              <>
                to <Link to={`/agents/${c.downlineId}`}>{c.downlineUsername}</Link>
              </>
            )}{' '}
            · version {c.version}
          </span>
        </div>
        <span className={`badge badge-${s.tone}`}>{s.label}</span>
      </header>
      <TiersTable tiers={terms.tiers ?? []} currency={currency} />
      {c.acceptedTerms && c.status === 'E' ? (
        <p className="muted small">
          The terms above are in force; a modified offer waits for the downline's answer.
        </p>
      ) : null}
      <details>
        <summary className="small">History ({c.events.length})</summary>
        <ol className="timeline small">
          {c.events.map((e, i) => (
            <li key={i}>
              {dateTime(e.at)} · {e.action} by {e.actorUsername ?? e.actor} · {e.fromStatus ?? '—'} →{' '}
              {e.toStatus}
            </li>
          ))}
        </ol>
      </details>
    </article>
  );
}

const FIELD_LABEL: Record<string, string> = {
  minimumBet: 'Min. bet ≥',
  netLoss: 'Net loss ≥',
  activeMember: 'Active members ≥',
  periodicTotalBet: 'Weekly bet ≥',
  contractRate: 'Rate',
  betVolume: 'Team bet ≥',
  rateType: 'Rate type',
  rate: 'Rate',
  betAmount: 'Draw bet ≥',
  lossRate: 'Loss rate',
  winRate: 'Win rate',
};

const AMOUNT_FIELDS = new Set(['minimumBet', 'netLoss', 'periodicTotalBet', 'betVolume', 'betAmount']);
const RATE_FIELDS = new Set(['contractRate', 'rate', 'lossRate', 'winRate']);

/** A contract's tiers as the desk reads them: thresholds in money, rates in percent (or a fixed amount). */
function TiersTable({ tiers, currency }: { tiers: Record<string, unknown>[]; currency: Currency }) {
  if (!tiers.length) return null;
  const fields = Object.keys(tiers[0]!);
  const cell = (t: Record<string, unknown>, f: string): string => {
    const v = t[f];
    if (typeof v !== 'number') return f === 'rateType' ? (v === 'F' ? 'Fixed' : 'Percent') : String(v);
    if (AMOUNT_FIELDS.has(f)) return minor(v, currency);
    if (RATE_FIELDS.has(f)) return t.rateType === 'F' && f === 'rate' ? minor(v, currency) : percent(v);
    return count(v);
  };
  return (
    <div className="table-scroll">
      <table className="grid grid-compact" aria-label="Tiers">
        <thead>
          <tr>
            <th>Tier</th>
            {fields.map((f) => (
              <th key={f} className={f === 'rateType' ? undefined : 'num'}>
                {FIELD_LABEL[f] ?? f}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tiers.map((t, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              {fields.map((f) => (
                <td key={f} className={f === 'rateType' ? undefined : 'num'}>
                  {cell(t, f)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// ---- statements --------------------------------------------------------------------------------

function periodText(r: StatementRow['period']): string {
  if (['D', 'W', 'H', 'M'].includes(r.code))
    return r.startDay === r.endDay ? r.startDay : `${r.startDay} to ${r.endDay}`;
  const t = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${dateOnly(r.start)} ${t(r.start)}–${t(r.end)}`;
}

function StatementsTab({ id, currency }: { id: number; currency: Currency }) {
  const [kind, setKind] = useState('');
  return (
    <div className="stack">
      <div className="toolbar">
        <label className="field inline-field">
          <span className="muted small">Contract kind</span>
          <select aria-label="Contract kind" value={kind} onChange={(e) => setKind(e.target.value)}>
            <option value="">All kinds</option>
            {Object.entries(KIND_LABEL).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <StatementsTable key={kind} id={id} kind={kind} currency={currency} />
    </div>
  );
}

function StatementsTable({ id, kind, currency }: { id: number; kind: string; currency: Currency }) {
  const [open, setOpen] = useState<StatementRow | null>(null);
  const columns = useMemo<ColumnDef<StatementRow>[]>(
    () => [
      { id: 'period', header: 'Period', cell: ({ row }) => periodText(row.original.period) },
      {
        id: 'line',
        header: 'Contract',
        cell: ({ row }) =>
          lineLabel(
            row.original.kind,
            row.original.productType,
            row.original.period.code.length === 1 && row.original.kind === 'dividend'
              ? row.original.period.code
              : '',
          ),
      },
      {
        id: 'bet',
        header: 'Team bet',
        cell: ({ row }) => minor(row.original.statement.inputs.bet, currency),
        meta: { className: 'num' },
      },
      {
        id: 'tier',
        header: 'Tier',
        cell: ({ row }) => (row.original.statement.tier >= 0 ? row.original.statement.tier + 1 : 'none'),
        meta: { className: 'num' },
      },
      {
        id: 'amount',
        header: 'Own amount',
        cell: ({ row }) => minor(row.original.statement.amount, currency),
        meta: { className: 'num' },
      },
      {
        id: 'deductions',
        header: 'Owed downlines',
        cell: ({ row }) =>
          minor(
            row.original.statement.deductions.reduce((s, d) => s + d.amount, 0),
            currency,
          ),
        meta: { className: 'num' },
      },
      {
        id: 'pay',
        header: 'Pay',
        cell: ({ row }) => <strong>{minor(row.original.statement.pay, currency)}</strong>,
        meta: { className: 'num' },
      },
      {
        id: 'paid',
        header: 'Paid',
        cell: ({ row }) => minor(row.original.paid, currency),
        meta: { className: 'num' },
      },
      {
        id: 'revision',
        header: 'Runs',
        cell: ({ row }) => (row.original.revision > 1 ? `${row.original.revision} (corrected)` : '1'),
      },
    ],
    [currency],
  );
  const { reactTable, refineCore } = useTable<StatementRow>({
    columns,
    refineCoreProps: {
      resource: 'agent-statements',
      pagination: { pageSize: 20, mode: 'server' },
      sorters: { mode: 'off' },
      filters: {
        mode: 'server',
        permanent: [
          { field: 'id', operator: 'eq', value: id },
          { field: 'kind', operator: 'eq', value: kind },
        ],
      },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  return (
    <>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Settlement statements"
        empty={{
          title: 'No statements yet.',
          hint: 'A statement is stored once a period of one of its contracts is settled with something in it.',
        }}
        onRowClick={(row) => setOpen(row)}
      />
      <Dialog
        open={open !== null}
        title={open ? `Statement · ${periodText(open.period)}` : ''}
        onClose={() => setOpen(null)}
      >
        {open ? <StatementView row={open} currency={currency} onClose={() => setOpen(null)} /> : null}
      </Dialog>
    </>
  );
}

/** A statement as a finance person reads it: from the team's figures down to what was paid. */
function StatementView({
  row,
  currency,
  onClose,
}: {
  row: StatementRow;
  currency: Currency;
  onClose: () => void;
}) {
  const s = row.statement;
  const m = (n: number) => minor(n, currency);
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  const canSettle = me?.permissions.includes('agent.settle') ?? false;
  const [rerun, setRerun] = useState(false);
  const rate =
    s.rateType === 'F'
      ? `${m(s.rate)} fixed`
      : s.rateType === null && s.kind === 'realTimeSalary'
        ? 'per draw'
        : percent(s.rate);
  const owed = s.deductions.reduce((x, d) => x + d.amount, 0);
  if (rerun) return <RerunPanel row={row} currency={currency} onDone={onClose} />;
  return (
    <div className="statement" data-testid="statement">
      <p className="muted small">
        {lineLabel(row.kind, row.productType, row.kind === 'dividend' ? row.period.code : '')} · contract #
        {row.contractId} · period key <span className="mono">{row.period.key}</span>
      </p>
      <table className="ledger-table" aria-label="Statement">
        <tbody>
          <tr className="section">
            <th colSpan={2}>The team's figures</th>
          </tr>
          <tr>
            <th>Team bet</th>
            <td className="num">{m(s.inputs.bet)}</td>
          </tr>
          {s.inputs.periodNet !== null ? (
            <tr>
              <th>Period net (players' loss less deductions)</th>
              <td className="num">{m(s.inputs.periodNet)}</td>
            </tr>
          ) : null}
          {s.inputs.carriedIn !== null ? (
            <tr>
              <th>Loss carried in</th>
              <td className="num">{m(s.inputs.carriedIn)}</td>
            </tr>
          ) : null}
          {s.inputs.activeMembers !== null ? (
            <tr>
              <th>Active members</th>
              <td className="num">{count(s.inputs.activeMembers)}</td>
            </tr>
          ) : null}
          {s.inputs.draws !== null ? (
            <tr>
              <th>Player-draws</th>
              <td className="num">{count(s.inputs.draws)}</td>
            </tr>
          ) : null}
          <tr className="section">
            <th colSpan={2}>The contract</th>
          </tr>
          <tr>
            <th>Base the rate applies to</th>
            <td className="num">{m(s.base)}</td>
          </tr>
          <tr>
            <th>Tier reached</th>
            <td className="num">{s.tier >= 0 ? `Tier ${s.tier + 1}` : 'None'}</td>
          </tr>
          <tr>
            <th>Rate</th>
            <td className="num">{rate}</td>
          </tr>
          <tr className="total">
            <th>Own amount on the whole team</th>
            <td className="num">{m(s.amount)}</td>
          </tr>
          <tr className="section">
            <th colSpan={2}>Owed to direct downlines</th>
          </tr>
          {row.downlines.length ? (
            row.downlines.map((d) => (
              <tr key={d.downlineId}>
                <th>
                  − <Link to={`/agents/${d.downlineId}`}>{d.username}</Link>{' '}
                  <span className="muted small">contract #{d.contractId}</span>
                </th>
                <td className="num">{m(d.amount)}</td>
              </tr>
            ))
          ) : (
            <tr>
              <th className="muted">None</th>
              <td className="num">{m(0)}</td>
            </tr>
          )}
          <tr>
            <th>Deficit brought in</th>
            <td className="num">{m(s.deficitIn)}</td>
          </tr>
          <tr>
            <th>Recovered from it this period</th>
            <td className="num">{m(s.recovered)}</td>
          </tr>
          <tr className="total">
            <th>Pay (own amount − owed − recovered, never below 0)</th>
            <td className="num">
              <strong data-testid="statement-pay">{m(s.pay)}</strong>
            </td>
          </tr>
          <tr>
            <th>Deficit carried out</th>
            <td className="num">{m(s.deficitOut)}</td>
          </tr>
          {s.carryOut !== null ? (
            <tr>
              <th>Loss carried out</th>
              <td className="num">{m(s.carryOut)}</td>
            </tr>
          ) : null}
          <tr className="section">
            <th colSpan={2}>Paid</th>
          </tr>
          <tr>
            <th>Credited for this period in all</th>
            <td className="num">
              <strong data-testid="statement-paid">{m(row.paid)}</strong>
            </td>
          </tr>
          <tr>
            <th>Settlement runs that changed it</th>
            <td className="num">
              {row.revision} · last {dateTime(row.settledAt)}
            </td>
          </tr>
        </tbody>
      </table>
      {owed > s.amount ? (
        <p className="notice">
          The downlines were owed more than the agent's own amount: the shortfall is its deficit.
        </p>
      ) : null}
      <div className="form-actions">
        {canSettle ? (
          <button type="button" className="button button-primary" onClick={() => setRerun(true)}>
            Re-run this period…
          </button>
        ) : null}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** The re-run: what it would change first (a dry run on the server), then a reason and the confirmation. */
function RerunPanel({
  row,
  currency,
  onDone,
}: {
  row: StatementRow;
  currency: Currency;
  onDone: () => void;
}) {
  const m = (n: number) => minor(n, currency);
  const target = { contractId: row.contractId, periodKey: row.period.key };
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const preview = useQuery({
    queryKey: ['bo', 'agent-rerun-preview', target.contractId, target.periodKey],
    queryFn: () => boCall(backoffice.boAgentRerunPreview, { body: target }),
    gcTime: 0,
    staleTime: 0,
  });
  const mutation = useMutation({
    mutationFn: () => boCall(backoffice.boAgentRerun, { body: { ...target, reason: reason.trim() } }),
    onSuccess: async () => {
      await invalidate({ resource: 'agent-statements', invalidates: ['list'] });
      await client.invalidateQueries({ queryKey: ['bo', 'agent-profile'] });
    },
  });
  const result = mutation.data;
  const shown = result ?? preview.data;
  return (
    <div className="statement" data-testid="rerun">
      <p className="muted small">
        {lineLabel(row.kind, row.productType, row.kind === 'dividend' ? row.period.code : '')} · period{' '}
        <span className="mono">{row.period.key}</span>. The period is computed again from today's figures, for
        every agent on the line; only a higher pay is credited, the difference, once. A lower pay is not taken
        back: it joins the agent's deficit.
      </p>
      {preview.isLoading ? <Loading label="Computing what a re-run would change…" /> : null}
      {preview.isError ? <Failed error={preview.error} retry={() => void preview.refetch()} /> : null}
      {shown ? (
        <>
          <p className={result ? 'notice notice-ok' : 'notice'} role="status" data-testid="rerun-summary">
            {result
              ? result.credited > 0 || result.corrected > 0
                ? `Re-run done: ${count(result.corrected)} statement(s) corrected, ${m(result.credited)} credited.`
                : 'Re-run done: nothing had changed, nothing was credited.'
              : shown.credited > 0 || shown.corrected > 0
                ? `A re-run now would correct ${count(shown.corrected)} statement(s) and credit ${m(shown.credited)}.`
                : 'A re-run now would change nothing: the figures are the same as when it was settled.'}
          </p>
          <div className="table-scroll">
            <table className="grid grid-compact" aria-label="Changes">
              <thead>
                <tr>
                  <th>Agent</th>
                  <th className="num">Pay before</th>
                  <th className="num">Pay after</th>
                  <th className="num">Paid before</th>
                  <th className="num">Credit</th>
                  <th className="num">Deficit after</th>
                </tr>
              </thead>
              <tbody>
                {shown.changes.map((c) => (
                  <tr key={c.agentId} className={c.changed ? undefined : 'muted'}>
                    <td className="mono">{c.username}</td>
                    <td className="num">{c.before ? m(c.before.pay) : '—'}</td>
                    <td className="num">{c.after ? m(c.after.pay) : '—'}</td>
                    <td className="num">{m(c.paidBefore)}</td>
                    <td className="num">
                      <strong>{m(c.credit)}</strong>
                    </td>
                    <td className="num">{c.after ? m(c.after.deficitOut) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {result ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={onDone}>
            Close
          </button>
        </div>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) mutation.mutate();
          }}
        >
          <label className="field">
            <span>Reason (kept in the audit log)</span>
            <textarea
              name="reason"
              rows={2}
              maxLength={200}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </label>
          {mutation.isError ? (
            <p className="notice notice-error" role="alert">
              {refusalText(mutation.error)}
            </p>
          ) : null}
          <div className="form-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={!reason.trim() || mutation.isPending || !preview.isSuccess}
            >
              {mutation.isPending ? 'Re-running…' : 'Re-run the period'}
            </button>
            <button type="button" className="button" onClick={onDone}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
