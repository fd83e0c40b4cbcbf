import { useMemo } from 'react';
import { useGetIdentity, useList } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { roleLabel } from '../shell/shell.tsx';
import { BarChart } from '../ui/bar-chart.tsx';
import { count, dateTime } from '../ui/format.ts';
import { Failed, Loading } from '../ui/states.tsx';
import { PERMISSION_LABEL } from '../ui/permissions.ts';
import { SiteFigures } from './figures.tsx';

/**
 * The landing page: the site's figures (boDashboard: today, a range with charts, GGR by product and
 * vendor, the pending queues); for the audit log's readers, the last 24 hours of back-office
 * activity by hour; for admins, the staff accounts by role; and what the person's role opens.
 */
export function DashboardPage() {
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  if (!me) return <Loading />;
  const may = (p: backoffice.StaffPermission) => me.permissions.includes(p);
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Dashboard</h1>
          <p className="muted">
            Good {greeting()}, {me.displayName}. You are signed in as {roleLabel(me.role)}.
          </p>
        </div>
      </header>
      {may('dashboard.read') ? <SiteFigures /> : null}
      {may('audit.read') ? <Activity /> : null}
      <div className="cards-2">
        {may('staff.manage') ? <StaffByRole /> : null}
        <section className="panel" aria-labelledby="desk">
          <h2 id="desk">Your desk</h2>
          <p className="muted small">What your role allows. The server checks each action again.</p>
          <ul className="chips">
            {me.permissions.map((p) => (
              <li key={p} className="chip" title={p}>
                {PERMISSION_LABEL[p] ?? p}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function greeting() {
  const h = new Date().getHours();
  return h < 12 ? 'morning' : h < 18 ? 'afternoon' : 'evening';
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** At most this many entries are read for the chart: a few pages of the log. */
const ACTIVITY_CAP = 1000;

function Activity() {
  const query = useQuery({
    queryKey: ['bo', 'activity-24h'],
    queryFn: async () => {
      const from = Date.now() - DAY;
      const entries: backoffice.AuditEntry[] = [];
      let before: number | undefined;
      for (;;) {
        const page = await boCall(backoffice.boAuditList, {
          query: { from, size: 200, ...(before ? { before } : {}) },
        });
        entries.push(...page.list);
        if (page.next === null || entries.length >= ACTIVITY_CAP)
          return { entries, from, capped: page.next !== null };
        before = page.next;
      }
    },
    refetchInterval: 60_000,
  });
  const figures = useMemo(() => {
    if (!query.data) return null;
    const { entries, from } = query.data;
    const start = Math.floor(from / HOUR) * HOUR;
    const slots = 25;
    const actions = new Array<number>(slots).fill(0);
    const refused = new Array<number>(slots).fill(0);
    let signIns = 0;
    let failed = 0;
    let changes = 0;
    for (const e of entries) {
      const i = Math.min(slots - 1, Math.max(0, Math.floor((e.at - start) / HOUR)));
      if (e.action.endsWith('.failed')) {
        refused[i]!++;
        failed++;
      } else actions[i]!++;
      if (e.action === 'staff.login.second-factor' || e.action === 'staff.enrol') signIns++;
      if (e.action === 'staff.create' || e.action === 'staff.disable') changes++;
    }
    // The hour each bar starts; the last one is the hour under way.
    const labels = Array.from({ length: slots }, (_, i) =>
      i === slots - 1
        ? 'Now'
        : new Date(start + i * HOUR).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }),
    );
    return { labels, actions, refused, signIns, failed, changes, total: entries.length };
  }, [query.data]);
  return (
    <section className="panel" aria-labelledby="activity">
      <div className="panel-head">
        <h2 id="activity">Back-office activity · last 24 hours</h2>
        <Link to="/audit" className="button button-quiet">
          Open the audit log
        </Link>
      </div>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {figures ? (
        <>
          <div className="tiles">
            <Tile
              label="Audited actions"
              value={figures.total}
              note={query.data?.capped ? `latest ${ACTIVITY_CAP}` : undefined}
            />
            <Tile label="Staff sign-ins" value={figures.signIns} />
            <Tile
              label="Refused sign-ins and codes"
              value={figures.failed}
              tone={figures.failed ? 'warn' : undefined}
            />
            <Tile label="Accounts created or disabled" value={figures.changes} />
          </div>
          <BarChart
            title="Audited actions per hour"
            labels={figures.labels}
            series={[
              { label: 'Actions', color: '#5ab0ff', values: figures.actions },
              { label: 'Refused', color: '#ff8a65', values: figures.refused },
            ]}
          />
          <p className="muted small">Updated {dateTime(query.dataUpdatedAt)} · refreshes every minute.</p>
        </>
      ) : null}
    </section>
  );
}

function Tile({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: number;
  note?: string | undefined;
  tone?: 'warn' | undefined;
}) {
  return (
    <div className={`tile${tone ? ` tile-${tone}` : ''}`}>
      <span className="tile-label">{label}</span>
      <strong className="tile-value">{count(value)}</strong>
      {note ? <span className="muted small">{note}</span> : null}
    </div>
  );
}

function StaffByRole() {
  const { query, result } = useList<backoffice.Staff>({
    resource: 'staff',
    pagination: { currentPage: 1, pageSize: 100, mode: 'server' },
    filters: [{ field: 'includeDisabled', operator: 'eq', value: false }],
  });
  const byRole = useMemo(() => {
    const counts = new Map<backoffice.StaffRole, number>();
    for (const s of result.data) counts.set(s.role, (counts.get(s.role) ?? 0) + 1);
    return counts;
  }, [result.data]);
  return (
    <section className="panel" aria-labelledby="staff-roles">
      <div className="panel-head">
        <h2 id="staff-roles">Active staff by role</h2>
        <Link to="/staff" className="button button-quiet">
          Manage staff
        </Link>
      </div>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {query.isSuccess ? (
        <>
          <ul className="role-list">
            {backoffice.staffRoles.map((r) => (
              <li key={r}>
                <span className={`badge badge-role-${r}`}>{roleLabel(r)}</span>
                <strong>{byRole.get(r) ?? 0}</strong>
              </li>
            ))}
          </ul>
          <p className="muted small">
            {count(result.total ?? 0)} active account{result.total === 1 ? '' : 's'}
            {(result.total ?? 0) > result.data.length ? ` (first ${result.data.length} counted)` : ''}.
          </p>
        </>
      ) : null}
    </section>
  );
}
