import { Fragment, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { backoffice, type raffleStatuses } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Failed, Loading } from '../ui/states.tsx';
import { count, dateTime } from '../ui/format.ts';
import { notificationProvider } from '../ui/toasts.tsx';
import { errorText, Field, FormError, ReasonForm, SubmitRow } from '../ui/reason-form.tsx';
import { fromLocalInput, toLocalInput } from './site-preview.tsx';
import './raffles.css';

/**
 * Raffles (decision 053; content.edit): every raffle with its schedule, prizes, entries and, once
 * drawn, its winners with the ledger movement that paid each and the draw's seed. Staff create one,
 * edit one not drawn (times and prizes only while entries are open), cancel one not drawn with a
 * reason. Each write is a call the server audits; the draw itself is the server's job.
 */

type Raffle = backoffice.BoRaffle;
type Status = (typeof raffleStatuses)[number];

const notify = (type: 'success' | 'error', message: string) => notificationProvider.open?.({ type, message });
const money = (n: number) =>
  n.toLocaleString('en-GB', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

const PHASE: Record<Raffle['phase'], { label: string; badge: string }> = {
  UPCOMING: { label: 'Coming', badge: 'badge' },
  OPEN: { label: 'Open', badge: 'badge badge-ok' },
  CLOSED: { label: 'Draw pending', badge: 'badge badge-warn' },
  DRAWN: { label: 'Drawn', badge: 'badge badge-ok' },
  CANCELLED: { label: 'Cancelled', badge: 'badge badge-off' },
};

const KEY = ['bo', 'raffles'];

export function RafflesPage() {
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Raffle | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<Raffle | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const size = 25;
  const query = useQuery({
    queryKey: [...KEY, status, page],
    queryFn: () => boCall(backoffice.boRaffles, { query: { ...(status ? { status } : {}), page, size } }),
  });
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: KEY });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / size));
  return (
    <div className="page">
      <header className="page-head">
        <div>
          <h1>Raffles</h1>
          <p className="muted">
            Free lucky draws with cash prizes. Members enter once while entries are open; the draw job picks
            the winners at the draw time from the seed whose hash players see from the start, and pays each
            prize to the winner&apos;s main wallet once.
          </p>
        </div>
        <div className="head-actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => setEditing('new')}
            data-testid="raffle-new"
          >
            New raffle
          </button>
        </div>
      </header>
      <div className="toolbar">
        <label className="field">
          <span>Show</span>
          <select
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            <option value="SCHEDULED">Scheduled</option>
            <option value="DRAWN">Drawn</option>
            <option value="CANCELLED">Cancelled</option>
          </select>
        </label>
      </div>
      {query.isLoading ? <Loading /> : null}
      {query.isError ? <Failed error={query.error} retry={() => void query.refetch()} /> : null}
      {query.data ? (
        query.data.list.length ? (
          <div className="table-card">
            <div className="table-scroll">
              <table className="grid" aria-label="Raffles">
                <thead>
                  <tr>
                    <th>Raffle</th>
                    <th>State</th>
                    <th>Entries open</th>
                    <th>Draw</th>
                    <th className="num">Prizes</th>
                    <th className="num">Entries</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {query.data.list.map((r) => (
                    <Fragment key={r.id}>
                      <tr data-testid="raffle-row" data-raffle={r.id}>
                        <td>
                          <div className="rf-title">
                            <strong>{r.title}</strong>
                            <span className="muted small">#{r.id}</span>
                          </div>
                        </td>
                        <td>
                          <span className={PHASE[r.phase].badge} data-testid="raffle-phase">
                            {PHASE[r.phase].label}
                          </span>
                        </td>
                        <td className="small">
                          {dateTime(r.opensAt)}
                          <br />
                          <span className="muted">to {dateTime(r.closesAt)}</span>
                        </td>
                        <td className="small">{dateTime(r.drawnAt ?? r.drawAt)}</td>
                        <td className="num mono">
                          {money(r.prizePool)}
                          <span className="muted small"> · {r.prizes.length}</span>
                        </td>
                        <td className="num mono">{count(r.entries)}</td>
                        <td>
                          <div className="rf-actions">
                            <button
                              type="button"
                              className="button"
                              onClick={() => setOpen(open === r.id ? null : r.id)}
                              aria-expanded={open === r.id}
                            >
                              {r.status === 'DRAWN' ? 'Winners' : 'Details'}
                            </button>
                            {r.status === 'SCHEDULED' ? (
                              <>
                                <button
                                  type="button"
                                  className="button"
                                  onClick={() => setEditing(r)}
                                  data-testid="raffle-edit"
                                >
                                  Edit
                                </button>
                                <button
                                  type="button"
                                  className="button button-danger-quiet"
                                  onClick={() => setCancelling(r)}
                                  data-testid="raffle-cancel"
                                >
                                  Cancel
                                </button>
                              </>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                      {open === r.id ? (
                        <tr className="rf-detail">
                          <td colSpan={7}>
                            <Detail r={r} />
                          </td>
                        </tr>
                      ) : null}
                    </Fragment>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 ? (
              <div className="toolbar">
                <button
                  type="button"
                  className="button"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  Previous
                </button>
                <span className="muted small">
                  Page {page} of {pages}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </button>
              </div>
            ) : null}
          </div>
        ) : (
          <div className="panel">
            <p>
              <strong>No raffles {status ? 'in this state' : 'yet'}</strong>
            </p>
            <p className="muted">
              Create one with New raffle: it shows on the players&apos; Lucky draws page.
            </p>
          </div>
        )
      ) : null}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? 'New raffle' : editing ? `Edit raffle #${editing.id}` : ''}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <RaffleForm
            key={editing === 'new' ? 'new' : editing.id}
            raffle={editing === 'new' ? null : editing}
            onDone={(r) => {
              setEditing(null);
              notify('success', `Raffle “${r.title}” saved`);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        open={cancelling !== null}
        title={cancelling ? `Cancel raffle #${cancelling.id}` : ''}
        onClose={() => setCancelling(null)}
      >
        {cancelling ? (
          <CancelForm
            r={cancelling}
            onDone={() => {
              setCancelling(null);
              notify('success', `Raffle #${cancelling.id} cancelled`);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
    </div>
  );
}

function Detail({ r }: { r: Raffle }) {
  return (
    <div className="rf-detail-body">
      {r.description ? <p>{r.description}</p> : null}
      <dl className="rf-facts">
        <dt>Prizes by place</dt>
        <dd className="mono">{r.prizes.map((p, i) => `${i + 1}: ${money(p)}`).join(' · ')}</dd>
        <dt>Seed hash</dt>
        <dd className="mono rf-hash">{r.seedHash}</dd>
        {r.seed ? (
          <>
            <dt>Seed</dt>
            <dd className="mono rf-hash">{r.seed}</dd>
            <dt>Tickets hash</dt>
            <dd className="mono rf-hash">{r.entriesHash}</dd>
          </>
        ) : null}
        {r.cancelledAt ? (
          <>
            <dt>Cancelled</dt>
            <dd>
              {dateTime(r.cancelledAt)}: {r.cancelReason}
            </dd>
          </>
        ) : null}
      </dl>
      {r.status === 'DRAWN' ? (
        r.winners.length ? (
          <table
            className="grid grid-compact"
            aria-label={`Winners of raffle ${r.id}`}
            data-testid="raffle-winners"
          >
            <thead>
              <tr>
                <th>Place</th>
                <th>Player</th>
                <th>Ticket</th>
                <th className="num">Prize</th>
                <th>Ledger</th>
              </tr>
            </thead>
            <tbody>
              {r.winners.map((w) => (
                <tr key={w.place}>
                  <td className="mono">{w.place}</td>
                  <td>
                    <Link to={`/players/${w.memberId}`}>{w.username}</Link>
                  </td>
                  <td className="mono">#{w.ticket}</td>
                  <td className="num mono">{money(w.amount)}</td>
                  <td className="mono small">{w.transactionId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="muted">Nobody entered: no prize was paid.</p>
        )
      ) : null}
    </div>
  );
}

/** The form's fields as typed; checked against the contract's schema before the call. */
function RaffleForm({ raffle, onDone }: { raffle: Raffle | null; onDone: (r: Raffle) => void }) {
  // The form's first values: a week of entries from now, drawn an hour after they close.
  const [now] = useState(() => Date.now());
  const closed = raffle !== null && raffle.phase === 'CLOSED';
  const [title, setTitle] = useState(raffle?.title ?? '');
  const [description, setDescription] = useState(raffle?.description ?? '');
  const [opensAt, setOpensAt] = useState(toLocalInput(raffle?.opensAt ?? now));
  const [closesAt, setClosesAt] = useState(toLocalInput(raffle?.closesAt ?? now + 7 * 86_400_000));
  const [drawAt, setDrawAt] = useState(toLocalInput(raffle?.drawAt ?? now + 7 * 86_400_000 + 3_600_000));
  const [prizes, setPrizes] = useState((raffle?.prizes ?? [1000, 500, 100]).join(', '));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: backoffice.RaffleBody) => boCall(backoffice.boRaffleSave, { body }),
    onSuccess: onDone,
    onError: (err) => setError(errorText(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const list = prizes
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((p) => Number(p));
    const times = [opensAt, closesAt, drawAt].map(fromLocalInput);
    if (times.some((x) => x === null)) {
      setError('Give the three times');
      return;
    }
    if (list.some((p) => !Number.isFinite(p))) {
      setError('Prizes are amounts separated by commas, first place first');
      return;
    }
    const parsed = backoffice.RaffleBodySchema.safeParse({
      ...(raffle ? { id: raffle.id } : {}),
      title,
      description,
      opensAt: closed ? raffle.opensAt : times[0],
      closesAt: closed ? raffle.closesAt : times[1],
      drawAt: closed ? raffle.drawAt : times[2],
      prizes: list,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the fields');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };
  const pool = prizes
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number)
    .filter(Number.isFinite)
    .reduce((a, b) => a + b, 0);
  return (
    <form className="form" onSubmit={submit} aria-label="Raffle">
      <Field label="Title">
        <input
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          maxLength={80}
          name="title"
          autoFocus
        />
      </Field>
      <Field label="Description (shown to players)">
        <textarea
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={500}
          rows={2}
          name="description"
        />
      </Field>
      {closed ? (
        <p className="notice">
          Entries have closed: the times and prizes the entrants saw can no longer change.
        </p>
      ) : null}
      <div className="rf-times">
        <Field label="Entries open">
          <input
            type="datetime-local"
            value={opensAt}
            onChange={(e) => setOpensAt(e.target.value)}
            name="opensAt"
            disabled={closed}
          />
        </Field>
        <Field label="Entries close">
          <input
            type="datetime-local"
            value={closesAt}
            onChange={(e) => setClosesAt(e.target.value)}
            name="closesAt"
            disabled={closed}
          />
        </Field>
        <Field label="Draw at">
          <input
            type="datetime-local"
            value={drawAt}
            onChange={(e) => setDrawAt(e.target.value)}
            name="drawAt"
            disabled={closed}
          />
        </Field>
      </div>
      <Field
        label="Cash prizes by place, first place first"
        hint={`Prize pool ${money(pool)}; at most 50 places. A place with no ticket left is not paid.`}
      >
        <input
          value={prizes}
          onChange={(e) => setPrizes(e.target.value)}
          name="prizes"
          inputMode="decimal"
          disabled={closed}
        />
      </Field>
      <FormError error={error} />
      <SubmitRow label="Save raffle" pending={save.isPending} />
    </form>
  );
}

function CancelForm({ r, onDone }: { r: Raffle; onDone: () => void }) {
  return (
    <ReasonForm
      summary={
        <p>
          <strong>{r.title}</strong>: {count(r.entries)} entries. Cancelled, it is never drawn and nothing is
          paid; players see it cancelled.
        </p>
      }
      action="Cancel raffle"
      pendingLabel="Cancelling…"
      danger
      validate={(reason) => {
        const parsed = backoffice.RaffleCancelBodySchema.safeParse({ id: r.id, reason });
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Say why');
      }}
      send={(reason) => boCall(backoffice.boRaffleCancel, { body: { id: r.id, reason } })}
      onDone={onDone}
    />
  );
}
