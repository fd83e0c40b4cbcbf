import { useMemo, useState, type FormEvent } from 'react';
import { useExport, useOne, type CrudFilter } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Icon } from '../ui/icon.tsx';
import { dateTime } from '../ui/format.ts';
import { Failed, Loading } from '../ui/states.tsx';

type Entry = backoffice.AuditEntry;

const target = (e: Entry) => (e.targetType ? `${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}` : '—');

const KIND_LABEL: Record<backoffice.AuditActorKind, string> = {
  staff: 'Staff',
  cli: 'CLI',
  system: 'System',
};

/** The filter form's fields as Refine filters (the data provider turns them into the call's query). */
interface FilterForm {
  actorName: string;
  actorKind: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
}
const EMPTY: FilterForm = {
  actorName: '',
  actorKind: '',
  action: '',
  targetType: '',
  targetId: '',
  from: '',
  to: '',
};

function filtersOf(form: FilterForm): CrudFilter[] {
  const out: CrudFilter[] = [];
  if (form.actorName.trim()) out.push({ field: 'actorName', operator: 'eq', value: form.actorName.trim() });
  if (form.actorKind) out.push({ field: 'actorKind', operator: 'eq', value: form.actorKind });
  const action = form.action.trim();
  if (action)
    out.push({ field: 'action', operator: action.endsWith('.') ? 'startswith' : 'eq', value: action });
  if (form.targetType.trim())
    out.push({ field: 'targetType', operator: 'eq', value: form.targetType.trim() });
  if (form.targetId.trim()) out.push({ field: 'targetId', operator: 'eq', value: form.targetId.trim() });
  // Days in the staff's own time zone: from the start of the first to the end of the last.
  if (form.from)
    out.push({ field: 'at', operator: 'gte', value: new Date(`${form.from}T00:00:00`).getTime() });
  if (form.to)
    out.push({ field: 'at', operator: 'lt', value: new Date(`${form.to}T00:00:00`).getTime() + 86_400_000 });
  return out;
}

export function AuditListPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const columns = useMemo<ColumnDef<Entry>[]>(
    () => [
      {
        id: 'id',
        header: '#',
        accessorKey: 'id',
        size: 72,
        cell: ({ row }) => <span className="mono">{row.original.id}</span>,
      },
      {
        id: 'at',
        header: 'Time',
        accessorKey: 'at',
        size: 190,
        cell: ({ row }) => dateTime(row.original.at),
      },
      {
        id: 'actor',
        header: 'Who',
        accessorKey: 'actorName',
        cell: ({ row }) => (
          <span className="actor">
            <span className={`badge badge-kind-${row.original.actorKind}`}>
              {KIND_LABEL[row.original.actorKind]}
            </span>
            {row.original.actorName}
          </span>
        ),
      },
      {
        id: 'action',
        header: 'Action',
        accessorKey: 'action',
        cell: ({ row }) => (
          <span className={`mono${row.original.action.endsWith('.failed') ? ' text-danger' : ''}`}>
            {row.original.action}
          </span>
        ),
      },
      { id: 'target', header: 'Target', cell: ({ row }) => target(row.original) },
      {
        id: 'ip',
        header: 'From',
        accessorKey: 'ip',
        cell: ({ row }) => <span className="mono">{row.original.ip ?? '—'}</span>,
      },
      {
        id: 'open',
        header: '',
        meta: { className: 'cell-actions' },
        cell: ({ row }) => (
          <Link
            className="button button-quiet"
            to={`/audit/${row.original.id}`}
            onClick={(e) => e.stopPropagation()}
          >
            Details
          </Link>
        ),
      },
    ],
    [],
  );
  const { reactTable, refineCore } = useTable<Entry>({
    columns,
    refineCoreProps: {
      resource: 'audit',
      pagination: { pageSize: 50, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'server' },
      queryOptions: { placeholderData: (previous) => previous },
    },
    manualPagination: true,
    manualFiltering: true,
    manualSorting: true,
  });
  const { triggerExport, isLoading: exporting } = useExport<Entry>({
    resource: 'audit',
    filters: refineCore.filters,
    pageSize: 200,
    maxItemCount: 10_000,
    filename: 'audit-log',
    mapData: (e) => ({
      id: e.id,
      at: new Date(e.at).toISOString(),
      actorKind: e.actorKind,
      actorName: e.actorName,
      ip: e.ip ?? '',
      action: e.action,
      targetType: e.targetType ?? '',
      targetId: e.targetId ?? '',
      before: e.before === null || e.before === undefined ? '' : JSON.stringify(e.before),
      after: e.after === null || e.after === undefined ? '' : JSON.stringify(e.after),
      hash: e.hash,
    }),
  });
  const verify = useMutation({ mutationFn: () => boCall(backoffice.boAuditVerify) });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    refineCore.setFilters(filtersOf(form), 'replace');
    refineCore.setCurrentPage(1);
  };
  const reset = () => {
    setForm(EMPTY);
    refineCore.setFilters([], 'replace');
    refineCore.setCurrentPage(1);
  };
  const set = (key: keyof FilterForm) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });

  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Audit log</h1>
          <p className="muted">
            Every staff and operator action, newest first: who, when, from where, and the state before and
            after. Entries cannot be changed; each one seals the one before it.
          </p>
        </div>
        <div className="head-actions">
          <button
            type="button"
            className="button"
            onClick={() => verify.mutate()}
            disabled={verify.isPending}
          >
            <Icon name="shield" />
            {verify.isPending ? 'Verifying…' : 'Verify chain'}
          </button>
          <button type="button" className="button" onClick={() => void triggerExport()} disabled={exporting}>
            <Icon name="download" />
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
      </header>
      {verify.data ? (
        verify.data.ok ? (
          <p className="notice notice-ok" role="status" data-testid="verify-result">
            Chain verified: {verify.data.entries.toLocaleString()} entries hold.
            {verify.data.head ? (
              <>
                {' '}
                Head to keep:{' '}
                <code className="mono small">
                  {verify.data.head.id}:{verify.data.head.hash}
                </code>
              </>
            ) : null}
          </p>
        ) : (
          <p className="notice notice-error" role="alert" data-testid="verify-result">
            The chain is broken at entry {verify.data.broken?.id}: {verify.data.broken?.reason}.
          </p>
        )
      ) : null}
      {verify.error ? <Failed error={verify.error} retry={() => verify.mutate()} /> : null}
      <form className="filters" onSubmit={apply} aria-label="Filter the audit log">
        <label className="field">
          <span>Who</span>
          <input name="actorName" placeholder="username" value={form.actorName} onChange={set('actorName')} />
        </label>
        <label className="field">
          <span>Kind</span>
          <select name="actorKind" value={form.actorKind} onChange={set('actorKind')}>
            <option value="">Any</option>
            {backoffice.auditActorKinds.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Action</span>
          <input
            name="action"
            placeholder="staff.create, or staff."
            value={form.action}
            onChange={set('action')}
            list="audit-actions"
          />
          <datalist id="audit-actions">
            {[
              'staff.',
              'staff.create',
              'staff.disable',
              'staff.login.',
              'staff.login.failed',
              'staff.enrol',
              'staff.logout',
            ].map((a) => (
              <option key={a} value={a} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span>Target</span>
          <input name="targetType" placeholder="type" value={form.targetType} onChange={set('targetType')} />
        </label>
        <label className="field field-narrow">
          <span>Target id</span>
          <input name="targetId" value={form.targetId} onChange={set('targetId')} />
        </label>
        <label className="field">
          <span>From</span>
          <input name="from" type="date" value={form.from} onChange={set('from')} />
        </label>
        <label className="field">
          <span>To</span>
          <input name="to" type="date" value={form.to} onChange={set('to')} />
        </label>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            Apply
          </button>
          <button type="button" className="button button-quiet" onClick={reset}>
            Clear
          </button>
        </div>
      </form>
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Audit log entries"
        exactTotal={false}
        empty={{ title: 'No entry matches these filters.', hint: 'Clear a filter or widen the dates.' }}
        onRowClick={(entry) => void navigate(`/audit/${entry.id}`)}
      />
    </div>
  );
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <p className="muted">Nothing recorded.</p>;
  return <pre className="json">{JSON.stringify(value, null, 2)}</pre>;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const shown = (v: unknown): string => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Before and after side by side, one row per field, the changed ones marked: what an entry did is
 * read at a glance. Values that are not objects (or none at all) are shown whole.
 */
export function Changes({ before, after }: { before: unknown; after: unknown }) {
  if (!isRecord(before) && !isRecord(after))
    return (
      <div className="diff">
        <section className="panel">
          <h2>Before</h2>
          <Json value={before} />
        </section>
        <section className="panel">
          <h2>After</h2>
          <Json value={after} />
        </section>
      </div>
    );
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const changed = (k: string) => JSON.stringify(b[k]) !== JSON.stringify(a[k]);
  // Changed fields first, each group in the order the entry has them.
  keys.sort((x, y) => Number(changed(y)) - Number(changed(x)));
  return (
    <section className="panel">
      <div className="panel-head">
        <h2>Changes</h2>
        <span className="muted small">
          {keys.filter(changed).length} of {keys.length} fields changed
        </span>
      </div>
      <table className="changes" aria-label="Before and after">
        <thead>
          <tr>
            <th>Field</th>
            <th>Before</th>
            <th>After</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k} className={changed(k) ? 'changed' : undefined}>
              <td>{k}</td>
              <td className={changed(k) ? 'was' : undefined}>{isRecord(before) ? shown(b[k]) : '—'}</td>
              <td className={changed(k) ? 'now' : undefined}>{isRecord(after) ? shown(a[k]) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="raw">
        <summary>Recorded JSON</summary>
        <div className="diff">
          <Json value={before} />
          <Json value={after} />
        </div>
      </details>
    </section>
  );
}

export function AuditShowPage() {
  const { id } = useParams();
  const { query } = useOne<Entry>({ resource: 'audit', id: id ?? '' });
  const entry = query.data?.data;
  return (
    <div className="page">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/audit">Audit log</Link> <span aria-hidden="true">/</span> <span>Entry {id}</span>
      </nav>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {entry ? (
        <>
          <header className="page-head">
            <div>
              <h1 className="mono">{entry.action}</h1>
              <p className="muted">
                Entry {entry.id} · {dateTime(entry.at)}
              </p>
            </div>
          </header>
          <dl className="facts">
            <div>
              <dt>Who</dt>
              <dd>
                <span className={`badge badge-kind-${entry.actorKind}`}>{KIND_LABEL[entry.actorKind]}</span>{' '}
                {entry.actorName}
                {entry.actorId !== null ? <span className="muted"> (staff #{entry.actorId})</span> : null}
              </dd>
            </div>
            <div>
              <dt>From</dt>
              <dd className="mono">{entry.ip ?? '—'}</dd>
            </div>
            <div>
              <dt>Target</dt>
              <dd>{target(entry)}</dd>
            </div>
            <div>
              <dt>When</dt>
              <dd>{new Date(entry.at).toISOString()}</dd>
            </div>
          </dl>
          <Changes before={entry.before} after={entry.after} />
          <section className="panel">
            <h2>Chain</h2>
            <dl className="facts facts-stack">
              <div>
                <dt>Previous hash</dt>
                <dd className="mono small break">{entry.prevHash}</dd>
              </div>
              <div>
                <dt>This entry's hash</dt>
                <dd className="mono small break">{entry.hash}</dd>
              </div>
            </dl>
          </section>
        </>
      ) : null}
    </div>
  );
}
