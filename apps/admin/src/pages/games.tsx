import { useMemo, useState, type FormEvent } from 'react';
import { useInvalidate } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useParams } from 'react-router';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { count, dateTime } from '../ui/format.ts';
import { notificationProvider } from '../ui/toasts.tsx';
import { refusalText } from './approval-rules.ts';
import { fromLocalInput, playerWindow, toLocalInput, useNow, Wrench } from './site-preview.tsx';
import './games-site.css';

type Game = backoffice.BoGame;
type Vendor = backoffice.GameVendor;
type List = backoffice.GameList;

const notify = (type: 'success' | 'error', message: string, description?: string) =>
  notificationProvider.open?.({ type, message, ...(description ? { description } : {}) });

const SECTIONS = [
  { id: 'catalogue', label: 'Games' },
  { id: 'vendors', label: 'Vendors' },
  { id: 'hot', label: 'Hot list' },
  { id: 'new', label: 'New list' },
] as const;

const VENDORS_KEY = ['bo', 'games', 'vendors'];
const listKey = (list: List) => ['bo', 'games', 'list', list];

function useVendors() {
  return useQuery({ queryKey: VENDORS_KEY, queryFn: () => boCall(backoffice.boGameVendors) });
}

/** Everything a catalogue change may have moved: the grid, the vendors, the lists. */
function useRefresh() {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return () => {
    void invalidate({ resource: 'games', invalidates: ['list'] });
    void client.invalidateQueries({ queryKey: ['bo', 'games'] });
  };
}

/** The Games section (decision 035): the catalogue, the vendors, the hot and new lists. */
export function GamesPage() {
  const { section = 'catalogue' } = useParams();
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0];
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Games</h1>
          <p className="muted">
            Vendors and games on and off, a vendor&apos;s maintenance window, and the lobby&apos;s hot and new
            lists. Every change reaches the players&apos; lobby at once and is recorded in the audit log.
          </p>
        </div>
      </header>
      <nav className="tabs" aria-label="Games sections">
        {SECTIONS.map((s) => (
          <Link
            key={s.id}
            to={`/games/${s.id}`}
            className={s.id === current.id ? 'tab active' : 'tab'}
            aria-current={s.id === current.id ? 'page' : undefined}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      {current.id === 'catalogue' ? <Catalogue /> : null}
      {current.id === 'vendors' ? <Vendors /> : null}
      {current.id === 'hot' || current.id === 'new' ? (
        <ListEditor key={current.id} list={current.id} />
      ) : null}
    </div>
  );
}

// ---- the catalogue ----------------------------------------------------------------------------

interface CatalogueForm {
  q: string;
  vassalage: string;
  gameType: string;
  enabled: string;
  list: string;
}
const emptyForm: CatalogueForm = { q: '', vassalage: '', gameType: '', enabled: '', list: '' };
const filtersOf = (f: CatalogueForm) =>
  (Object.keys(f) as Array<keyof CatalogueForm>)
    .filter((k) => f[k].trim())
    .map((k) => ({ field: k, operator: 'eq' as const, value: f[k].trim() }));

function GameState({ g }: { g: Game }) {
  if (!g.enabled) return <span className="badge badge-off">Off</span>;
  if (!g.vendorEnabled) return <span className="badge badge-warn">Vendor off</span>;
  return <span className="badge badge-ok">On</span>;
}

function useGameAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (a: { game: Game; kind: 'enable' | List; on: boolean }) => {
      if (a.kind === 'enable')
        return boCall(backoffice.boGameEnable, { body: { nodeId: a.game.nodeId, enabled: a.on } });
      return boCall(backoffice.boGameListMember, {
        body: { list: a.kind, nodeId: a.game.nodeId, member: a.on },
      });
    },
    onSuccess: (_res, a) => {
      refresh();
      const what =
        a.kind === 'enable'
          ? a.on
            ? 'is on'
            : 'is off: players no longer see it'
          : a.on
            ? `added to the ${a.kind} list`
            : `taken out of the ${a.kind} list`;
      notify('success', `${a.game.name} ${what}`);
    },
    onError: (err) => notify('error', 'Not changed', refusalText(err)),
  });
}

function Catalogue() {
  const vendors = useVendors();
  const action = useGameAction();
  const [form, setForm] = useState<CatalogueForm>(emptyForm);
  const columns = useMemo<ColumnDef<Game>[]>(
    () => [
      {
        id: 'name',
        header: 'Game',
        cell: ({ row }) => (
          <span className="gs-game">
            <strong>{row.original.name}</strong>
            <span className="mono muted small">
              {row.original.nodeId} · {row.original.gameId}
            </span>
          </span>
        ),
      },
      {
        id: 'vassalage',
        header: 'Vendor',
        size: 110,
        cell: ({ row }) => <span className="mono">{row.original.vassalage}</span>,
      },
      { id: 'gameType', header: 'Product', size: 90, cell: ({ row }) => row.original.gameType },
      {
        id: 'rtp',
        header: 'RTP',
        size: 70,
        meta: { className: 'num' },
        cell: ({ row }) => (row.original.rtp === null ? '—' : `${row.original.rtp.toFixed(2)}%`),
      },
      { id: 'state', header: 'Status', size: 100, cell: ({ row }) => <GameState g={row.original} /> },
      {
        id: 'lists',
        header: 'Lists',
        size: 110,
        cell: ({ row }) => (
          <span className="gs-badges">
            {row.original.hot ? <span className="badge badge-role-admin">Hot</span> : null}
            {row.original.new ? <span className="badge badge-role-support">New</span> : null}
            {!row.original.hot && !row.original.new ? <span className="muted">—</span> : null}
          </span>
        ),
      },
      {
        id: 'actions',
        header: '',
        size: 300,
        meta: { className: 'actions' },
        cell: ({ row }) => {
          const g = row.original;
          const busy = action.isPending && action.variables?.game.nodeId === g.nodeId;
          return (
            <span className="gs-actions">
              <button
                type="button"
                className={`button ${g.enabled ? 'button-danger-quiet' : 'button-primary'}`}
                disabled={busy}
                onClick={() => action.mutate({ game: g, kind: 'enable', on: !g.enabled })}
              >
                {g.enabled ? 'Switch off' : 'Switch on'}
              </button>
              <button
                type="button"
                className="button button-quiet"
                disabled={busy}
                onClick={() => action.mutate({ game: g, kind: 'hot', on: !g.hot })}
              >
                {g.hot ? 'Not hot' : 'Make hot'}
              </button>
              <button
                type="button"
                className="button button-quiet"
                disabled={busy}
                onClick={() => action.mutate({ game: g, kind: 'new', on: !g.new })}
              >
                {g.new ? 'Not new' : 'Mark new'}
              </button>
            </span>
          );
        },
      },
    ],
    [action],
  );
  const { reactTable, refineCore } = useTable<Game>({
    columns,
    refineCoreProps: {
      resource: 'games',
      pagination: { pageSize: 50, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server' },
    },
    manualPagination: true,
  });
  const products = useMemo(
    () => [...new Set((vendors.data?.list ?? []).flatMap((v) => v.categories.map((c) => c.gameType)))].sort(),
    [vendors.data],
  );
  const set = (k: keyof CatalogueForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    refineCore.setFilters(filtersOf(form), 'replace');
    refineCore.setCurrentPage(1);
  };
  return (
    <>
      <form className="filters" onSubmit={apply} aria-label="Filter the games">
        <label className="field gs-search">
          <span>Search</span>
          <input
            name="q"
            type="search"
            placeholder="name, node id or code"
            value={form.q}
            onChange={set('q')}
            maxLength={64}
          />
        </label>
        <label className="field">
          <span>Vendor</span>
          <select name="vassalage" value={form.vassalage} onChange={set('vassalage')}>
            <option value="">Any</option>
            {(vendors.data?.list ?? []).map((v) => (
              <option key={v.vassalage} value={v.vassalage}>
                {v.vassalage} · {v.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Product</span>
          <select name="gameType" value={form.gameType} onChange={set('gameType')}>
            <option value="">Any</option>
            {products.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Status</span>
          <select name="enabled" value={form.enabled} onChange={set('enabled')}>
            <option value="">On and off</option>
            <option value="true">On</option>
            <option value="false">Off</option>
          </select>
        </label>
        <label className="field">
          <span>List</span>
          <select name="list" value={form.list} onChange={set('list')}>
            <option value="">Any</option>
            <option value="hot">Hot</option>
            <option value="new">New</option>
          </select>
        </label>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          <button
            type="button"
            className="button button-quiet"
            onClick={() => {
              setForm(emptyForm);
              refineCore.setFilters([], 'replace');
            }}
          >
            Clear
          </button>
        </div>
      </form>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Games"
        empty={{ title: 'No game matches these filters.', hint: 'Clear a filter or search another name.' }}
      />
    </>
  );
}

// ---- vendors ----------------------------------------------------------------------------------

function VendorState({ v }: { v: Vendor }) {
  if (!v.enabled) return <span className="badge badge-off">Off</span>;
  if (v.underMaintenance) return <span className="badge badge-warn">Maintenance</span>;
  if (v.maintenanceFrom !== null) return <span className="badge badge-role-support">Window set</span>;
  return <span className="badge badge-ok">On</span>;
}

const windowText = (v: Pick<Vendor, 'maintenanceFrom' | 'maintenanceUntil'>) =>
  v.maintenanceFrom === null
    ? '—'
    : `${dateTime(v.maintenanceFrom)} – ${v.maintenanceUntil === null ? 'no end time' : dateTime(v.maintenanceUntil)}`;

function Vendors() {
  const vendors = useVendors();
  const [switching, setSwitching] = useState<Vendor | null>(null);
  const [servicing, setServicing] = useState<Vendor | null>(null);
  if (vendors.isPending) return <Loading />;
  if (vendors.error) return <Failed error={vendors.error} retry={() => void vendors.refetch()} />;
  const list = vendors.data.list;
  if (!list.length) return <Empty title="No game vendors." />;
  return (
    <>
      <div className="table-card">
        <div className="table-scroll">
          <table className="grid" aria-label="Game vendors">
            <thead>
              <tr>
                <th>Vendor</th>
                <th>Products</th>
                <th className="num">Games on</th>
                <th>Status</th>
                <th>Maintenance window</th>
                <th className="actions" />
              </tr>
            </thead>
            <tbody>
              {list.map((v) => (
                <tr key={v.vassalage} data-testid={`vendor-${v.vassalage}`}>
                  <td>
                    <span className="gs-game">
                      <strong className="mono">{v.vassalage}</strong>
                      <span className="muted small">{v.displayName}</span>
                    </span>
                  </td>
                  <td>
                    <ul className="chips">
                      {v.categories.map((c) => (
                        <li key={c.gameType} className="chip">
                          {c.gameType} {count(c.games)}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="num">{count(v.games)}</td>
                  <td>
                    <VendorState v={v} />
                  </td>
                  <td className="small">{windowText(v)}</td>
                  <td className="actions">
                    <span className="gs-actions">
                      <button
                        type="button"
                        className={`button ${v.enabled ? 'button-danger-quiet' : 'button-primary'}`}
                        onClick={() => setSwitching(v)}
                      >
                        {v.enabled ? 'Switch off' : 'Switch on'}
                      </button>
                      <button type="button" className="button button-quiet" onClick={() => setServicing(v)}>
                        Maintenance…
                      </button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <Dialog
        open={switching !== null}
        title={switching ? `${switching.enabled ? 'Switch off' : 'Switch on'} ${switching.vassalage}` : ''}
        onClose={() => setSwitching(null)}
      >
        {switching ? <VendorSwitch vendor={switching} onDone={() => setSwitching(null)} /> : null}
      </Dialog>
      <Dialog
        open={servicing !== null}
        title={servicing ? `Maintenance: ${servicing.vassalage}` : ''}
        onClose={() => setServicing(null)}
      >
        {servicing ? <VendorMaintenance vendor={servicing} onDone={() => setServicing(null)} /> : null}
      </Dialog>
    </>
  );
}

function VendorSwitch({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: () =>
      boCall(backoffice.boGameVendorEnable, {
        body: { vassalage: vendor.vassalage, enabled: !vendor.enabled },
      }),
    onSuccess: (v) => {
      refresh();
      notify('success', `${v.vassalage} is ${v.enabled ? 'on' : 'off'}`);
      onDone();
    },
  });
  return (
    <div className="form">
      <p>
        {vendor.enabled
          ? `${vendor.displayName} and its ${count(vendor.games)} games leave the lobby in every product at once; rounds in play finish as usual.`
          : `${vendor.displayName} and its games that are on come back to the lobby.`}{' '}
        Recorded in the audit log.
      </p>
      {mutation.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(mutation.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="button"
          className={`button ${vendor.enabled ? 'button-danger' : 'button-primary'}`}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {mutation.isPending ? 'Sending…' : vendor.enabled ? 'Confirm: switch off' : 'Confirm: switch on'}
        </button>
      </div>
    </div>
  );
}

function VendorMaintenance({ vendor, onDone }: { vendor: Vendor; onDone: () => void }) {
  const refresh = useRefresh();
  const [from, setFrom] = useState(() =>
    vendor.maintenanceFrom ? toLocalInput(vendor.maintenanceFrom) : '',
  );
  const [until, setUntil] = useState(() =>
    vendor.maintenanceUntil
      ? toLocalInput(vendor.maintenanceUntil)
      : toLocalInput(Date.now() + 2 * 3_600_000),
  );
  const fromMs = fromLocalInput(from);
  const untilMs = fromLocalInput(until);
  const mutation = useMutation({
    mutationFn: (clear: boolean) =>
      boCall(backoffice.boGameVendorMaintenance, {
        body: { vassalage: vendor.vassalage, from: clear ? null : fromMs, until: clear ? null : untilMs },
      }),
    onSuccess: (v, clear) => {
      refresh();
      notify(
        'success',
        clear ? `${v.vassalage}: maintenance window cleared` : `${v.vassalage}: maintenance ${windowText(v)}`,
      );
      onDone();
    },
  });
  const now = useNow();
  const shownFrom = fromMs ?? now;
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(false);
      }}
    >
      <p className="muted">
        Inside the window the vendor&apos;s games refuse a launch and the lobby marks the vendor; players are
        offered games of other vendors. Times are in your time zone.
      </p>
      <div className="gs-row">
        <label className="field">
          <span>From (empty: now)</span>
          <input type="datetime-local" name="from" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          <span>Until (empty: no end time)</span>
          <input
            type="datetime-local"
            name="until"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
          />
        </label>
      </div>
      <figure className="gs-preview" aria-label="As the player sees it">
        <figcaption className="muted small">As the player sees it in the lobby</figcaption>
        <p data-testid="vendor-preview">
          <Wrench /> {vendor.displayName} is under maintenance: {playerWindow(shownFrom, untilMs)}. Try the
          other providers meanwhile.
        </p>
      </figure>
      {mutation.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(mutation.error)}
        </p>
      ) : null}
      <div className="form-actions">
        {vendor.maintenanceFrom !== null ? (
          <button
            type="button"
            className="button button-quiet"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(true)}
          >
            Clear the window
          </button>
        ) : null}
        <button type="submit" className="button button-primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sending…' : 'Set the window'}
        </button>
      </div>
    </form>
  );
}

// ---- the hot and new lists --------------------------------------------------------------------

function ListEditor({ list }: { list: List }) {
  const client = useQueryClient();
  const refresh = useRefresh();
  const query = useQuery({
    queryKey: listKey(list),
    queryFn: () => boCall(backoffice.boGameList, { query: { list } }),
  });
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['bo', 'games', 'find', search],
    queryFn: () => boCall(backoffice.boGames, { query: { q: search, size: 8 } }),
    enabled: search.length > 0,
  });
  const onList = (res: backoffice.BoGame[] | undefined) => {
    client.setQueryData(listKey(list), (old: { list: List; games: Game[] } | undefined) =>
      res ? { list, games: res } : old,
    );
    refresh();
  };
  const order = useMutation({
    mutationFn: (nodeIds: string[]) => boCall(backoffice.boGameListOrder, { body: { list, nodeIds } }),
    onSuccess: (res) => onList(res.games),
    onError: (err) => {
      notify('error', 'Order not saved', refusalText(err));
      void query.refetch();
    },
  });
  const member = useMutation({
    mutationFn: (a: { game: Game; on: boolean }) =>
      boCall(backoffice.boGameListMember, { body: { list, nodeId: a.game.nodeId, member: a.on } }),
    onSuccess: (res, a) => {
      onList(res.games);
      notify('success', `${a.game.name} ${a.on ? 'added to' : 'taken out of'} the ${list} list`);
    },
    onError: (err) => notify('error', 'Not changed', refusalText(err)),
  });
  if (query.isPending) return <Loading />;
  if (query.error) return <Failed error={query.error} retry={() => void query.refetch()} />;
  const games = query.data.games;
  const move = (i: number, to: number) => {
    const ids = games.map((g) => g.nodeId);
    const [id] = ids.splice(i, 1);
    ids.splice(to, 0, id!);
    client.setQueryData(listKey(list), {
      list,
      games: ids.map((n) => games.find((g) => g.nodeId === n)!),
    });
    order.mutate(ids);
  };
  const busy = order.isPending || member.isPending;
  return (
    <div className="gs-lists">
      <section className="panel" aria-label={`The ${list} list`}>
        <div className="panel-head">
          <h2>{list === 'hot' ? 'Hot list' : 'New list'}</h2>
          <span className="muted small">
            {count(games.length)} games · the lobby shows them in this order
            {list === 'hot' ? ' (the first 200 on the hot strip)' : ''}
          </span>
        </div>
        {games.length === 0 ? (
          <Empty title="The list is empty.">Add games from the search beside it.</Empty>
        ) : (
          <ol className="gs-order" data-testid={`${list}-list`}>
            {games.map((g, i) => (
              <li key={g.nodeId} className={g.enabled && g.vendorEnabled ? '' : 'gs-dim'}>
                <span className="gs-place mono">{i + 1}</span>
                <span className="gs-game">
                  <strong>{g.name}</strong>
                  <span className="mono muted small">
                    {g.vassalage} · {g.gameType} · {g.nodeId}
                  </span>
                </span>
                <GameState g={g} />
                <span className="gs-actions">
                  <button
                    type="button"
                    className="button button-quiet"
                    aria-label={`Move ${g.name} up`}
                    disabled={busy || i === 0}
                    onClick={() => move(i, i - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button-quiet"
                    aria-label={`Move ${g.name} down`}
                    disabled={busy || i === games.length - 1}
                    onClick={() => move(i, i + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button-quiet"
                    aria-label={`Move ${g.name} to the top`}
                    disabled={busy || i === 0}
                    onClick={() => move(i, 0)}
                  >
                    Top
                  </button>
                  <button
                    type="button"
                    className="button button-danger-quiet"
                    disabled={busy}
                    onClick={() => member.mutate({ game: g, on: false })}
                  >
                    Remove
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className="panel gs-add" aria-label="Add a game">
        <h2>Add a game</h2>
        <form
          className="gs-row"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(q.trim());
          }}
        >
          <label className="field gs-grow">
            <span>Name or node id</span>
            <input
              type="search"
              name="find"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              maxLength={64}
            />
          </label>
          <button type="submit" className="button">
            Find
          </button>
        </form>
        {search && found.isPending ? <Loading /> : null}
        {found.error ? <Failed error={found.error} /> : null}
        {found.data ? (
          found.data.list.length === 0 ? (
            <p className="muted">No game matches “{search}”.</p>
          ) : (
            <ul className="gs-found">
              {found.data.list.map((g) => {
                const inList = games.some((x) => x.nodeId === g.nodeId);
                return (
                  <li key={g.nodeId}>
                    <span className="gs-game">
                      <strong>{g.name}</strong>
                      <span className="mono muted small">
                        {g.vassalage} · {g.gameType} · {g.nodeId}
                      </span>
                    </span>
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={busy || inList}
                      onClick={() => member.mutate({ game: g, on: true })}
                    >
                      {inList ? 'In the list' : 'Add last'}
                    </button>
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
      </section>
    </div>
  );
}
