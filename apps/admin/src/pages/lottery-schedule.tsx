import { useState } from 'react';
import { useInvalidate } from '@refinedev/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backoffice } from '@app/contract';
import { boCall, BoError } from '../api/client.ts';
import { count, dateTime } from '../ui/format.ts';
import { notificationProvider } from '../ui/toasts.tsx';
import { money, refusalText } from './approval-rules.ts';

/**
 * Decision 040 in the Lottery section: a game's schedule edited (draw time and days of a daily
 * game, any game's closing offset and suspended dates), and an official result entered prize by
 * prize with the settlement's preview when the last prize comes in.
 */
type Game = backoffice.LotteryBoGame;
type Detail = backoffice.LotteryBoNumeroDetail;
type Prizes = backoffice.LotteryPrizes;

const notify = (type: 'success' | 'error', message: string, description?: string) =>
  notificationProvider.open?.({ type, message, ...(description ? { description } : {}) });

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const dashed = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

/** A game's suspended dates in words, for its header. */
export function suspendedText(g: Pick<Game, 'suspendedDates'>): string {
  return g.suspendedDates.length === 0
    ? 'no suspended dates'
    : `no draw on ${g.suspendedDates.map(dashed).join(', ')}`;
}

export function ScheduleForm({ game, onDone }: { game: Game; onDone: () => void }) {
  const daily = game.intervalS === 0;
  const [drawTime, setDrawTime] = useState(game.drawTime);
  const [days, setDays] = useState<number[]>(game.drawDays);
  const [lockS, setLockS] = useState(String(game.lockS));
  const [dates, setDates] = useState<string[]>(game.suspendedDates.map(dashed));
  const [newDate, setNewDate] = useState('');
  const [reason, setReason] = useState('');
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const save = useMutation({
    mutationFn: () =>
      boCall(backoffice.boLotterySchedule, {
        body: {
          code: game.code,
          ...(daily ? { drawTime, drawDays: days } : {}),
          lockS: Number(lockS),
          suspendedDates: dates,
          reason: reason.trim(),
        },
      }),
    onSuccess: (out) => {
      void client.invalidateQueries({ queryKey: ['lottery-games'] });
      void invalidate({ resource: 'lottery', invalidates: ['list'] });
      void invalidate({ resource: 'lottery-numeros', invalidates: ['list'] });
      notify(
        'success',
        out.auditId === null ? `${game.code}: the schedule is as it was` : `${game.code}: schedule saved`,
        `${count(out.replaced)} upcoming draw${out.replaced === 1 ? '' : 's'} without bets made again` +
          (out.kept.length > 0
            ? `; ${out.kept.length} with bets kept as they were (${out.kept.map((k) => k.numero).join(', ')})`
            : ''),
      );
      onDone();
    },
  });
  const lockOk = /^[0-9]+$/.test(lockS) && (daily || Number(lockS) < game.intervalS);
  return (
    <form
      className="form"
      aria-label="Schedule"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <p>
        {daily
          ? 'When this game draws, on its zone’s clock (UTC'
          : `This game draws every ${game.intervalS} s (its numbering follows the interval, which stays). UTC`}
        {game.utcOffsetMin >= 0 ? '+' : '−'}
        {Math.abs(game.utcOffsetMin) / 60}
        {daily ? ').' : '.'} Upcoming draws without bets follow the new schedule at once; draws that already
        have bets keep their times.
      </p>
      {daily ? (
        <>
          <label className="field">
            <span>Draw time</span>
            <input
              type="time"
              name="drawTime"
              value={drawTime}
              onChange={(e) => setDrawTime(e.target.value)}
              required
            />
          </label>
          <fieldset className="field lot-days">
            <legend>Draw days</legend>
            {DAYS.map((d, i) => (
              <label key={d} className="check">
                <input
                  type="checkbox"
                  checked={days.includes(i)}
                  onChange={(e) =>
                    setDays((cur) => (e.target.checked ? [...cur, i].sort() : cur.filter((x) => x !== i)))
                  }
                />
                {d}
              </label>
            ))}
          </fieldset>
        </>
      ) : null}
      <label className="field">
        <span>Sales close (seconds before the draw)</span>
        <input
          name="lockS"
          inputMode="numeric"
          value={lockS}
          onChange={(e) => setLockS(e.target.value.trim())}
          required
        />
        {!lockOk ? (
          <small className="lot-loss">
            {daily ? 'Whole seconds.' : `Whole seconds, less than the ${game.intervalS} s between draws.`}
          </small>
        ) : null}
      </label>
      <div className="field">
        <span>Suspended dates (no draw, no sales)</span>
        <div className="lot-dates">
          {dates.length === 0 ? <span className="muted small">none</span> : null}
          {dates.map((d) => (
            <span key={d} className="badge lot-date">
              {d}
              <button
                type="button"
                className="lot-date-remove"
                aria-label={`Remove ${d}`}
                onClick={() => setDates((cur) => cur.filter((x) => x !== d))}
              >
                ×
              </button>
            </span>
          ))}
        </div>
        <span className="lot-date-add">
          <input
            type="date"
            aria-label="Date to suspend"
            value={newDate}
            onChange={(e) => setNewDate(e.target.value)}
          />
          <button
            type="button"
            className="button button-small"
            disabled={!newDate || dates.includes(newDate)}
            onClick={() => {
              setDates((cur) => [...cur, newDate].sort());
              setNewDate('');
            }}
          >
            Add
          </button>
        </span>
      </div>
      <label className="field">
        <span>Reason</span>
        <input
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required
          maxLength={200}
        />
      </label>
      {save.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(save.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={save.isPending || !reason.trim() || !lockOk || (daily && days.length === 0)}
        >
          {save.isPending ? 'Saving…' : 'Save the schedule'}
        </button>
      </div>
    </form>
  );
}

/** The prizes of a family in calling order, with how many numbers each has and their width. */
function prizesOf(detail: Detail): { prize: string; count: number; digits: number }[] {
  const out: { prize: string; count: number; digits: number }[] = [];
  for (const s of detail.resultShape) {
    const last = out.find((p) => p.prize === s.prize);
    if (last) last.count++;
    else out.push({ prize: s.prize, count: 1, digits: s.digits });
  }
  return out;
}

/** Whether a family's result is called prize by prize (more than one prize). */
export function hasPrizes(detail: Detail): boolean {
  return prizesOf(detail).length > 1;
}

export function PrizesFlow({ detail, onDone }: { detail: Detail; onDone: () => void }) {
  const n = detail.numero;
  const prizes = prizesOf(detail);
  const entered = new Map(detail.slots.map((s) => [s.prize, s.numbers]));
  // The South and Centre call from the lowest prize up: the form lists them in that order.
  const order = [...prizes].reverse();
  const [values, setValues] = useState<Record<string, string[]>>({});
  const [preview, setPreview] = useState<Prizes | null>(null);
  const invalidate = useInvalidate();
  const client = useQueryClient();
  const given = Object.fromEntries(
    Object.entries(values)
      .filter(([, nums]) => nums.some((x) => x.trim() !== ''))
      .map(([p, nums]) => [p, nums.map((x) => x.trim())]),
  );
  const body = { code: n.gameCode, numero: n.numero, slots: given };
  const previewing = useMutation({
    mutationFn: () => boCall(backoffice.boLotteryPrizesPreview, { body }),
    onSuccess: (p) => setPreview(p),
  });
  const confirming = useMutation({
    mutationFn: () =>
      boCall(backoffice.boLotteryPrizes, { body: { ...body, version: preview!.effect.version } }),
    onSuccess: (done) => {
      void invalidate({ resource: 'lottery-numeros', invalidates: ['all'] });
      void invalidate({ resource: 'lottery', invalidates: ['list'] });
      void client.invalidateQueries({ queryKey: ['lottery-liability'] });
      void client.invalidateQueries({ queryKey: ['lottery-games'] });
      notify(
        'success',
        done.missing.length === 0
          ? `${n.gameCode} ${n.numero}: result complete, settled`
          : `${n.gameCode} ${n.numero}: ${Object.keys(given).join(', ')} saved`,
        done.missing.length === 0
          ? `${count(done.effect.ticketsAffected)} bets changed · paid ${money(done.effect.payoutsAdded, done.currency, done.precision)}`
          : `Still to come: ${done.missing.join(', ')}`,
      );
      onDone();
    },
    onError: (err) => {
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
    const e = preview.effect;
    const m = (v: number) => money(v, preview.currency, preview.precision);
    const whole = preview.missing.length === 0;
    return (
      <div className="form" data-testid="prizes-preview">
        <p>
          {Object.entries(given)
            .map(([p, nums]) => `${p} ${nums.join(' ')}`)
            .join(' · ')}
        </p>
        {whole ? (
          <>
            <p>
              This completes the result <span className="mono lot-winno">{e.winNoAfter}</span>: confirming
              draws the numero and settles it at once.
            </p>
            <dl className="lot-effect">
              <PrizeFig label="Bets changed" value={count(e.ticketsAffected)} />
              <PrizeFig label="Winning bets" value={count(e.winnersAfter)} />
              <PrizeFig label="Paid to players" value={m(e.payoutsAdded)} />
              <PrizeFig
                label="House"
                value={`${e.houseNet > 0 ? '+' : ''}${m(e.houseNet)}`}
                tone={e.houseNet < 0 ? 'loss' : e.houseNet > 0 ? 'gain' : ''}
                testId="prizes-house"
              />
            </dl>
            {e.players.length > 0 ? (
              <p className="muted small">
                {e.players
                  .slice(0, 6)
                  .map((p) => `${p.username} ${p.amount > 0 ? '+' : ''}${m(p.amount)}`)
                  .join(' · ')}
                {e.playersMoved > 6 ? ` and ${count(e.playersMoved - 6)} more` : ''}
              </p>
            ) : (
              <p className="muted">No player&apos;s money moves.</p>
            )}
          </>
        ) : (
          <p>
            Saved as part of the result; nothing is drawn or paid until the last prize. Still to come:{' '}
            <strong data-testid="prizes-missing">{preview.missing.join(', ')}</strong>.
          </p>
        )}
        <p className="muted small">
          Worked out by the settlement itself and undone: confirming does exactly this, once, and records it
          in the audit log.
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
            className="button button-primary"
            onClick={() => confirming.mutate()}
            disabled={confirming.isPending}
          >
            {confirming.isPending
              ? 'Saving…'
              : whole
                ? 'Confirm: draw and settle'
                : 'Confirm: save these prizes'}
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
      <p>
        Enter the prizes as they are called, one or several at a time. Nothing is paid until the last one;
        then you see the settlement before confirming.
      </p>
      <table className="grid grid-compact lot-prizes" aria-label="Prizes">
        <tbody>
          {order.map((p) => {
            const done = entered.get(p.prize);
            return (
              <tr key={p.prize}>
                <th scope="row">{p.prize}</th>
                <td>
                  {done ? (
                    <span className="mono lot-winno" data-testid={`prize-${p.prize}`}>
                      {done.join('  ')}
                    </span>
                  ) : (
                    <span className="lot-prize-inputs">
                      {Array.from({ length: p.count }, (_, i) => (
                        <input
                          key={i}
                          className="mono"
                          aria-label={`${p.prize} number ${i + 1}`}
                          inputMode="numeric"
                          maxLength={p.digits}
                          size={p.digits + 1}
                          placeholder={'0'.repeat(p.digits)}
                          value={values[p.prize]?.[i] ?? ''}
                          onChange={(e) =>
                            setValues((cur) => {
                              const nums = [...(cur[p.prize] ?? Array<string>(p.count).fill(''))];
                              nums[i] = e.target.value.replace(/[^0-9]/g, '');
                              return { ...cur, [p.prize]: nums };
                            })
                          }
                        />
                      ))}
                    </span>
                  )}
                </td>
                <td className="muted small">
                  {done ? 'entered' : `${p.count} × ${p.digits} digit${p.digits === 1 ? '' : 's'}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {previewing.isError ? (
        <p className="notice notice-error" role="alert">
          {refusalText(previewing.error)}
        </p>
      ) : null}
      <div className="form-actions">
        <span className="muted small">draw {dateTime(n.drawAt)}</span>
        <button
          type="submit"
          className="button button-primary"
          disabled={previewing.isPending || Object.keys(given).length === 0}
        >
          {previewing.isPending ? 'Working it out…' : 'Preview'}
        </button>
      </div>
    </form>
  );
}

function PrizeFig({
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
