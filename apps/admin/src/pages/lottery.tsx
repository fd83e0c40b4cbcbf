import { useMemo, useState, type ReactNode } from 'react';
import { useGetIdentity, useInvalidate, useOne } from '@refinedev/core';
import { useTable } from '@refinedev/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate, useParams } from 'react-router';
import { backoffice } from '@app/contract';
import { boCall, BoError } from '../api/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { count, dateTime } from '../ui/format.ts';
import { notificationProvider } from '../ui/toasts.tsx';
import { money, refusalText } from './approval-rules.ts';
import { hasPrizes, PrizesFlow, ScheduleForm, suspendedText } from './lottery-schedule.tsx';
import './lottery.css';

type Game = backoffice.LotteryBoGame;
type Numero = backoffice.LotteryBoNumero;
type Detail = backoffice.LotteryBoNumeroDetail;
type Effect = backoffice.LotteryEffect & { currency: string; precision: number };
type Action = backoffice.LotteryResultAction;
type Meta = { currency: string; precision: number };

const notify = (type: 'success' | 'error', message: string, description?: string) =>
  notificationProvider.open?.({ type, message, ...(description ? { description } : {}) });

function useCan() {
  const { data: me } = useGetIdentity<backoffice.StaffMe>();
  return (p: backoffice.StaffPermission) => me?.permissions.includes(p) ?? false;
}

const STATUS: Record<string, { label: string; tone: string }> = {
  open: { label: 'On sale', tone: 'ok' },
  locked: { label: 'Sales closed', tone: 'muted' },
  awaiting: { label: 'Awaiting result', tone: 'warn' },
  drawn: { label: 'Drawn', tone: 'ok' },
  settled: { label: 'Settled', tone: 'ok' },
  void: { label: 'Void', tone: 'off' },
};

function NumeroStatus({ n }: { n: Pick<Numero, 'status' | 'awaitingResult' | 'revision'> }) {
  const s = STATUS[n.awaitingResult ? 'awaiting' : n.status] ?? { label: n.status, tone: 'warn' };
  return (
    <span className={`badge badge-${s.tone}`} data-testid="numero-status">
      {s.label}
      {n.status === 'settled' && n.revision > 0 ? ` · corrected ×${n.revision}` : ''}
    </span>
  );
}

function SourceBadge({ g }: { g: Pick<Game, 'resultSource' | 'sandbox'> }) {
  if (g.resultSource === 'RNG') return <span className="badge badge-muted">Our draw (RNG)</span>;
  return (
    <span className={`badge ${g.sandbox ? 'badge-warn' : 'badge-role-finance'}`}>
      Official{g.sandbox ? ' · sandbox' : ''}
    </span>
  );
}

/** Seconds as staff say them: 900 → 15 min, 5 → 5 s. */
const secondsText = (s: number) => (s >= 60 && s % 60 === 0 ? `${s / 60} min` : `${s} s`);

const signed = (amount: number, m: Meta) =>
  `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${money(Math.abs(amount), m.currency, m.precision)}`;

// ---- games ------------------------------------------------------------------------------------------

/** Every game: schedule, results source, what is on sale, results awaited, and the on/off switch. */
export function LotteryGamesPage() {
  const navigate = useNavigate();
  const can = useCan();
  const [switching, setSwitching] = useState<Game | null>(null);
  const mayWrite = can('lottery.result');
  const columns = useMemo<ColumnDef<Game>[]>(
    () => [
      {
        id: 'code',
        header: 'Game',
        cell: ({ row }) => (
          <span className="lot-game">
            <Link className="mono" to={`/lottery/${row.original.code}`} onClick={(e) => e.stopPropagation()}>
              {row.original.code}
            </Link>
            <span className="muted small">
              {row.original.name} · {row.original.family}
            </span>
          </span>
        ),
      },
      {
        id: 'schedule',
        header: 'Schedule',
        cell: ({ row }) => (
          <span className="lot-game">
            <span>{row.original.schedule}</span>
            <span className="muted small">sales close {secondsText(row.original.lockS)} before</span>
          </span>
        ),
      },
      { id: 'source', header: 'Results', cell: ({ row }) => <SourceBadge g={row.original} /> },
      {
        id: 'onSale',
        header: 'On sale',
        cell: ({ row }) =>
          row.original.onSale ? (
            <span className="lot-game">
              <span className="mono">{row.original.onSale.numero}</span>
              <span className="muted small">draw {dateTime(row.original.onSale.drawAt)}</span>
            </span>
          ) : (
            <span className="muted">—</span>
          ),
      },
      {
        id: 'awaiting',
        header: 'Awaiting result',
        meta: { className: 'num' },
        cell: ({ row }) =>
          row.original.awaiting > 0 ? (
            <span className="badge badge-warn" data-testid="awaiting">
              {count(row.original.awaiting)}
            </span>
          ) : (
            <span className="muted">0</span>
          ),
      },
      {
        id: 'enabled',
        header: 'Sales',
        cell: ({ row }) => (
          <span className="lot-switch">
            <span className={`badge badge-${row.original.enabled ? 'ok' : 'off'}`}>
              {row.original.enabled ? 'On' : 'Off'}
            </span>
            {mayWrite ? (
              <button
                type="button"
                className="button button-small"
                onClick={(e) => {
                  e.stopPropagation();
                  setSwitching(row.original);
                }}
              >
                {row.original.enabled ? 'Stop sales' : 'Start sales'}
              </button>
            ) : null}
          </span>
        ),
      },
    ],
    [mayWrite],
  );
  const { reactTable, refineCore } = useTable<Game>({
    columns,
    refineCoreProps: {
      resource: 'lottery',
      pagination: { pageSize: 200, mode: 'server' },
      sorters: { mode: 'off' },
      filters: { mode: 'off' },
    },
    manualPagination: true,
  });
  const waiting = (refineCore.tableQuery.data?.data ?? []).reduce((a, g) => a + g.awaiting, 0);
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Lottery</h1>
          <p className="muted">
            Games and their draw schedules. Official games wait for the operator&apos;s result after each
            draw; our own games draw from their committed seed.
          </p>
        </div>
      </header>
      {waiting > 0 ? (
        <p className="notice" role="status">
          {count(waiting)} draw{waiting === 1 ? '' : 's'} past their time without a result: open the game to
          enter them.
        </p>
      ) : null}
      <DataTable
        table={reactTable}
        core={refineCore}
        label="Lottery games"
        empty={{ title: 'No lottery games.', hint: 'Add one with npm run ops -- lottery game add.' }}
        onRowClick={(g) => void navigate(`/lottery/${g.code}`)}
      />
      <Dialog
        open={switching !== null}
        title={switching ? `${switching.enabled ? 'Stop' : 'Start'} sales: ${switching.code}` : ''}
        onClose={() => setSwitching(null)}
      >
        {switching ? <SwitchForm game={switching} onDone={() => setSwitching(null)} /> : null}
      </Dialog>
    </div>
  );
}

function SwitchForm({ game, onDone }: { game: Game; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const invalidate = useInvalidate();
  const mutation = useMutation({
    mutationFn: () =>
      boCall(backoffice.boLotteryGameSwitch, {
        body: { code: game.code, enabled: !game.enabled, reason: reason.trim() },
      }),
    onSuccess: (g) => {
      void invalidate({ resource: 'lottery', invalidates: ['list'] });
      notify('success', `${g.code}: sales ${g.enabled ? 'on' : 'off'}`);
      onDone();
    },
  });
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate();
      }}
    >
      <p>
        {game.enabled
          ? 'No new bets are taken on this game and it leaves the lobby; bets already placed are drawn and settled as usual.'
          : 'The game is sold again; its numeros are created by the numero job within a minute.'}{' '}
        Recorded in the audit log with your reason.
      </p>
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={200}
          autoFocus
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
          className={`button ${game.enabled ? 'button-danger' : 'button-primary'}`}
          disabled={mutation.isPending || !reason.trim()}
        >
          {mutation.isPending ? 'Sending…' : game.enabled ? 'Confirm: stop sales' : 'Confirm: start sales'}
        </button>
      </div>
    </form>
  );
}

// ---- a game's numeros ------------------------------------------------------------------------------------

const FILTER_LABEL: Record<(typeof backoffice.lotteryNumeroFilters)[number], string> = {
  awaiting: 'Awaiting result',
  recent: 'Drawn so far',
  upcoming: 'Upcoming',
  settled: 'Settled',
  void: 'Void',
};

export function LotteryGamePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const [scheduling, setScheduling] = useState(false);
  const games = useQuery({
    queryKey: ['lottery-games'],
    queryFn: () => boCall(backoffice.boLotteryGames, {}),
  });
  const game = games.data?.list.find((g) => g.code === code.toUpperCase());
  const [filter, setFilter] = useState<(typeof backoffice.lotteryNumeroFilters)[number] | null>(null);
  const chosen = filter ?? (game && game.awaiting > 0 ? 'awaiting' : 'recent');
  const columns = useMemo<ColumnDef<Numero>[]>(
    () => [
      {
        id: 'numero',
        header: 'Numero',
        cell: ({ row }) => (
          <Link
            className="mono"
            to={`/lottery/${row.original.gameCode}/${row.original.numero}`}
            onClick={(e) => e.stopPropagation()}
          >
            {row.original.numero}
          </Link>
        ),
      },
      { id: 'drawAt', header: 'Draw time', cell: ({ row }) => dateTime(row.original.drawAt) },
      { id: 'status', header: 'State', cell: ({ row }) => <NumeroStatus n={row.original} /> },
      {
        id: 'winNo',
        header: 'Result',
        cell: ({ row }) =>
          row.original.winNo ? (
            <span className="mono lot-winno">{row.original.winNo}</span>
          ) : (
            <span className="muted">—</span>
          ),
      },
      {
        id: 'tickets',
        header: 'Bets',
        meta: { className: 'num' },
        cell: ({ row }) => count(row.original.tickets),
      },
      {
        id: 'stake',
        header: 'Stake',
        meta: { className: 'num' },
        cell: ({ row }) => row.original.stake.toFixed(2),
      },
      {
        id: 'payout',
        header: 'Paid out',
        meta: { className: 'num' },
        cell: ({ row }) => row.original.payout.toFixed(2),
      },
      {
        id: 'house',
        header: 'House',
        meta: { className: 'num' },
        cell: ({ row }) => {
          const n = row.original;
          if (n.status !== 'settled') return <span className="muted">—</span>;
          const h = n.stake - n.payout;
          return <span className={h < 0 ? 'lot-loss' : 'lot-gain'}>{h.toFixed(2)}</span>;
        },
      },
    ],
    [],
  );
  const { reactTable, refineCore } = useTable<Numero>({
    columns,
    refineCoreProps: {
      resource: 'lottery-numeros',
      pagination: { pageSize: 25, mode: 'server' },
      sorters: { mode: 'off' },
      filters: {
        mode: 'server',
        permanent: [
          { field: 'code', operator: 'eq', value: code.toUpperCase() },
          { field: 'filter', operator: 'eq', value: chosen },
        ],
      },
    },
    manualPagination: true,
    manualFiltering: true,
  });
  return (
    <div className="page">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/lottery">Lottery</Link> <span aria-hidden="true">/</span> <span>{code.toUpperCase()}</span>
      </nav>
      {games.isError ? <Failed error={games.error} retry={() => void games.refetch()} /> : null}
      <header className="page-head">
        <div>
          <h1>
            {code.toUpperCase()} {game ? <span className="muted">{game.name}</span> : null}
          </h1>
          {game ? (
            <p className="muted">
              <SourceBadge g={game} /> · {game.schedule} · sales close {secondsText(game.lockS)} before the
              draw ·{' '}
              <span className={`badge badge-${game.enabled ? 'ok' : 'off'}`}>
                {game.enabled ? 'On sale' : 'Sales off'}
              </span>{' '}
              · <span data-testid="suspended">{suspendedText(game)}</span>
            </p>
          ) : null}
        </div>
        {game && can('lottery.result') ? (
          <div className="head-actions">
            <button type="button" className="button" onClick={() => setScheduling(true)}>
              Edit schedule
            </button>
          </div>
        ) : null}
      </header>
      <Dialog
        open={scheduling && game !== undefined}
        title={game ? `Schedule: ${game.code}` : ''}
        onClose={() => setScheduling(false)}
      >
        {game && scheduling ? <ScheduleForm game={game} onDone={() => setScheduling(false)} /> : null}
      </Dialog>
      {game ? (
        <dl className="facts lot-limits">
          {(
            [
              ['Bet per line', `${game.limits.betMin} – ${game.limits.betMax}`],
              ['Multiple up to', count(game.limits.multipleMax)],
              ['Win per ticket up to', game.limits.winMax.toLocaleString('en-GB')],
              [
                'Per-number cap',
                game.limits.numberLiabilityMax
                  ? game.limits.numberLiabilityMax.toLocaleString('en-GB')
                  : 'none',
              ],
              [
                'Payout per player per draw',
                game.limits.drawPayoutMax ? game.limits.drawPayoutMax.toLocaleString('en-GB') : 'no cap',
              ],
              ['Chase up to', `${game.limits.chaseMax} draws`],
            ] as [string, ReactNode][]
          ).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="tabs" role="tablist" aria-label="Numeros">
        {backoffice.lotteryNumeroFilters
          .filter((f) => f !== 'awaiting' || game?.resultSource === 'OFFICIAL' || (game?.awaiting ?? 0) > 0)
          .map((f) => (
            <button
              key={f}
              type="button"
              role="tab"
              aria-selected={chosen === f}
              className={chosen === f ? 'tab active' : 'tab'}
              onClick={() => {
                setFilter(f);
                refineCore.setCurrentPage(1);
              }}
            >
              {FILTER_LABEL[f]}
              {f === 'awaiting' && game && game.awaiting > 0 ? ` (${game.awaiting})` : ''}
            </button>
          ))}
      </div>
      <DataTable
        table={reactTable}
        core={refineCore}
        label={`Numeros of ${code.toUpperCase()}`}
        empty={{
          title: chosen === 'awaiting' ? 'No draw is waiting for its result.' : 'No numeros here.',
        }}
        onRowClick={(n) => void navigate(`/lottery/${n.gameCode}/${n.numero}`)}
      />
    </div>
  );
}

// ---- one numero ----------------------------------------------------------------------------------

const ACTION_LABEL: Record<Action, string> = {
  enter: 'Enter result',
  correct: 'Correct result',
  void: 'Void draw',
};

export function LotteryNumeroPage() {
  const { code = '', numero = '' } = useParams();
  const can = useCan();
  const [acting, setActing] = useState<Action | null>(null);
  const [byPrize, setByPrize] = useState(false);
  const { query } = useOne<Detail>({ resource: 'lottery-numeros', id: `${code.toUpperCase()}:${numero}` });
  const detail = query.data?.data;
  const n = detail?.numero;
  const meta: Meta = { currency: detail?.currency ?? '', precision: detail?.precision ?? 2 };
  const actions: Action[] = [];
  if (detail && can('lottery.result')) {
    if (detail.can.enter) actions.push('enter');
    if (detail.can.correct) actions.push('correct');
    if (detail.can.void) actions.push('void');
  }
  return (
    <div className="page">
      <nav className="crumbs" aria-label="Breadcrumb">
        <Link to="/lottery">Lottery</Link> <span aria-hidden="true">/</span>{' '}
        <Link to={`/lottery/${code.toUpperCase()}`}>{code.toUpperCase()}</Link>{' '}
        <span aria-hidden="true">/</span> <span>{numero}</span>
      </nav>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {detail && n ? (
        <>
          <header className="page-head">
            <div>
              <h1>
                {n.gameCode} {n.numero}
              </h1>
              <p className="muted">
                <NumeroStatus n={n} /> · draw {dateTime(n.drawAt)} · {detail.family} ·{' '}
                <SourceBadge g={{ resultSource: detail.resultSource, sandbox: false }} />
              </p>
            </div>
            <div className="head-actions item-actions" data-testid="numero-actions">
              {detail.can.prizes && can('lottery.result') && hasPrizes(detail) ? (
                <button type="button" className="button" onClick={() => setByPrize(true)}>
                  {detail.slots.length > 0 ? 'Continue by prize' : 'Enter by prize'}
                </button>
              ) : null}
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`button ${a === 'void' ? 'button-danger' : 'button-primary'}`}
                  onClick={() => setActing(a)}
                >
                  {ACTION_LABEL[a]}
                </button>
              ))}
            </div>
          </header>
          <div className="cards-2">
            <section className="panel" aria-label="Draw">
              <div className="panel-head">
                <h2>Draw</h2>
              </div>
              <dl className="facts facts-stack">
                {(
                  [
                    [
                      'Result',
                      n.winNo ? (
                        <span className="mono lot-winno lot-winno-big" data-testid="win-no">
                          {n.winNo}
                        </span>
                      ) : (
                        <span className="muted">none yet</span>
                      ),
                    ],
                    ['Sales', `${dateTime(n.saleStart)} – ${dateTime(n.saleEnd)}`],
                    ['Bets', `${count(n.tickets)} · stake ${money(n.stake, meta.currency, meta.precision)}`],
                    ['Paid out', money(n.payout, meta.currency, meta.precision)],
                    ...(n.status === 'void'
                      ? [['Void because', n.voidReason || '—'] as [string, ReactNode]]
                      : []),
                  ] as [string, ReactNode][]
                ).map(([k, v]) => (
                  <div key={k}>
                    <dt>{k}</dt>
                    <dd>{v}</dd>
                  </div>
                ))}
              </dl>
              {detail.revisions.length > 0 ? (
                <table className="grid grid-compact" aria-label="Result revisions">
                  <thead>
                    <tr>
                      <th>Revision</th>
                      <th>Result</th>
                      <th>Source</th>
                      <th>Entered</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.revisions.map((r) => (
                      <tr key={r.revision}>
                        <td>{r.revision === 0 ? 'First' : `Correction ${r.revision}`}</td>
                        <td className="mono lot-winno">{r.winNo}</td>
                        <td>{r.source === 'RNG' ? 'Our draw' : 'Official'}</td>
                        <td>{dateTime(r.at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </section>
            <Liability code={n.gameCode} numero={n.numero} />
          </div>
          <Dialog
            open={acting !== null}
            title={acting ? `${ACTION_LABEL[acting]}: ${n.gameCode} ${n.numero}` : ''}
            onClose={() => setActing(null)}
          >
            {acting ? <ResultFlow detail={detail} action={acting} onDone={() => setActing(null)} /> : null}
          </Dialog>
          <Dialog
            open={byPrize}
            title={`Result by prize: ${n.gameCode} ${n.numero}`}
            onClose={() => setByPrize(false)}
          >
            {byPrize ? <PrizesFlow detail={detail} onDone={() => setByPrize(false)} /> : null}
          </Dialog>
        </>
      ) : null}
    </div>
  );
}

/** The numero's exposure: stake, and what each bet content or number pays if it hits, largest first. */
function Liability({ code, numero }: { code: string; numero: string }) {
  const q = useQuery({
    queryKey: ['lottery-liability', code, numero],
    queryFn: () => boCall(backoffice.boLotteryLiability, { query: { code, numero } }),
  });
  const l = q.data;
  const m = l ? { currency: l.currency, precision: l.precision } : { currency: '', precision: 2 };
  return (
    <section className="panel" aria-label="Liability">
      <div className="panel-head">
        <h2>Liability</h2>
        <span className="muted small">bets in play</span>
      </div>
      {q.isLoading ? <Loading /> : null}
      {q.isError ? <Failed error={q.error} retry={() => void q.refetch()} /> : null}
      {l ? (
        <>
          <div className="tiles lot-tiles">
            <Tile label={`Stake (${m.currency})`} value={l.stake.toFixed(m.precision)} />
            <Tile
              label={`Worst case (${m.currency})`}
              value={l.worstCase.toFixed(m.precision)}
              warn={l.worstCase > l.stake}
            />
            <Tile label="Bets" value={count(l.tickets)} />
            <Tile label="Players" value={count(l.players)} />
          </div>
          {l.freePlayStake > 0 ? (
            <p className="muted small">
              Free play: {money(l.freePlayStake, m.currency, m.precision)} (not the house&apos;s money).
            </p>
          ) : null}
          {l.rows.length === 0 ? (
            <Empty title="No bets in play on this draw." />
          ) : (
            <div className="table-scroll">
              <table className="grid grid-compact" aria-label="Exposure by bet content">
                <thead>
                  <tr>
                    <th>Play</th>
                    <th>Content</th>
                    <th className="num">Bets</th>
                    <th className="num">Stake</th>
                    <th className="num">Pays if it hits</th>
                    {l.numberLiabilityMax > 0 ? <th className="num">Cap used</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {l.rows.slice(0, 15).map((r) => (
                    <tr key={r.key}>
                      <td className="mono">{r.play}</td>
                      <td className="mono">{r.content}</td>
                      <td className="num">{count(r.tickets)}</td>
                      <td className="num">{r.stake.toFixed(m.precision)}</td>
                      <td className={`num${r.payoutIfHit > l.stake ? ' lot-loss' : ''}`}>
                        {r.payoutIfHit.toFixed(m.precision)}
                      </td>
                      {l.numberLiabilityMax > 0 ? (
                        <td className="num">{Math.round((r.capUsed / l.numberLiabilityMax) * 100)} %</td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {l.rows.length > 15 ? (
            <p className="muted small">The 15 largest of {count(l.rows.length)}.</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function Tile({ label, value, warn = false }: { label: string; value: string; warn?: boolean }) {
  return (
    <div className={`tile${warn ? ' tile-warn' : ''}`}>
      <span className="tile-label">{label}</span>
      <span className="tile-value lot-tile-value">{value}</span>
    </div>
  );
}

/** Enter, correct or void: the form, then the settlement's effect (a preview), then the confirmation. */
function ResultFlow({ detail, action, onDone }: { detail: Detail; action: Action; onDone: () => void }) {
  const n = detail.numero;
  const [winNo, setWinNo] = useState(action === 'correct' ? n.winNo : '');
  const [reason, setReason] = useState('');
  const [preview, setPreview] = useState<Effect | null>(null);
  const invalidate = useInvalidate();
  const client = useQueryClient();
  const shape = detail.resultShape;
  const hint =
    shape.length > 0 && shape.every((s) => s.digits === shape[0]!.digits && s.prize === shape[0]!.prize)
      ? `${shape.length} numbers of ${shape[0]!.digits} digit${shape[0]!.digits === 1 ? '' : 's'}, comma separated`
      : `${shape.length} numbers in prize order (${[...new Set(shape.map((s) => s.prize))].join(', ')}), comma separated`;
  const previewing = useMutation({
    mutationFn: () =>
      boCall(backoffice.boLotteryPreview, {
        body: {
          code: n.gameCode,
          numero: n.numero,
          action,
          ...(action === 'void' ? { reason: reason.trim() } : { winNo: winNo.trim() }),
        },
      }),
    onSuccess: (p) => setPreview(p),
  });
  const confirming = useMutation({
    mutationFn: () =>
      action === 'void'
        ? boCall(backoffice.boLotteryVoid, {
            body: { code: n.gameCode, numero: n.numero, reason: reason.trim(), version: preview!.version },
          })
        : boCall(backoffice.boLotteryResult, {
            body: {
              code: n.gameCode,
              numero: n.numero,
              action,
              winNo: winNo.trim(),
              version: preview!.version,
            },
          }),
    onSuccess: (done) => {
      void invalidate({ resource: 'lottery-numeros', invalidates: ['all'] });
      void invalidate({ resource: 'lottery', invalidates: ['list'] });
      void client.invalidateQueries({ queryKey: ['lottery-liability'] });
      void client.invalidateQueries({ queryKey: ['lottery-games'] });
      const m = { currency: done.currency, precision: done.precision };
      notify(
        'success',
        action === 'void'
          ? `${done.gameCode} ${done.numero} voided`
          : `${done.gameCode} ${done.numero}: ${done.winNoAfter} settled`,
        `${count(done.ticketsAffected)} bet${done.ticketsAffected === 1 ? '' : 's'} changed · house ${signed(done.houseNet, m)}`,
      );
      onDone();
    },
    onError: (err) => {
      // The numero moved on (someone else acted first): the preview no longer holds.
      if (err instanceof BoError && err.code === backoffice.LotteryBoErrors.boLotteryChanged.code) {
        setPreview(null);
        void invalidate({
          resource: 'lottery-numeros',
          invalidates: ['detail'],
          id: `${n.gameCode}:${n.numero}`,
        });
      }
    },
  });
  if (preview) {
    const m = { currency: preview.currency, precision: preview.precision };
    return (
      <div className="form" data-testid="settlement-preview">
        <p>
          {action === 'void'
            ? 'Voiding refunds every bet on this draw. This is what it moves:'
            : `Settling ${n.gameCode} ${n.numero} with `}
          {action !== 'void' ? (
            <>
              <span className="mono lot-winno">{preview.winNoAfter}</span>
              {preview.winNoBefore ? (
                <>
                  {' '}
                  (was <span className="mono lot-winno">{preview.winNoBefore}</span>)
                </>
              ) : null}{' '}
              moves:
            </>
          ) : null}
        </p>
        <dl className="lot-effect">
          <Fig label="Bets changed" value={count(preview.ticketsAffected)} />
          <Fig
            label="Winning bets"
            value={`${count(preview.winnersBefore)} → ${count(preview.winnersAfter)}`}
          />
          <Fig label="Paid to players" value={money(preview.payoutsAdded, m.currency, m.precision)} />
          <Fig label="Taken back" value={money(preview.payoutsRemoved, m.currency, m.precision)} />
          {preview.rebates !== 0 ? <Fig label="Rebates" value={signed(preview.rebates, m)} /> : null}
          {preview.refunds !== 0 ? (
            <Fig label="Refunds" value={money(preview.refunds, m.currency, m.precision)} />
          ) : null}
          {preview.held !== 0 ? (
            <Fig label="Held (wallet full)" value={money(preview.held, m.currency, m.precision)} />
          ) : null}
          <Fig
            label="House"
            value={signed(preview.houseNet, m)}
            tone={preview.houseNet < 0 ? 'loss' : preview.houseNet > 0 ? 'gain' : ''}
            testId="preview-house"
          />
        </dl>
        {preview.players.length > 0 ? (
          <table className="grid grid-compact" aria-label="Players whose money moves">
            <thead>
              <tr>
                <th>Player</th>
                <th className="num">Moves</th>
              </tr>
            </thead>
            <tbody>
              {preview.players.slice(0, 8).map((p) => (
                <tr key={p.memberId}>
                  <td>
                    <Link className="mono" to={`/players/${p.memberId}`}>
                      {p.username}
                    </Link>
                  </td>
                  <td className={`num ${p.amount < 0 ? 'lot-loss' : ''}`}>{signed(p.amount, m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">No player&apos;s money moves.</p>
        )}
        {preview.playersMoved > 8 ? (
          <p className="muted small">and {count(preview.playersMoved - 8)} more players.</p>
        ) : null}
        <p className="muted small">
          Worked out by the settlement itself and undone: confirming settles exactly this, once, and records
          it in the audit log.
        </p>
        {confirming.isError ? (
          <p className="notice notice-error" role="alert">
            {refusalText(confirming.error)}
          </p>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="button"
            onClick={() => setPreview(null)}
            disabled={confirming.isPending}
          >
            Back
          </button>
          <button
            type="button"
            className={`button ${action === 'void' ? 'button-danger' : 'button-primary'}`}
            onClick={() => confirming.mutate()}
            disabled={confirming.isPending}
          >
            {confirming.isPending ? 'Settling…' : `Confirm: ${ACTION_LABEL[action].toLowerCase()}`}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        previewing.mutate();
      }}
    >
      {confirming.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(confirming.error)} Preview it again.
        </p>
      ) : null}
      {action === 'void' ? (
        <>
          <p>Every bet on this draw is refunded to its player. A settled draw is corrected instead.</p>
          <label className="field">
            <span>Reason</span>
            <input
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              maxLength={200}
              autoFocus
            />
          </label>
        </>
      ) : (
        <>
          <p>
            {action === 'enter'
              ? 'The official result of this draw. You see what the settlement moves before anything is paid.'
              : 'The whole corrected result: each player is paid or charged only the difference.'}
          </p>
          <label className="field">
            <span>Result</span>
            <input
              name="winNo"
              className="mono"
              value={winNo}
              onChange={(e) => setWinNo(e.target.value)}
              placeholder={hint}
              required
              autoFocus
              autoComplete="off"
            />
            <small className="muted">{hint}</small>
          </label>
        </>
      )}
      {previewing.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(previewing.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={previewing.isPending || (action === 'void' ? !reason.trim() : !winNo.trim())}
        >
          {previewing.isPending ? 'Working it out…' : 'Preview the settlement'}
        </button>
      </div>
    </form>
  );
}

function Fig({
  label,
  value,
  tone = '',
  testId,
}: {
  label: string;
  value: string;
  tone?: string;
  testId?: string;
}) {
  return (
    <div className={tone ? `lot-fig lot-${tone}` : 'lot-fig'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
