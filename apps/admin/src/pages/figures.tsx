import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { BoError, boCall } from '../api/client.ts';
import { BarChart } from '../ui/bar-chart.tsx';
import { count, dateTime } from '../ui/format.ts';
import { Failed, Loading } from '../ui/states.tsx';

type Dashboard = backoffice.Dashboard;
type Figures = backoffice.DashboardFigures;

const RANGES = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;

/** The report day `days - 1` before `today` (YYYY-MM-DD, calendar arithmetic in UTC). */
export function dayBefore(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - (days - 1));
  return d.toISOString().slice(0, 10);
}

function moneyFormat(d: Pick<Dashboard, 'currency' | 'precision'>) {
  const f = new Intl.NumberFormat('en-GB', {
    minimumFractionDigits: d.precision,
    maximumFractionDigits: d.precision,
  });
  return (v: number) => `${d.currency} ${f.format(v)}`;
}

/**
 * The site's figures (boDashboard): today, a range of report days with a chart per day, GGR by
 * product and vendor, and what waits in the approval queues. Days are the server's report days
 * (its time zone, named on the panel), so the range is counted from the `today` it answers.
 */
export function SiteFigures() {
  const [days, setDays] = useState<number>(7);
  const today = useQuery({
    queryKey: ['bo', 'dashboard', 'today'],
    queryFn: () => boCall(backoffice.boDashboard, { query: {} }),
    refetchInterval: 60_000,
  });
  const todayDay = today.data?.today;
  const range = useQuery({
    queryKey: ['bo', 'dashboard', 'range', todayDay, days],
    queryFn: () =>
      boCall(backoffice.boDashboard, { query: { from: dayBefore(todayDay!, days), to: todayDay! } }),
    enabled: todayDay !== undefined,
    placeholderData: (previous) => previous,
  });
  const notServed = today.error instanceof BoError && today.error.statusCode === 404;
  if (notServed)
    return (
      <section className="panel" aria-labelledby="figures">
        <h2 id="figures">Site figures</h2>
        <p className="muted">This server does not serve the dashboard's figures yet.</p>
      </section>
    );
  return (
    <>
      <section className="panel" aria-labelledby="figures">
        <div className="panel-head">
          <h2 id="figures">Today</h2>
          {today.data ? (
            <span className="muted small">
              Report day {today.data.today} ({today.data.timeZone}) · updated {dateTime(today.data.at)}
            </span>
          ) : null}
        </div>
        {today.isLoading ? <Loading /> : null}
        {today.isError ? <Failed error={today.error} retry={() => void today.refetch()} /> : null}
        {today.data ? <FigureTiles data={today.data} figures={today.data.todayFigures} pending /> : null}
      </section>
      {today.data ? (
        <section className="panel" aria-labelledby="range">
          <div className="panel-head">
            <h2 id="range">
              Last {days} days{range.data ? ` · ${range.data.from} to ${range.data.to}` : ''}
            </h2>
            <div className="segmented" role="group" aria-label="Range">
              {RANGES.map((r) => (
                <button
                  key={r.days}
                  type="button"
                  className={r.days === days ? 'active' : undefined}
                  aria-pressed={r.days === days}
                  onClick={() => setDays(r.days)}
                >
                  {r.label}
                </button>
              ))}
            </div>
          </div>
          {range.isLoading ? <Loading /> : null}
          {range.isError ? <Failed error={range.error} retry={() => void range.refetch()} /> : null}
          {range.data ? <RangeFigures data={range.data} /> : null}
        </section>
      ) : null}
    </>
  );
}

function FigureTiles({ data, figures, pending }: { data: Dashboard; figures: Figures; pending?: boolean }) {
  const money = moneyFormat(data);
  return (
    <div className="tiles tiles-figures">
      <Tile label="Registrations" value={count(figures.registrations)} />
      <Tile label="First deposits" value={count(figures.firstDeposits)} />
      <Tile
        label="Deposits"
        value={money(figures.deposits.amount)}
        note={`${count(figures.deposits.count)} paid in`}
      />
      <Tile
        label="Withdrawals"
        value={money(figures.withdrawals.amount)}
        note={`${count(figures.withdrawals.count)} paid out`}
      />
      <Tile
        label="Bets"
        value={money(figures.bets.betAmount)}
        note={`${count(figures.bets.count)} settled`}
      />
      <Tile label="GGR" value={money(figures.bets.ggr)} tone={figures.bets.ggr < 0 ? 'warn' : undefined} />
      <Tile label="Active players" value={count(figures.activePlayers)} />
      {pending ? (
        <Tile
          label="Waiting for approval"
          value={count(data.pending.deposits + data.pending.withdrawals)}
          note={`${count(data.pending.deposits)} deposits · ${count(data.pending.withdrawals)} withdrawals`}
          tone={data.pending.deposits + data.pending.withdrawals > 0 ? 'warn' : undefined}
        />
      ) : null}
    </div>
  );
}

function RangeFigures({ data }: { data: Dashboard }) {
  // One function per currency, so the charts are not drawn again on every render.
  const money = useMemo(() => moneyFormat(data), [data.currency, data.precision]); // eslint-disable-line react-hooks/exhaustive-deps
  const labels = useMemo(() => data.series.map((d) => d.day.slice(5)), [data.series]);
  const flows = useMemo(
    () => [
      { label: 'Deposits', color: '#3ccf91', values: data.series.map((d) => d.deposit) },
      { label: 'Withdrawals', color: '#ff8a65', values: data.series.map((d) => d.withdrawal) },
    ],
    [data.series],
  );
  const ggr = useMemo(
    () => [{ label: 'GGR', color: '#f2c14e', values: data.series.map((d) => d.ggr) }],
    [data.series],
  );
  const players = useMemo(
    () => [
      { label: 'Active players', color: '#5ab0ff', values: data.series.map((d) => d.activePlayers) },
      { label: 'Registrations', color: '#b48cff', values: data.series.map((d) => d.registrations) },
    ],
    [data.series],
  );
  return (
    <>
      <FigureTiles data={data} figures={data.rangeFigures} />
      <div className="charts-3">
        <div>
          <h3>Deposits and withdrawals</h3>
          <BarChart title="Deposits and withdrawals per day" labels={labels} series={flows} format={money} />
        </div>
        <div>
          <h3>GGR</h3>
          <BarChart title="GGR per day" labels={labels} series={ggr} format={money} />
        </div>
        <div>
          <h3>Players</h3>
          <BarChart title="Active players and registrations per day" labels={labels} series={players} />
        </div>
      </div>
      <div className="cards-2">
        <Breakdown
          title="GGR by product"
          rows={data.rangeFigures.byProduct.map((r) => ({ ...r, name: r.product }))}
          money={money}
        />
        <Breakdown
          title="GGR by vendor"
          rows={data.rangeFigures.byVendor.map((r) => ({ ...r, name: r.vendor }))}
          money={money}
        />
      </div>
    </>
  );
}

function Breakdown({
  title,
  rows,
  money,
}: {
  title: string;
  rows: (backoffice.DashboardFigures['bets'] & { name: string })[];
  money: (v: number) => string;
}) {
  const sorted = [...rows].sort((a, b) => b.ggr - a.ggr);
  return (
    <div>
      <h3>{title}</h3>
      {sorted.length === 0 ? (
        <p className="muted small">No settled bets in this range.</p>
      ) : (
        <div className="table-scroll">
          <table className="grid grid-compact" aria-label={title}>
            <thead>
              <tr>
                <th>{title.endsWith('product') ? 'Product' : 'Vendor'}</th>
                <th className="num">Bets</th>
                <th className="num">Staked</th>
                <th className="num">Paid out</th>
                <th className="num">GGR</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((r) => (
                <tr key={r.name}>
                  <td>{r.name}</td>
                  <td className="num">{count(r.count)}</td>
                  <td className="num">{money(r.betAmount)}</td>
                  <td className="num">{money(r.payout)}</td>
                  <td className={`num${r.ggr < 0 ? ' text-danger' : ''}`}>{money(r.ggr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Tile({
  label,
  value,
  note,
  tone,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  tone?: 'warn' | undefined;
}) {
  return (
    <div className={`tile${tone ? ` tile-${tone}` : ''}`}>
      <span className="tile-label">{label}</span>
      <strong className="tile-value">{value}</strong>
      {note ? <span className="muted small">{note}</span> : null}
    </div>
  );
}
