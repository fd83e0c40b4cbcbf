import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useExport, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import type { ReportItem, ReportMeta } from '../api/reports-provider.ts';
import { BarChart } from '../ui/bar-chart.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { count, dateTime } from '../ui/format.ts';
import { Icon } from '../ui/icon.tsx';
import { dayBefore } from './figures.tsx';

type Kind = backoffice.ReportKind;
type Sorter = { field: backoffice.ReportSort; order: 'asc' | 'desc' };

const KINDS: { kind: Kind; label: string; key: string }[] = [
  { kind: 'product', label: 'By product', key: 'Product' },
  { kind: 'vendor', label: 'By vendor', key: 'Vendor' },
  { kind: 'channel', label: 'By channel', key: 'Channel' },
  { kind: 'agent', label: 'By agent', key: 'Agent' },
];

interface Form {
  kind: Kind;
  from: string;
  to: string;
  daily: boolean;
  key: string;
  agentId: string;
}

const EMPTY: Form = { kind: 'product', from: '', to: '', daily: true, key: '', agentId: '' };

function filtersOf(f: Form): CrudFilter[] {
  return [
    { field: 'kind', operator: 'eq', value: f.kind },
    { field: 'from', operator: 'eq', value: f.from },
    { field: 'to', operator: 'eq', value: f.to },
    { field: 'daily', operator: 'eq', value: f.daily ? 'true' : 'false' },
    { field: 'key', operator: 'eq', value: f.key },
    { field: 'agentId', operator: 'eq', value: f.kind === 'agent' ? f.agentId : '' },
  ];
}

function moneyOf(meta: Pick<ReportMeta, 'currency' | 'precision'> | undefined) {
  const f = new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: meta?.precision ?? 0,
    maximumFractionDigits: meta?.precision ?? 0,
  });
  return (v: number | null) => (v === null ? '—' : f.format(v));
}

/** A column header that sorts the report on the server (click again for the other direction). */
function SortHead({
  label,
  field,
  sorter,
  onSort,
  numeric,
}: {
  label: string;
  field: backoffice.ReportSort;
  sorter: { field: string; order: 'asc' | 'desc' };
  onSort: (field: backoffice.ReportSort, order: 'asc' | 'desc') => void;
  numeric?: boolean;
}) {
  const active = sorter.field === field;
  const next = active && sorter.order === 'desc' ? 'asc' : 'desc';
  const way = (order: 'asc' | 'desc') =>
    field === 'day'
      ? order === 'desc'
        ? 'newest first'
        : 'oldest first'
      : order === 'desc'
        ? 'largest first'
        : 'smallest first';
  return (
    <button
      type="button"
      className={`sort-head${numeric ? ' sort-head-num' : ''}${active ? ' active' : ''}`}
      title={`Sort ${way(next)}`}
      onClick={() => onSort(field, next)}
    >
      {label}
      {active ? (
        <>
          <span aria-hidden="true">{sorter.order === 'desc' ? ' ▼' : ' ▲'}</span>
          <span className="sr-only">, sorted {way(sorter.order)}</span>
        </>
      ) : null}
    </button>
  );
}

/**
 * Reports (boReport, report.read; decision 038): daily figures by product, vendor, registration
 * channel or agent for a range of report days, paged and sorted on the server, with the range's
 * totals, a chart per day and CSV export of every row of the filter (useExport walks the pages).
 * By agent, a row opens that agent's team (its direct downlines, each with its own team).
 */
export function ReportsPage() {
  const [form, setForm] = useState<Form>(EMPTY);
  /** What the table shows: the form as last applied. */
  const [applied, setApplied] = useState<Form>(EMPTY);
  const [trail, setTrail] = useState<{ id: string; name: string }[]>([]);
  const [sorter, setSorter] = useState<Sorter>({ field: 'day', order: 'desc' });
  // The server's report day and currency (a report asked with no days reads today's): the presets
  // count from that day, the amounts read in that currency.
  const todayQuery = useQuery({
    queryKey: ['bo', 'reports', 'today'],
    queryFn: () => boCall(backoffice.boReport, { query: { kind: 'product', size: 1 } }),
    staleTime: 60_000,
  });
  const serverToday = todayQuery.data?.to ?? '';
  const money = useMemo(() => moneyOf(todayQuery.data), [todayQuery.data]);

  const kind = applied.kind;
  const onSort = useCallback((s: Sorter) => setSorter(s), []);
  const columns = useColumns(kind, applied.daily, money, sorter, onSort);
  const { reactTable, refineCore } = useTable<ReportItem>({
    columns,
    refineCoreProps: {
      resource: 'reports',
      pagination: { pageSize: 50, mode: 'server' },
      // The headers' sort, sent to the server.
      sorters: { mode: 'server', permanent: [sorter] },
      // The applied form, always (permanent): the table's own column filters never replace it.
      filters: { mode: 'server', permanent: filtersOf(applied) },
      // The last answer stays on screen (rows, totals, chart) while the next one loads.
      queryOptions: { placeholderData: (previous) => previous },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  const meta = (refineCore.tableQuery.data as { meta?: ReportMeta } | undefined)?.meta;

  const run = (asked: Form) => {
    // Days left empty are the server's today.
    const next = { ...asked, from: asked.from || serverToday, to: asked.to || serverToday };
    setForm(next);
    setApplied(next);
    refineCore.setCurrentPage(1);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    run(form);
  };
  const preset = (days: number) => {
    if (!serverToday) return;
    run({ ...form, from: dayBefore(serverToday, days), to: serverToday });
  };
  const openTeam = (row: ReportItem) => {
    if (kind !== 'agent') return;
    setTrail((t) => [...t, { id: row.key, name: row.label }]);
    run({ ...form, agentId: row.key, key: '' });
  };
  const toTrail = (i: number) => {
    const next = trail.slice(0, i);
    setTrail(next);
    run({ ...form, agentId: next.at(-1)?.id ?? '', key: '' });
  };

  const { triggerExport, isLoading: exporting } = useExport<ReportItem>({
    resource: 'reports',
    filters: filtersOf(applied),
    sorters: [sorter],
    pageSize: 500,
    maxItemCount: 50_000,
    filename: `report-${kind}-${meta?.from ?? ''}-${meta?.to ?? ''}`,
    mapData: (r) => ({
      day: r.day ?? `${meta?.from ?? ''}..${meta?.to ?? ''}`,
      [KINDS.find((k) => k.kind === kind)!.key.toLowerCase()]: r.label,
      ...(kind === 'agent' ? { agentId: r.key } : {}),
      bets: r.bets,
      betAmount: r.betAmount,
      validBet: r.validBet,
      payout: r.payout,
      ggr: r.ggr,
      ...(r.registrations !== null ? { registrations: r.registrations } : {}),
      ...(r.deposit !== null
        ? { deposit: r.deposit, withdrawal: r.withdrawal, firstDeposits: r.firstDeposits }
        : {}),
      currency: meta?.currency ?? '',
    }),
  });

  const labels = useMemo(() => (meta?.series ?? []).map((d) => d.day.slice(5)), [meta?.series]);
  const chart = useMemo(
    () => [
      { label: 'Staked', color: '#5ab0ff', values: (meta?.series ?? []).map((d) => d.betAmount) },
      { label: 'GGR', color: '#f2c14e', values: (meta?.series ?? []).map((d) => d.ggr) },
    ],
    [meta?.series],
  );
  const totals = meta?.totals;
  const set = (k: keyof Form) => (e: { target: { value: string; checked?: boolean } }) =>
    setForm((f) => ({ ...f, [k]: k === 'daily' ? e.target.value === 'daily' : e.target.value }));

  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Reports</h1>
          <p className="muted">
            Settled bets and GGR per report day{meta ? ` (${meta.timeZone})` : ''}, by product, vendor,
            registration channel or agent. By agent, open a row to see that agent&apos;s team.
          </p>
        </div>
        <div className="head-actions">
          <button type="button" className="button" onClick={() => void triggerExport()} disabled={exporting}>
            <Icon name="download" />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </header>
      <div className="segmented" role="group" aria-label="Report">
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            className={k.kind === kind ? 'active' : undefined}
            aria-pressed={k.kind === kind}
            onClick={() => {
              setTrail([]);
              run({ ...form, kind: k.kind, key: '', agentId: '' });
            }}
          >
            {k.label}
          </button>
        ))}
      </div>
      <form className="filters filters-report" onSubmit={apply} aria-label="Filter the report">
        <label className="field">
          <span>From</span>
          <input name="from" type="date" value={form.from || serverToday} onChange={set('from')} />
        </label>
        <label className="field">
          <span>To</span>
          <input name="to" type="date" value={form.to || serverToday} onChange={set('to')} />
        </label>
        <label className="field">
          <span>Rows</span>
          <select name="daily" value={form.daily ? 'daily' : 'range'} onChange={set('daily')}>
            <option value="daily">One per day</option>
            <option value="range">One for the range</option>
          </select>
        </label>
        <label className="field">
          <span>{kind === 'agent' ? 'Agent id' : KINDS.find((k) => k.kind === kind)!.key}</span>
          <input
            name="key"
            placeholder={kind === 'agent' ? 'any' : kind === 'channel' ? 'e.g. WEB' : 'any'}
            value={form.key}
            onChange={set('key')}
          />
        </label>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={!serverToday}
            onClick={() => preset(7)}
          >
            7 days
          </button>
          <button
            type="button"
            className="button button-quiet"
            disabled={!serverToday}
            onClick={() => preset(30)}
          >
            30 days
          </button>
        </div>
      </form>
      {kind === 'agent' ? (
        <nav className="crumbs" aria-label="Agent team">
          <button type="button" className="link-button" onClick={() => toTrail(0)}>
            Top-level agents
          </button>
          {trail.map((t, i) => (
            <span key={t.id}>
              {' › '}
              {i === trail.length - 1 ? (
                <strong>{t.name}</strong>
              ) : (
                <button type="button" className="link-button" onClick={() => toTrail(i + 1)}>
                  {t.name}
                </button>
              )}
            </span>
          ))}
        </nav>
      ) : null}
      {totals && meta ? (
        <section className="panel" aria-labelledby="report-totals">
          <div className="panel-head">
            <h2 id="report-totals">
              {meta.from === meta.to ? meta.from : `${meta.from} to ${meta.to}`}
              {meta.agent ? ` · team of ${meta.agent.username}` : ''}
            </h2>
            <span className="muted small">
              {meta.currency} · figures as of {meta.figuresAt ? dateTime(meta.figuresAt) : 'the first fold'}
            </span>
          </div>
          <div
            className="tiles tiles-figures"
            // One row of tiles up to six; the agents' eight in two rows of four.
            style={{ gridTemplateColumns: `repeat(${tileColumns(totals)}, minmax(0, 1fr))` }}
          >
            <Tile label="Bets" value={count(totals.bets)} />
            <Tile label="Staked" value={money(totals.betAmount)} />
            <Tile label="Valid bet" value={money(totals.validBet)} />
            <Tile label="Paid out" value={money(totals.payout)} />
            <Tile label="GGR" value={money(totals.ggr)} tone={totals.ggr < 0 ? 'warn' : undefined} />
            {totals.registrations !== null ? (
              <Tile label="Registrations" value={count(totals.registrations)} />
            ) : null}
            {totals.deposit !== null ? <Tile label="Deposits" value={money(totals.deposit)} /> : null}
            {totals.withdrawal !== null ? (
              <Tile label="Withdrawals" value={money(totals.withdrawal)} />
            ) : null}
          </div>
          <BarChart
            title="Staked and GGR per day"
            labels={labels}
            series={chart}
            format={money as (v: number) => string}
          />
        </section>
      ) : null}
      <DataTable
        table={reactTable}
        core={refineCore}
        label={`Report ${KINDS.find((k) => k.kind === kind)!.label.toLowerCase()}`}
        empty={{ title: 'No figures for this range.', hint: 'Try a longer range or another report.' }}
        {...(kind === 'agent' ? { onRowClick: openTeam } : {})}
      />
    </div>
  );
}

function useColumns(
  kind: Kind,
  daily: boolean,
  money: (v: number | null) => string,
  sorter: Sorter,
  onSort: (s: Sorter) => void,
): ColumnDef<ReportItem>[] {
  return useMemo(() => {
    const head = (label: string, field: backoffice.ReportSort, numeric = true) =>
      function Head() {
        return (
          <SortHead
            label={label}
            field={field}
            numeric={numeric}
            sorter={sorter}
            onSort={(f, order) => onSort({ field: f, order })}
          />
        );
      };
    const num = { className: 'num' };
    const cols: ColumnDef<ReportItem>[] = [];
    if (daily)
      cols.push({
        id: 'day',
        header: head('Day', 'day', false),
        cell: ({ row }) => row.original.day,
        size: 120,
      });
    cols.push({
      id: 'key',
      header: head(KINDS.find((k) => k.kind === kind)!.key, 'key', false),
      cell: ({ row }) =>
        kind === 'agent' ? (
          <span>
            <strong>{row.original.label}</strong> <span className="muted small">#{row.original.key}</span>
          </span>
        ) : (
          row.original.label || <span className="muted">(none)</span>
        ),
    });
    cols.push(
      { id: 'bets', header: head('Bets', 'bets'), cell: ({ row }) => count(row.original.bets), meta: num },
      {
        id: 'betAmount',
        header: head('Staked', 'betAmount'),
        cell: ({ row }) => money(row.original.betAmount),
        meta: num,
      },
      {
        id: 'validBet',
        header: head('Valid bet', 'validBet'),
        cell: ({ row }) => money(row.original.validBet),
        meta: num,
      },
      {
        id: 'payout',
        header: head('Paid out', 'payout'),
        cell: ({ row }) => money(row.original.payout),
        meta: num,
      },
      {
        id: 'ggr',
        header: head('GGR', 'ggr'),
        cell: ({ row }) => (
          <span className={row.original.ggr < 0 ? 'text-danger' : undefined}>{money(row.original.ggr)}</span>
        ),
        meta: num,
      },
    );
    if (kind === 'channel' || kind === 'agent')
      cols.push({
        id: 'registrations',
        header: head('Registrations', 'registrations'),
        cell: ({ row }) => count(row.original.registrations ?? 0),
        meta: num,
      });
    if (kind === 'agent')
      cols.push(
        {
          id: 'deposit',
          header: head('Deposits', 'deposit'),
          cell: ({ row }) => money(row.original.deposit),
          meta: num,
        },
        {
          id: 'withdrawal',
          header: head('Withdrawals', 'withdrawal'),
          cell: ({ row }) => money(row.original.withdrawal),
          meta: num,
        },
      );
    return cols;
  }, [kind, daily, money, sorter, onSort]);
}

function tileColumns(t: backoffice.ReportFigures): number {
  const n = 5 + (t.registrations !== null ? 1 : 0) + (t.deposit !== null ? 2 : 0);
  return n > 6 ? 4 : n;
}

function Tile({ label, value, tone }: { label: string; value: string; tone?: 'warn' | undefined }) {
  return (
    <div className={`tile${tone ? ` tile-${tone}` : ''}`}>
      <span className="tile-label">{label}</span>
      <strong className="tile-value">{value}</strong>
    </div>
  );
}
