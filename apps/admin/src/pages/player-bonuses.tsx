import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall } from '../api/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { Empty, Failed, Loading } from '../ui/states.tsx';
import { dateTime } from '../ui/format.ts';
import { notificationProvider } from '../ui/toasts.tsx';
import { money, refusalText } from './approval-rules.ts';
import { BONUS_STATUS, canForfeit, endedByText } from './site-settings-rules.ts';
import './player-site-extras.css';

type Bonuses = backoffice.PlayerBonuses;
type Grant = backoffice.PlayerBonusGrant;

const key = (id: number) => ['player', id, 'bonuses'];

function BonusStatus({ status }: { status: string }) {
  const s = BONUS_STATUS[status] ?? { label: status, tone: 'warn' };
  return (
    <span className={`badge badge-${s.tone}`} data-testid="bonus-status">
      {s.label}
    </span>
  );
}

function Contributions({ of }: { of: Record<string, number> }) {
  const rows = Object.entries(of).sort((a, b) => b[1] - a[1]);
  if (!rows.length) return <span className="muted">none (no product counts)</span>;
  return (
    <ul className="chips pb-contrib" aria-label="Contributions per product">
      {rows.map(([product, pct]) => (
        <li key={product} className="chip">
          <span className="mono">{product}</span> {pct}%
        </li>
      ))}
    </ul>
  );
}

/**
 * A player's bonuses and wagering (decision 041): the bonus wallet, the bonus being wagered with
 * its requirement, progress, contributions and expiry, the past bonuses and who ended them; the VIP
 * level and points beside. Staff with player.adjust forfeit the active bonus with a reason.
 */
export function BonusesTab({
  id,
  username,
  permissions,
}: {
  id: number;
  username: string;
  permissions: readonly string[];
}) {
  const [forfeiting, setForfeiting] = useState<Grant | null>(null);
  const q = useQuery({
    queryKey: key(id),
    queryFn: () => boCall(backoffice.boPlayerBonuses, { query: { id } }),
  });
  if (q.isLoading) return <Loading />;
  if (q.isError) return <Failed error={q.error} retry={() => void q.refetch()} />;
  const b = q.data;
  if (!b) return null;
  const m = (n: number) => money(n, b.currency, b.precision);
  const a = b.active;
  return (
    <div className="panel" data-testid="player-bonuses">
      <dl className="facts">
        <div>
          <dt>Bonus wallet</dt>
          <dd data-testid="bonus-balance">{m(b.balance)}</dd>
        </div>
        <div>
          <dt>VIP level</dt>
          <dd data-testid="vip-level">
            {b.vip.label} <span className="muted">(rank {b.vip.rankLevel})</span>
          </dd>
        </div>
        <div>
          <dt>Points</dt>
          <dd data-testid="points-balance">
            {b.points.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </dd>
        </div>
      </dl>
      <h3>Being wagered</h3>
      {a ? (
        <section className="pb-active" aria-label="Bonus being wagered" data-testid="bonus-active">
          <div className="pb-active-head">
            <div>
              <strong>{a.title || `Promotion #${a.promotionId}`}</strong>
              <div className="muted small">
                {m(a.amount)} bonus{a.deposit > 0 ? ` on a deposit of ${m(a.deposit)}` : ''} · given{' '}
                {dateTime(a.createdAt)}
              </div>
            </div>
            <span className="head-actions">
              <BonusStatus status={a.status} />
              {canForfeit(permissions, a) ? (
                <button type="button" className="button button-danger" onClick={() => setForfeiting(a)}>
                  Forfeit bonus…
                </button>
              ) : null}
            </span>
          </div>
          <div
            className="pb-meter"
            role="progressbar"
            aria-label="Wagering"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={a.progress}
          >
            <span style={{ width: `${a.progress}%` }} />
          </div>
          <dl className="facts">
            <div>
              <dt>Wagering</dt>
              <dd data-testid="bonus-wagering">
                {m(a.wagered)} of {m(a.required)} ({a.progress}%)
              </dd>
            </div>
            <div>
              <dt>Left to wager</dt>
              <dd>{m(Math.max(0, a.required - a.wagered))}</dd>
            </div>
            <div>
              <dt>Expires</dt>
              <dd>{dateTime(a.expiresAt)}</dd>
            </div>
            <div>
              <dt>Counts toward wagering</dt>
              <dd>
                <Contributions of={a.contributions} />
              </dd>
            </div>
          </dl>
        </section>
      ) : (
        <p className="muted" data-testid="bonus-none">
          No bonus is being wagered.
        </p>
      )}
      <h3>Past bonuses</h3>
      {b.history.length ? (
        <div className="table-scroll">
          <table className="grid grid-compact grid-cards" aria-label="Past bonuses">
            <thead>
              <tr>
                <th>Promotion</th>
                <th className="num">Amount</th>
                <th className="num">Wagered / required</th>
                <th>Counts</th>
                <th>Status</th>
                <th>Given</th>
                <th>Ended</th>
              </tr>
            </thead>
            <tbody>
              {b.history.map((g) => (
                <tr key={g.id} data-testid={`bonus-${g.id}`}>
                  <td data-label="Promotion">{g.title || `#${g.promotionId}`}</td>
                  <td data-label="Amount" className="num">
                    {m(g.amount)}
                  </td>
                  <td data-label="Wagered / required" className="num">
                    {m(g.wagered)} / {m(g.required)}
                  </td>
                  <td data-label="Counts">
                    <Contributions of={g.contributions} />
                  </td>
                  <td data-label="Status">
                    <BonusStatus status={g.status} />
                  </td>
                  <td data-label="Given">
                    <div>
                      {dateTime(g.createdAt)}
                      <div className="muted small">expires {dateTime(g.expiresAt)}</div>
                    </div>
                  </td>
                  <td data-label="Ended">
                    <div>
                      {g.endedAt ? dateTime(g.endedAt) : '—'}
                      <div className="muted small">{endedByText(g.endedBy)}</div>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Empty title="No past bonuses." />
      )}
      <Dialog
        open={forfeiting !== null}
        title={`Forfeit bonus: ${username}`}
        onClose={() => setForfeiting(null)}
      >
        {forfeiting ? (
          <ForfeitForm id={id} grant={forfeiting} bonuses={b} onDone={() => setForfeiting(null)} />
        ) : null}
      </Dialog>
    </div>
  );
}

function ForfeitForm({
  id,
  grant,
  bonuses,
  onDone,
}: {
  id: number;
  grant: Grant;
  bonuses: Bonuses;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const m = (n: number) => money(n, bonuses.currency, bonuses.precision);
  const forfeit = useMutation({
    mutationFn: () =>
      boCall(backoffice.boPlayerBonusForfeit, { body: { id, grantId: grant.id, reason: reason.trim() } }),
    onSuccess: (b) => {
      client.setQueryData(key(id), b);
      void client.invalidateQueries({ queryKey: ['player', id] });
      notificationProvider.open?.({
        type: 'success',
        message: 'Bonus forfeited',
        description: `${m(grant.amount)} went back to the house.`,
      });
      onDone();
    },
  });
  return (
    <form
      className="form"
      aria-label="Forfeit the bonus"
      onSubmit={(e) => {
        e.preventDefault();
        forfeit.mutate();
      }}
    >
      <p>
        <strong>{grant.title}</strong>: {m(grant.amount)} leaves the player&apos;s bonus wallet for the house
        now, with {m(Math.max(0, grant.required - grant.wagered))} of wagering still open. The player keeps
        the main wallet. It is recorded in the audit log with your reason.
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
      {forfeit.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(forfeit.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button-quiet" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-danger" disabled={forfeit.isPending || !reason.trim()}>
          {forfeit.isPending ? 'Sending…' : `Confirm: forfeit ${m(grant.amount)}`}
        </button>
      </div>
    </form>
  );
}
