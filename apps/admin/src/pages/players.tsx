import { useMemo, useState, type FormEvent } from 'react';
import { useGetIdentity, useInvalidate, useOne } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { guessSearchKey, SEARCH_KEY_LABEL, searchPrefix } from '../api/player-search.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Icon } from '../ui/icon.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { dateTime } from '../ui/format.ts';
import { money, refusalText } from './approval-rules.ts';
import { BonusesTab } from './player-bonuses.tsx';

type Summary = backoffice.PlayerSummary;
type Profile = backoffice.PlayerProfile;

const STATUS: Record<string, { label: string; tone: string }> = {
  active: { label: 'Active', tone: 'ok' },
  login_forbidden: { label: 'Login forbidden by agent', tone: 'warn' },
  locked: { label: 'Locked', tone: 'off' },
};

function PlayerStatus({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status, tone: 'warn' };
  return (
    <span className={`badge badge-${s.tone}`} data-testid="player-status">
      {s.label}
    </span>
  );
}

/** The search: one box for any key (the key is guessed from what is typed, or chosen), results paged on the server. */
export function PlayersPage() {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<'' | backoffice.PlayerSearchKey>('');
  const key = chosen || guessSearchKey(typed);
  const columns = useMemo<ColumnDef<Summary>[]>(
    () => [
      {
        id: 'username',
        header: 'Username',
        accessorKey: 'username',
        cell: ({ row }) => (
          <Link className="mono" to={`/players/${row.original.id}`} onClick={(e) => e.stopPropagation()}>
            {row.original.username}
          </Link>
        ),
      },
      { id: 'status', header: 'Status', cell: ({ row }) => <PlayerStatus status={row.original.status} /> },
      {
        id: 'matched',
        header: 'Matched',
        cell: ({ row }) => <span className="mono">{row.original.matched}</span>,
      },
      { id: 'phone', header: 'Phone', cell: ({ row }) => row.original.phone ?? '—' },
      { id: 'email', header: 'E-mail', cell: ({ row }) => row.original.email ?? '—' },
      { id: 'registeredAt', header: 'Registered', cell: ({ row }) => dateTime(row.original.registeredAt) },
      {
        id: 'lastLogin',
        header: 'Last login',
        cell: ({ row }) =>
          row.original.lastLoginAt ? (
            <span>
              {dateTime(row.original.lastLoginAt)}{' '}
              <span className="mono muted small">{row.original.lastLoginIp}</span>
            </span>
          ) : (
            '—'
          ),
      },
    ],
    [],
  );
  const { reactTable, refineCore } = useTable<Summary>({
    columns,
    refineCoreProps: {
      resource: 'players',
      pagination: { pageSize: 25, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server', initial: [] },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  const searched = refineCore.filters.some((f) => 'field' in f && f.field === 'q' && f.value);
  const capped = (refineCore.tableQuery.data as { capped?: boolean } | undefined)?.capped;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = searchPrefix(key, typed);
    if (!q) return;
    refineCore.setFilters(
      [
        { field: 'key', operator: 'eq', value: key },
        { field: 'q', operator: 'startswith', value: q },
      ],
      'replace',
    );
  };
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Players</h1>
          <p className="muted">
            Type the start of a username, phone number, e-mail, bank account number or IP address.
          </p>
        </div>
      </header>
      <form className="search-bar" role="search" onSubmit={submit} aria-label="Search players">
        <label className="field search-field">
          <span className="sr-only">Search</span>
          <input
            name="q"
            type="search"
            placeholder="username, phone, e-mail, bank account or IP"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
          />
        </label>
        <label className="field">
          <span className="sr-only">Search by</span>
          <select
            name="key"
            aria-label="Search by"
            value={chosen}
            onChange={(e) => setChosen(e.target.value as typeof chosen)}
          >
            <option value="">
              Any key ({typed.trim() ? SEARCH_KEY_LABEL[guessSearchKey(typed)] : 'guessed'})
            </option>
            {backoffice.playerSearchKeys.map((k) => (
              <option key={k} value={k}>
                {SEARCH_KEY_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          <Icon name="search" />
          Search
        </button>
      </form>
      {searched ? (
        <>
          {capped ? (
            <p className="notice" role="status">
              More than {backoffice.PLAYER_SEARCH_COUNT_CAP.toLocaleString()} players match: type more to
              narrow it.
            </p>
          ) : null}
          <DataTable
            table={reactTable}
            core={refineCore}
            cards
            label="Players found"
            empty={{ title: 'No player matches.', hint: 'Check the key, or choose it by hand.' }}
            onRowClick={(p) => void navigate(`/players/${p.id}`)}
          />
        </>
      ) : (
        <Empty title="Search for a player to begin." />
      )}
    </div>
  );
}

const TABS = [
  'profile',
  'balances',
  'bonuses',
  'ledger',
  'bets',
  'sessions',
  'logins',
  'notes',
  'limits',
] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = {
  profile: 'Profile',
  balances: 'Balances',
  bonuses: 'Bonuses & wagering',
  ledger: 'Ledger',
  bets: 'Bets',
  sessions: 'Sessions & devices',
  logins: 'Logins & IPs',
  notes: 'Notes',
  limits: 'Limits & exclusions',
};

type PlayerAction = 'lock' | 'unlock' | 'force' | 'end' | 'adjust';
const PLAYER_ACTION: Record<PlayerAction, { label: string; tone: string; what: string }> = {
  lock: {
    label: 'Lock',
    tone: 'button-danger',
    what: 'The player is signed out everywhere and cannot log in until unlocked.',
  },
  unlock: { label: 'Unlock', tone: 'button', what: 'The player can log in again.' },
  force: {
    label: 'Force password change',
    tone: 'button',
    what: 'The player must choose a new password at the next login.',
  },
  end: {
    label: 'End sessions',
    tone: 'button',
    what: 'Every session of the player ends now; they log in again.',
  },
  adjust: {
    label: 'Adjust balance',
    tone: 'button-primary',
    what: 'Credits or debits the main wallet through the ledger.',
  },
};

/** A player's page: the tabs, and the actions the role allows, each behind a confirmation. */
export function PlayerShowPage() {
  const { id } = useParams();
  const playerId = Number(id);
  const [tab, setTab] = useState<Tab>('profile');
  const [acting, setActing] = useState<PlayerAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { query } = useOne<Profile>({ resource: 'players', id: id ?? '' });
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  const profile = query.data?.data;
  const can = (p: backoffice.StaffPermission) => me?.permissions.includes(p) ?? false;
  const actions: PlayerAction[] = [];
  if (profile && can('player.lock')) {
    actions.push(profile.status === 'locked' ? 'unlock' : 'lock', 'force', 'end');
  }
  if (profile && can('player.adjust')) actions.push('adjust');
  return (
    <div className="page">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/players">Players</Link> <span aria-hidden="true">/</span>{' '}
        <span>{profile?.username ?? id}</span>
      </nav>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {profile ? (
        <>
          <header className="page-head">
            <div>
              <h1 className="mono">{profile.username}</h1>
              <p className="muted">
                <PlayerStatus status={profile.status} /> · registered {dateTime(profile.registeredAt)}
                {profile.upline ? ` · under ${profile.upline.username}` : ''}
              </p>
            </div>
            <div className="head-actions item-actions" data-testid="player-actions">
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`button ${PLAYER_ACTION[a].tone}`}
                  onClick={() => setActing(a)}
                >
                  {PLAYER_ACTION[a].label}
                </button>
              ))}
            </div>
          </header>
          {done ? (
            <p className="notice notice-ok" role="status" data-testid="action-done">
              {done}
            </p>
          ) : null}
          <div className="tabs" role="tablist" aria-label="Player">
            {TABS.filter((t) => t !== 'limits' || can('player.lock')).map((t) => (
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
            {tab === 'profile' ? <ProfileTab profile={profile} /> : null}
            {tab === 'balances' ? <BalancesTab id={playerId} /> : null}
            {tab === 'bonuses' ? (
              <BonusesTab id={playerId} username={profile.username} permissions={me?.permissions ?? []} />
            ) : null}
            {tab === 'ledger' ? <LedgerTab id={playerId} /> : null}
            {tab === 'bets' ? <BetsTab id={playerId} /> : null}
            {tab === 'sessions' ? <SessionsTab id={playerId} /> : null}
            {tab === 'logins' ? <LoginsTab id={playerId} /> : null}
            {tab === 'notes' ? <NotesTab id={playerId} /> : null}
            {tab === 'limits' ? <LimitsTab id={playerId} canSet={can('player.limits')} /> : null}
          </div>
          <Dialog
            open={acting !== null}
            title={acting ? `${PLAYER_ACTION[acting].label}: ${profile.username}` : ''}
            onClose={() => setActing(null)}
          >
            {acting ? (
              <PlayerActionForm
                id={playerId}
                action={acting}
                onDone={(message) => {
                  setActing(null);
                  setDone(message);
                }}
              />
            ) : null}
          </Dialog>
        </>
      ) : null}
    </div>
  );
}

function PlayerActionForm({
  id,
  action,
  onDone,
}: {
  id: number;
  action: PlayerAction;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  // One key per opened form: a retry of the same adjustment moves the money once (the server's rule).
  const [requestKey] = useState(() => crypto.randomUUID());
  const invalidate = useInvalidate();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (): Promise<string> => {
      const body = { id, reason: reason.trim() };
      if (action === 'adjust') {
        const res = await boCall(backoffice.boPlayerAdjust, {
          body: { ...body, direction, amount: Number(amount), requestKey },
        });
        return `${direction === 'credit' ? 'Credited' : 'Debited'} ${amount}: the total is now ${money(res.balances.total, res.balances.currency, res.balances.precision)}${res.replayed ? ' (already done before: nothing moved again)' : ''}`;
      }
      const def = {
        lock: backoffice.boPlayerLock,
        unlock: backoffice.boPlayerUnlock,
        force: backoffice.boPlayerForcePasswordChange,
        end: backoffice.boPlayerEndSessions,
      }[action];
      const res = await boCall(def, { body });
      const ended =
        res.sessionsEnded === 0
          ? ''
          : ` · ${res.sessionsEnded} session${res.sessionsEnded === 1 ? '' : 's'} ended`;
      return `${PLAYER_ACTION[action].label}: done${ended}`;
    },
    onSuccess: (message) => {
      void invalidate({ resource: 'players', invalidates: ['detail'], id });
      void client.invalidateQueries({ queryKey: ['player', id] });
      onDone(message);
    },
  });
  const amountOk = action !== 'adjust' || (Number(amount) > 0 && Number.isFinite(Number(amount)));
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate();
      }}
    >
      <p>{PLAYER_ACTION[action].what} It is recorded in the audit log with your reason.</p>
      {action === 'adjust' ? (
        <>
          <label className="field">
            <span>Direction</span>
            <select
              name="direction"
              value={direction}
              onChange={(e) => setDirection(e.target.value as 'credit' | 'debit')}
            >
              <option value="credit">Credit (add)</option>
              <option value="debit">Debit (take)</option>
            </select>
          </label>
          <label className="field">
            <span>Amount</span>
            <input
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              required
            />
          </label>
        </>
      ) : null}
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={200}
          autoFocus={action !== 'adjust'}
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
          className={`button ${PLAYER_ACTION[action].tone}`}
          disabled={mutation.isPending || !reason.trim() || !amountOk}
        >
          {mutation.isPending ? 'Sending…' : `Confirm: ${PLAYER_ACTION[action].label.toLowerCase()}`}
        </button>
      </div>
    </form>
  );
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
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

function ProfileTab({ profile: p }: { profile: Profile }) {
  return (
    <div className="panel">
      <Facts
        rows={[
          ['Nickname', p.nickname || '—'],
          ['Real name', p.realName ?? '—'],
          ['E-mail', p.email ?? '—'],
          ['Phone', p.phone ?? '—'],
          ['Language', p.language],
          ['Level', p.rankLevel],
          [
            'Registered from',
            <span className="mono">
              {[p.registerIp, p.registerMethod, p.registerDomain].filter((x) => x.trim()).join(' · ')}
            </span>,
          ],
          ['Last login', p.lastLoginAt ? `${dateTime(p.lastLoginAt)} · ${p.lastLoginIp ?? ''}` : '—'],
          ['Password changed', p.passwordChangedAt ? dateTime(p.passwordChangedAt) : '—'],
          ['Must change password', p.mustChangePassword ? 'Yes, at the next login' : 'No'],
          ['Two-factor', p.twoFactor ? 'On' : 'Off'],
        ]}
      />
      <h3>Bank accounts</h3>
      {p.bankAccounts.length ? (
        <ul className="plain-list">
          {p.bankAccounts.map((a) => (
            <li key={a.id} className={a.removedAt ? 'muted' : undefined}>
              {a.bankCode} · {a.payeeName} <span className="mono">{a.accountNumber}</span>
              {a.removedAt ? ` (removed ${dateTime(a.removedAt)})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">None bound.</p>
      )}
    </div>
  );
}

function Tabled<T>({
  label,
  rows,
  head,
  cells,
  empty,
  numeric = [],
}: {
  label: string;
  rows: T[];
  head: string[];
  cells: (r: T) => React.ReactNode[];
  empty: string;
  /** The columns (by index) that hold amounts: right-aligned so the digits line up. */
  numeric?: number[];
}) {
  if (!rows.length) return <Empty title={empty} />;
  return (
    <div className="table-scroll">
      <table className="grid grid-compact grid-cards" aria-label={label}>
        <thead>
          <tr>
            {head.map((h, j) => (
              <th key={h} className={numeric.includes(j) ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {cells(r).map((c, j) => (
                <td key={j} data-label={head[j]} className={numeric.includes(j) ? 'num' : undefined}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Query<T>({
  q,
  children,
}: {
  q: { isLoading: boolean; isError: boolean; error: unknown; data?: T; refetch: () => unknown };
  children: (d: T) => React.ReactNode;
}) {
  if (q.isLoading) return <Loading />;
  if (q.isError) return <Failed error={q.error} retry={() => void q.refetch()} />;
  return q.data ? <div className="panel">{children(q.data)}</div> : null;
}

function BalancesTab({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['player', id, 'balances'],
    queryFn: () => boCall(backoffice.boPlayerBalances, { query: { id } }),
  });
  return (
    <Query q={q}>
      {(b) => (
        <>
          <p>
            Total <strong data-testid="player-total">{money(b.total, b.currency, b.precision)}</strong>
          </p>
          <Tabled
            label="Wallets"
            rows={b.wallets}
            head={['Wallet', 'Balance']}
            numeric={[1]}
            cells={(w) => [
              w.wallet,
              <span data-testid={`wallet-${w.wallet}`}>{money(w.balance, b.currency, b.precision)}</span>,
            ]}
            empty="No wallet yet."
          />
        </>
      )}
    </Query>
  );
}

/** A list the server pages by a cursor: the first page, then "More" appends the next. */
function useCursorList<P, C>(
  key: string,
  id: number,
  fetch: (before: C | undefined) => Promise<{ list: P[]; next: C | null }>,
) {
  return useInfiniteQuery({
    queryKey: ['player', id, key],
    queryFn: ({ pageParam }) => fetch(pageParam as C | undefined),
    initialPageParam: undefined as C | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

function More({
  q,
}: {
  q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  return q.hasNextPage ? (
    <button
      type="button"
      className="button"
      disabled={q.isFetchingNextPage}
      onClick={() => void q.fetchNextPage()}
    >
      {q.isFetchingNextPage ? 'Loading…' : 'More'}
    </button>
  ) : null;
}

function LedgerTab({ id }: { id: number }) {
  const q = useCursorList('ledger', id, (before: number | undefined) =>
    boCall(backoffice.boPlayerLedger, { query: { id, size: 50, ...(before ? { before } : {}) } }),
  );
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Query q={{ ...q, data: q.data ? rows : undefined }}>
      {(list) => (
        <>
          <Tabled
            label="Ledger"
            rows={list}
            head={['When', 'Kind', 'Wallet', 'Amount', 'Reference', 'Memo']}
            numeric={[3]}
            cells={(e) => [
              dateTime(e.at),
              <span className="mono">{e.kind}</span>,
              e.wallet,
              <span className={e.amount < 0 ? 'text-danger' : undefined}>
                {e.amount.toLocaleString('en-GB', { minimumFractionDigits: 2 })}
              </span>,
              <span className="mono">{e.reference}</span>,
              e.memo,
            ]}
            empty="No money has moved yet."
          />
          <More q={q} />
        </>
      )}
    </Query>
  );
}

function BetsTab({ id }: { id: number }) {
  const q = useCursorList('bets', id, (before: string | undefined) =>
    boCall(backoffice.boPlayerBets, { query: { id, size: 50, ...(before ? { before } : {}) } }),
  );
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Query q={{ ...q, data: q.data ? rows : undefined }}>
      {(list) => (
        <>
          <Tabled
            label="Bets"
            rows={list}
            head={['When', 'Game', 'Bet no.', 'Stake', 'Valid', 'Payout', 'Status']}
            numeric={[3, 4, 5]}
            cells={(b) => [
              dateTime(b.betAt),
              `${b.vendor} · ${b.gameName || b.gameCode}`,
              <span className="mono">{b.betNo}</span>,
              b.betAmount,
              b.validBet,
              b.payout,
              b.status,
            ]}
            empty="No bets yet."
          />
          <More q={q} />
        </>
      )}
    </Query>
  );
}

function SessionsTab({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['player', id, 'sessions'],
    queryFn: () => boCall(backoffice.boPlayerSessions, { query: { id } }),
  });
  return (
    <Query q={q}>
      {(s) => (
        <>
          <h3>Sessions</h3>
          <Tabled
            label="Sessions"
            rows={s.sessions}
            head={['Opened', 'Last seen', 'IP', 'State']}
            cells={(x) => [
              dateTime(x.createdAt),
              dateTime(x.lastSeenAt),
              <span className="mono">{x.ip}</span>,
              x.live ? (
                <span className="badge badge-ok">Live{x.remembered ? ' · remembered' : ''}</span>
              ) : (
                <span className="badge badge-off">
                  {x.revokedAt ? `Ended ${dateTime(x.revokedAt)}` : 'Expired'}
                </span>
              ),
            ]}
            empty="No sessions."
          />
          <h3>Remembered devices {s.deviceBound ? '· a device key is bound' : ''}</h3>
          <Tabled
            label="Devices"
            rows={s.devices}
            head={['Since', 'Expires', 'Revoked']}
            cells={(d) => [
              dateTime(d.createdAt),
              dateTime(d.expiresAt),
              d.revokedAt ? dateTime(d.revokedAt) : '—',
            ]}
            empty="No remembered device."
          />
        </>
      )}
    </Query>
  );
}

function LoginsTab({ id }: { id: number }) {
  const q = useQuery({
    queryKey: ['player', id, 'logins'],
    queryFn: () => boCall(backoffice.boPlayerLogins, { query: { id } }),
  });
  return (
    <Query q={q}>
      {(l) => (
        <>
          <h3>IP addresses</h3>
          <Tabled
            label="IP addresses"
            rows={l.ips}
            head={['IP', 'First seen', 'Last seen']}
            cells={(x) => [<span className="mono">{x.ip}</span>, dateTime(x.firstSeen), dateTime(x.lastSeen)]}
            empty="No login yet."
          />
          <h3>Failed logins</h3>
          <Tabled
            label="Failed logins"
            rows={l.failures}
            head={['When', 'IP']}
            cells={(x) => [dateTime(x.at), <span className="mono">{x.ip}</span>]}
            empty="No failed login."
          />
        </>
      )}
    </Query>
  );
}

function NotesTab({ id }: { id: number }) {
  const client = useQueryClient();
  const [body, setBody] = useState('');
  const q = useCursorList('notes', id, (before: number | undefined) =>
    boCall(backoffice.boPlayerNotes, { query: { id, size: 50, ...(before ? { before } : {}) } }),
  );
  const add = useMutation({
    mutationFn: () => boCall(backoffice.boPlayerNoteAdd, { body: { id, body: body.trim() } }),
    onSuccess: () => {
      setBody('');
      void client.invalidateQueries({ queryKey: ['player', id, 'notes'] });
    },
  });
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="panel">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <label className="field">
          <span>New note</span>
          <textarea
            name="note"
            rows={3}
            maxLength={2000}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </label>
        {add.isError ? (
          <p className="notice notice-error" role="alert">
            {refusalText(add.error)}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={add.isPending || !body.trim()}>
            Add note
          </button>
        </div>
      </form>
      {q.isLoading ? <Loading /> : null}
      {q.isError ? <Failed error={q.error} /> : null}
      <ul className="notes">
        {rows.map((n) => (
          <li key={n.id}>
            <p>{n.body}</p>
            <span className="muted small">
              {n.staffName} · {dateTime(n.at)}
            </span>
          </li>
        ))}
      </ul>
      {q.data && !rows.length ? <p className="muted">No notes yet.</p> : null}
      <More q={q} />
    </div>
  );
}

const RG_KIND: Record<string, string> = {
  deposit: 'Deposit',
  loss: 'Loss',
  wager: 'Wager',
  session: 'Session',
};
const RG_PERIOD: Record<string, string> = {
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
  session: 'Per session',
};

/**
 * The player's responsible-gambling limits and any time-out or self-exclusion (decision 039):
 * seen with player.lock; with player.limits a stricter limit or a time-out, each with a reason
 * (audited). Nobody lifts a block or loosens a limit here: only the player, after the cooling-off.
 */
function LimitsTab({ id, canSet }: { id: number; canSet: boolean }) {
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['player', id, 'limits'],
    queryFn: () => boCall(backoffice.boPlayerRg, { query: { id } }),
  });
  const [limit, setLimit] = useState({ kind: 'deposit', period: 'day', amount: '', reason: '' });
  const [timeOut, setTimeOut] = useState({ duration: '24h', reason: '' });
  const refresh = () => void client.invalidateQueries({ queryKey: ['player', id, 'limits'] });
  const setL = useMutation({
    mutationFn: () =>
      boCall(backoffice.boPlayerRgLimit, {
        body: {
          id,
          kind: limit.kind as 'deposit',
          period: (limit.kind === 'session' ? 'session' : limit.period) as 'day',
          amount: Number(limit.amount),
          reason: limit.reason.trim(),
        },
      }),
    onSuccess: () => {
      setLimit({ ...limit, amount: '', reason: '' });
      refresh();
    },
  });
  const setT = useMutation({
    mutationFn: () =>
      boCall(backoffice.boPlayerRgTimeOut, {
        body: { id, duration: timeOut.duration as '24h', reason: timeOut.reason.trim() },
      }),
    onSuccess: () => {
      setTimeOut({ ...timeOut, reason: '' });
      refresh();
    },
  });
  return (
    <Query q={q}>
      {(s) => (
        <>
          <Facts
            rows={[
              [
                'Block',
                s.block ? (
                  <strong data-testid="rg-block">
                    {s.block.kind === 'exclusion' ? 'Self-excluded' : 'Time-out'} until{' '}
                    {dateTime(s.block.until)}
                  </strong>
                ) : (
                  'None'
                ),
              ],
              [
                'Session limit',
                s.sessionLimit
                  ? `${s.sessionLimit.minutes} min${s.sessionLimit.pending ? ` (raise to ${s.sessionLimit.pending.minutes ?? 'none'} from ${dateTime(s.sessionLimit.pending.from)})` : ''}`
                  : 'None',
              ],
              ['Reality check', s.realityCheckMinutes ? `Every ${s.realityCheckMinutes} min` : 'Off'],
              ['Time zone of the periods', s.timeZone],
            ]}
          />
          <Tabled
            label="Limits"
            rows={s.limits}
            head={['Limit', 'Period', 'Amount', 'Used this period', 'Pending raise']}
            numeric={[2, 3]}
            cells={(l) => [
              RG_KIND[l.kind],
              RG_PERIOD[l.period],
              <span data-testid={`rg-${l.kind}-${l.period}`}>{l.amount.toLocaleString('en')}</span>,
              l.used.toLocaleString('en'),
              l.pending
                ? `${l.pending.amount === null ? 'Removal' : l.pending.amount.toLocaleString('en')} from ${dateTime(l.pending.from)}`
                : '—',
            ]}
            empty="The player has set no money limit."
          />
          {canSet ? (
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
                gap: 24,
                marginTop: 16,
              }}
            >
              <form
                className="form"
                aria-label="Set a stricter limit"
                style={{ alignContent: 'start' }}
                onSubmit={(e) => {
                  e.preventDefault();
                  setL.mutate();
                }}
              >
                <h3>Set a stricter limit</h3>
                <label className="field">
                  <span>Limit</span>
                  <select value={limit.kind} onChange={(e) => setLimit({ ...limit, kind: e.target.value })}>
                    {Object.entries(RG_KIND).map(([k, v]) => (
                      <option key={k} value={k}>
                        {v}
                      </option>
                    ))}
                  </select>
                </label>
                {limit.kind !== 'session' ? (
                  <label className="field">
                    <span>Period</span>
                    <select
                      value={limit.period}
                      onChange={(e) => setLimit({ ...limit, period: e.target.value })}
                    >
                      <option value="day">Daily</option>
                      <option value="week">Weekly</option>
                      <option value="month">Monthly</option>
                    </select>
                  </label>
                ) : null}
                <label className="field">
                  <span>{limit.kind === 'session' ? 'Minutes' : 'Amount'}</span>
                  <input
                    name="rg-amount"
                    inputMode="decimal"
                    value={limit.amount}
                    onChange={(e) => setLimit({ ...limit, amount: e.target.value })}
                  />
                </label>
                <label className="field">
                  <span>Reason</span>
                  <input
                    name="rg-reason"
                    maxLength={200}
                    value={limit.reason}
                    onChange={(e) => setLimit({ ...limit, reason: e.target.value })}
                  />
                </label>
                {setL.isError ? (
                  <p className="notice notice-error" role="alert">
                    {refusalText(setL.error)}
                  </p>
                ) : null}
                <div className="form-actions">
                  <button
                    type="submit"
                    className="button button-primary"
                    disabled={setL.isPending || !(Number(limit.amount) > 0) || !limit.reason.trim()}
                  >
                    Set limit
                  </button>
                </div>
              </form>
              <form
                className="form"
                aria-label="Time-out"
                style={{ alignContent: 'start' }}
                onSubmit={(e) => {
                  e.preventDefault();
                  setT.mutate();
                }}
              >
                <h3>Time-out</h3>
                <p className="muted small">
                  Every session ends at once; no login until it ends. It cannot be lifted.
                </p>
                <label className="field">
                  <span>Length</span>
                  <select
                    value={timeOut.duration}
                    onChange={(e) => setTimeOut({ ...timeOut, duration: e.target.value })}
                  >
                    {['24h', '48h', '72h', '1w', '2w', '4w', '6w'].map((d) => (
                      <option key={d} value={d}>
                        {d.replace('h', ' hours').replace('w', d === '1w' ? ' week' : ' weeks')}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="field">
                  <span>Reason</span>
                  <input
                    name="rg-timeout-reason"
                    maxLength={200}
                    value={timeOut.reason}
                    onChange={(e) => setTimeOut({ ...timeOut, reason: e.target.value })}
                  />
                </label>
                {setT.isError ? (
                  <p className="notice notice-error" role="alert">
                    {refusalText(setT.error)}
                  </p>
                ) : null}
                <div className="form-actions">
                  <button
                    type="submit"
                    className="button button-danger"
                    disabled={setT.isPending || !timeOut.reason.trim()}
                  >
                    Start time-out
                  </button>
                </div>
              </form>
            </div>
          ) : null}
        </>
      )}
    </Query>
  );
}
