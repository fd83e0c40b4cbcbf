import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  Errors,
  minorToMajor,
  type backoffice,
  type Raffle,
  type RaffleDraw,
  type RaffleEntry,
  type RaffleList,
  type RafflePhase,
  type RaffleWinner,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, RaffleTable } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';
import { maskAccount } from '../vip/missions.service.ts';
import { HouseAccount, type WalletService } from '../wallet/wallet.service.ts';

/**
 * Raffles (issue 32, decision 053). A raffle is one schedule: entries open, close, a draw time and
 * cash prizes by place. A member enters once, free, through the original's claim call; the draw is
 * the `raffles.draw` job (every minute, once per window across instances, and a lock of its own),
 * which draws every raffle whose time has come, exactly once:
 *
 * - the raffle's row is locked and moved SCHEDULED → DRAWN by one conditional update, in the
 *   transaction that writes the winners and pays them, so a second run finds it drawn;
 * - an entry locks the raffle's row for share and checks it is SCHEDULED and open, so no entry
 *   slips in while a draw reads them;
 * - a winner's row is keyed (raffle, place) and (raffle, member), the prize's ledger key
 *   `raffle-prize:<raffle>:<place>`, a second line of defence.
 *
 * The draw is verifiable: the seed is chosen at creation and only its SHA-256 shown until the draw;
 * winners come from `pickWinners(seed, raffle id, tickets in order, places)`, after which the seed
 * is shown with the tickets, so anyone can redo the draw.
 */

export const RAFFLE_DRAW_JOB = 'raffles.draw';
const RAFFLE_LOCK = 'raffles-draw:';
/** Raffles drawn per run at most (each one transaction's work with its winners). */
const DRAWS_PER_RUN = 20;
/** Drawn and cancelled raffles stay on the players' list this long. */
const SHOWN_AFTER_MS = 30 * 86_400_000;

type RaffleRow = Selectable<RaffleTable>;

export interface RaffleDeps {
  database: Database;
  wallet: WalletService;
  audit: AuditLog;
}

export interface DrawSummary {
  drawn: number;
  paid: number;
  busy: number;
}

/** SHA-256 (hex) of the tickets in the order the draw reads them, joined by commas. */
export function entriesHashOf(tickets: readonly number[]): string {
  return createHash('sha256').update(tickets.join(',')).digest('hex');
}

export function seedHashOf(seedHex: string): string {
  return createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');
}

const RANGE = 2 ** 48;

/**
 * The winning tickets, first place first: for place p (from 1), attempt a (from 0), r = the first
 * 6 bytes (big-endian) of HMAC-SHA256(key = the seed's bytes, message = "<raffle>:<p>:<a>"); r is
 * used when below the largest multiple of the tickets left (no bias), and picks the ticket at
 * r mod count among those left, which then leaves the pool. At most one prize per ticket.
 */
export function pickWinners(
  seedHex: string,
  raffleId: number,
  tickets: readonly number[],
  places: number,
): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const pool = [...tickets];
  const out: number[] = [];
  for (let place = 1; place <= places && pool.length > 0; place++) {
    const limit = Math.floor(RANGE / pool.length) * pool.length;
    for (let attempt = 0; ; attempt++) {
      const r = createHmac('sha256', key).update(`${raffleId}:${place}:${attempt}`).digest().readUIntBE(0, 6);
      if (r >= limit) continue;
      out.push(pool.splice(r % pool.length, 1)[0]!);
      break;
    }
  }
  return out;
}

export class RaffleService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly audit: AuditLog;

  constructor(deps: RaffleDeps) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.audit = deps.audit;
  }

  private get db(): Kysely<DB> {
    return this.database.db;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.wallet.currency().precision);
  }

  /** Major units to minor; more decimals than the currency has is refused. */
  private minor(major: number): number {
    const scaled = major * 10 ** this.wallet.currency().precision;
    const m = Math.round(scaled);
    if (Math.abs(m - scaled) > 1e-6 || !Number.isSafeInteger(m) || m <= 0)
      throw fail(Errors.invalidInput, {
        message: `A prize has at most ${this.wallet.currency().precision} decimals and is more than 0`,
      });
    return m;
  }

  static phaseOf(r: Pick<RaffleRow, 'status' | 'opens_at' | 'closes_at'>, now: Date): RafflePhase {
    if (r.status === 'DRAWN') return 'DRAWN';
    if (r.status === 'CANCELLED') return 'CANCELLED';
    if (now < r.opens_at) return 'UPCOMING';
    if (now < r.closes_at) return 'OPEN';
    return 'CLOSED';
  }

  private prizesOf(r: RaffleRow): number[] {
    return r.prizes.map((p) => Number(p));
  }

  private async entryCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('raffle_entry')
      .select(['raffle_id', sql<string>`count(*)::text`.as('n')])
      .where('raffle_id', 'in', ids)
      .groupBy('raffle_id')
      .execute();
    return new Map(rows.map((r) => [r.raffle_id, Number(r.n)]));
  }

  private async winnersOf(ids: number[]) {
    if (!ids.length) return [];
    return this.db
      .selectFrom('raffle_winner as w')
      .innerJoin('member as m', 'm.id', 'w.member_id')
      .select([
        'w.raffle_id',
        'w.place',
        'w.member_id',
        'w.ticket',
        'w.amount',
        'w.ledger_transaction_id',
        'm.username',
      ])
      .where('w.raffle_id', 'in', ids)
      .orderBy('w.raffle_id')
      .orderBy('w.place')
      .execute();
  }

  // ---- the player's side ----------------------------------------------------------------------------

  /** GET /wps/raffles: raffles not ended, and those drawn or cancelled in the last 30 days. */
  async list(memberId: number | null, now = new Date()): Promise<RaffleList> {
    const rows = await this.db
      .selectFrom('raffle')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('status', '=', 'SCHEDULED'),
          eb('draw_at', '>=', new Date(now.getTime() - SHOWN_AFTER_MS)),
        ]),
      )
      .orderBy('draw_at', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const ids = rows.map((r) => r.id);
    const [counts, winners, mine] = await Promise.all([
      this.entryCounts(ids),
      this.winnersOf(ids),
      memberId !== null && ids.length
        ? this.db
            .selectFrom('raffle_entry')
            .select(['raffle_id', 'id'])
            .where('member_id', '=', memberId)
            .where('raffle_id', 'in', ids)
            .execute()
        : Promise.resolve([]),
    ]);
    const ticketOf = new Map(mine.map((e) => [e.raffle_id, Number(e.id)]));
    const list: Raffle[] = rows.map((r) => {
      const w = winners.filter((x) => x.raffle_id === r.id);
      const wire: RaffleWinner[] = w.map((x) => ({
        place: x.place,
        ticket: Number(x.ticket),
        account: Number(x.member_id) === memberId ? x.username : maskAccount(x.username),
        amount: this.major(Number(x.amount)),
        me: Number(x.member_id) === memberId,
      }));
      const prizes = this.prizesOf(r);
      const phase = RaffleService.phaseOf(r, now);
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        opensAt: r.opens_at.getTime(),
        closesAt: r.closes_at.getTime(),
        drawAt: r.draw_at.getTime(),
        phase,
        prizes: prizes.map((p) => this.major(p)),
        prizePool: this.major(prizes.reduce((a, b) => a + b, 0)),
        entries: counts.get(r.id) ?? 0,
        seedHash: r.seed_hash,
        seed: r.status === 'DRAWN' ? r.seed : null,
        entriesHash: r.entries_hash,
        drawnAt: r.drawn_at?.getTime() ?? null,
        winners: wire,
        myTicket: ticketOf.get(r.id) ?? null,
        myWin: this.major(
          w.filter((x) => Number(x.member_id) === memberId).reduce((a, x) => a + Number(x.amount), 0),
        ),
      };
    });
    // Every win of the member, not only those still listed.
    let myWins = 0;
    let myWinCount = 0;
    if (memberId !== null) {
      const t = await this.db
        .selectFrom('raffle_winner')
        .select([
          sql<string>`coalesce(sum(amount), 0)::text`.as('total'),
          sql<string>`count(*)::text`.as('n'),
        ])
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      myWins = this.major(Number(t.total));
      myWinCount = Number(t.n);
    }
    return { list, myWins, myWinCount, time: now.getTime() };
  }

  /** GET /wps/raffles/draw: a drawn raffle's proof. */
  async proof(raffleId: number, memberId: number | null): Promise<RaffleDraw> {
    const r = await this.db.selectFrom('raffle').selectAll().where('id', '=', raffleId).executeTakeFirst();
    if (!r) throw fail(Errors.raffleNotFound);
    if (r.status !== 'DRAWN') throw fail(Errors.raffleNotDrawn);
    const tickets = await this.ticketsOf(this.db, raffleId);
    const winners = await this.winnersOf([raffleId]);
    return {
      id: r.id,
      seedHash: r.seed_hash,
      seed: r.seed,
      entriesHash: r.entries_hash ?? '',
      tickets,
      winners: winners.map((x) => ({
        place: x.place,
        ticket: Number(x.ticket),
        account: Number(x.member_id) === memberId ? x.username : maskAccount(x.username),
        amount: this.major(Number(x.amount)),
        me: Number(x.member_id) === memberId,
      })),
    };
  }

  private async ticketsOf(db: Kysely<DB>, raffleId: number): Promise<number[]> {
    const rows = await db
      .selectFrom('raffle_entry')
      .select('id')
      .where('raffle_id', '=', raffleId)
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * The claim call with a raffleScheduleId: one free ticket per member, while entries are open.
   * `promotionId` is the raffle's too (a raffle is its own promotion; the original sends both).
   */
  async enter(
    memberId: number,
    promotionId: number,
    raffleId: number,
    now = new Date(),
  ): Promise<RaffleEntry> {
    if (promotionId !== raffleId) throw fail(Errors.raffleNotFound);
    return this.db.transaction().execute(async (trx) => {
      // For share: a draw (for update) waits for the entries in flight, and an entry after it sees DRAWN.
      const r = await trx
        .selectFrom('raffle')
        .select(['id', 'status', 'opens_at', 'closes_at'])
        .where('id', '=', raffleId)
        .forShare()
        .executeTakeFirst();
      if (!r) throw fail(Errors.raffleNotFound);
      if (RaffleService.phaseOf(r, now) !== 'OPEN') throw fail(Errors.raffleNotOpen);
      const row = await trx
        .insertInto('raffle_entry')
        .values({ raffle_id: raffleId, member_id: memberId, created_at: now })
        .onConflict((oc) => oc.columns(['raffle_id', 'member_id']).doNothing())
        .returning(['id', 'created_at'])
        .executeTakeFirst();
      if (!row) throw fail(Errors.raffleEntered);
      return { raffleId, ticket: Number(row.id), enteredAt: row.created_at.getTime() };
    });
  }

  /** The status call with a raffleScheduleId (the original's isClaimed, hasStarted, hasEnded, due, time). */
  async status(memberId: number, raffleId: number, now = new Date()) {
    const r = await this.db.selectFrom('raffle').selectAll().where('id', '=', raffleId).executeTakeFirst();
    if (!r) throw fail(Errors.raffleNotFound);
    const entry = await this.db
      .selectFrom('raffle_entry')
      .select('id')
      .where('raffle_id', '=', raffleId)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return {
      isClaimed: entry !== undefined,
      hasStarted: now >= r.opens_at,
      hasEnded: now >= r.closes_at || r.status !== 'SCHEDULED',
      due: r.closes_at.getTime(),
      time: now.getTime(),
    };
  }

  // ---- the draw ---------------------------------------------------------------------------------------

  /** Draws in a transaction of its own (tests, by hand). */
  drawDueNow(now = new Date()): Promise<DrawSummary> {
    return this.db.transaction().execute((trx) => this.drawDue(trx, now));
  }

  /** Draws every scheduled raffle whose draw time is at or before `now` (the oldest first, at most 20). */
  async drawDue(trx: Kysely<DB>, now = new Date()): Promise<DrawSummary> {
    const lock = await sql<{ ok: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${RAFFLE_LOCK} || current_schema(), 0)) as ok`.execute(
      trx,
    );
    if (!lock.rows[0]?.ok) return { drawn: 0, paid: 0, busy: 1 };
    const due = await trx
      .selectFrom('raffle')
      .selectAll()
      .where('status', '=', 'SCHEDULED')
      .where('draw_at', '<=', now)
      .orderBy('draw_at')
      .orderBy('id')
      .limit(DRAWS_PER_RUN)
      .forUpdate()
      .execute();
    let paid = 0;
    for (const r of due) paid += await this.drawOne(trx, r, now);
    return { drawn: due.length, paid, busy: 0 };
  }

  private async drawOne(trx: Kysely<DB>, r: RaffleRow, now: Date): Promise<number> {
    const tickets = await this.ticketsOf(trx, r.id);
    const prizes = this.prizesOf(r);
    const won = pickWinners(r.seed, r.id, tickets, prizes.length);
    const moved = await trx
      .updateTable('raffle')
      .set({
        status: 'DRAWN',
        drawn_at: now,
        entries: tickets.length,
        entries_hash: entriesHashOf(tickets),
        updated_at: sql`now()`,
      })
      .where('id', '=', r.id)
      .where('status', '=', 'SCHEDULED')
      .returning('id')
      .executeTakeFirst();
    if (!moved) return 0;
    if (!won.length) return 0;
    const owners = await trx
      .selectFrom('raffle_entry')
      .select(['id', 'member_id'])
      .where('raffle_id', '=', r.id)
      .where('id', 'in', won)
      .execute();
    const ownerOf = new Map(owners.map((o) => [Number(o.id), Number(o.member_id)]));
    let paid = 0;
    for (const [i, ticket] of won.entries()) {
      const place = i + 1;
      const memberId = ownerOf.get(ticket)!;
      const amount = prizes[i]!;
      const inserted = await trx
        .insertInto('raffle_winner')
        .values({ raffle_id: r.id, place, member_id: memberId, ticket, amount })
        .onConflict((oc) => oc.doNothing())
        .returning('place')
        .executeTakeFirst();
      if (!inserted) continue;
      const key = `raffle-prize:${r.id}:${place}`;
      const posted = await this.wallet.transfer(
        {
          from: { house: HouseAccount.bonus },
          to: { memberId },
          amount,
          kind: 'RAFFLE_PRIZE',
          reference: `RF${r.id}-${place}`,
          memo: r.title,
          idempotencyKey: key,
        },
        trx,
      );
      if (posted.replayed) throw new Error(`raffles: ledger key ${key} was used`);
      await trx
        .updateTable('raffle_winner')
        .set({ ledger_transaction_id: posted.transactionId })
        .where('raffle_id', '=', r.id)
        .where('place', '=', place)
        .execute();
      paid++;
    }
    return paid;
  }

  // ---- the back office --------------------------------------------------------------------------------

  private async boWire(rows: RaffleRow[], now = new Date()): Promise<backoffice.BoRaffle[]> {
    const ids = rows.map((r) => r.id);
    const [counts, winners] = await Promise.all([this.entryCounts(ids), this.winnersOf(ids)]);
    return rows.map((r) => {
      const prizes = this.prizesOf(r);
      return {
        id: r.id,
        title: r.title,
        description: r.description,
        opensAt: r.opens_at.getTime(),
        closesAt: r.closes_at.getTime(),
        drawAt: r.draw_at.getTime(),
        status: r.status,
        phase: RaffleService.phaseOf(r, now),
        prizes: prizes.map((p) => this.major(p)),
        prizePool: this.major(prizes.reduce((a, b) => a + b, 0)),
        entries: counts.get(r.id) ?? 0,
        seedHash: r.seed_hash,
        seed: r.status === 'DRAWN' ? r.seed : null,
        entriesHash: r.entries_hash,
        drawnAt: r.drawn_at?.getTime() ?? null,
        cancelledAt: r.cancelled_at?.getTime() ?? null,
        cancelReason: r.cancel_reason,
        winners: winners
          .filter((w) => w.raffle_id === r.id)
          .map((w) => ({
            place: w.place,
            ticket: Number(w.ticket),
            memberId: Number(w.member_id),
            username: w.username,
            amount: this.major(Number(w.amount)),
            transactionId: w.ledger_transaction_id === null ? null : Number(w.ledger_transaction_id),
          })),
        createdAt: r.created_at.getTime(),
        updatedAt: r.updated_at.getTime(),
      };
    });
  }

  async boList(q: { status?: 'SCHEDULED' | 'DRAWN' | 'CANCELLED' | undefined; page: number; size: number }) {
    let base = this.db.selectFrom('raffle');
    if (q.status) base = base.where('status', '=', q.status);
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('draw_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: await this.boWire(rows), total: Number(total.n) };
  }

  /** The audit's picture of a raffle: what staff set, never the seed. */
  private audited(r: RaffleRow) {
    return {
      title: r.title,
      description: r.description,
      opensAt: r.opens_at.toISOString(),
      closesAt: r.closes_at.toISOString(),
      drawAt: r.draw_at.toISOString(),
      prizes: this.prizesOf(r).map((p) => this.major(p)),
      status: r.status,
      seedHash: r.seed_hash,
      ...(r.cancel_reason ? { cancelReason: r.cancel_reason } : {}),
    };
  }

  /**
   * Creates a raffle (a new seed, its hash shown from now on) or edits one still SCHEDULED: before
   * its entries close anything may change; after, only the words (the times and prizes the entrants
   * saw stay). A drawn or cancelled raffle never changes.
   */
  async save(actor: AuditActor, body: backoffice.RaffleBody, now = new Date()): Promise<backoffice.BoRaffle> {
    const prizes = body.prizes.map((p) => this.minor(p));
    const values = {
      title: body.title.trim(),
      description: (body.description ?? '').trim(),
      opens_at: new Date(body.opensAt),
      closes_at: new Date(body.closesAt),
      draw_at: new Date(body.drawAt),
    };
    const row = await this.db.transaction().execute(async (trx: Transaction<DB>) => {
      if (body.id === undefined) {
        const seed = randomBytes(32).toString('hex');
        const created = await trx
          .insertInto('raffle')
          .values({
            ...values,
            prizes: sql<number[]>`${prizes}::bigint[]`,
            seed,
            seed_hash: seedHashOf(seed),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await this.audit.append(trx, actor, {
          action: 'raffle.create',
          targetType: 'raffle',
          targetId: String(created.id),
          before: null,
          after: this.audited(created),
        });
        return created;
      }
      const before = await trx
        .selectFrom('raffle')
        .selectAll()
        .where('id', '=', body.id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(Errors.raffleNotFound);
      if (before.status !== 'SCHEDULED') throw fail(Errors.raffleLocked);
      const closed = now >= before.closes_at;
      if (
        closed &&
        (values.opens_at.getTime() !== before.opens_at.getTime() ||
          values.closes_at.getTime() !== before.closes_at.getTime() ||
          values.draw_at.getTime() !== before.draw_at.getTime() ||
          prizes.join(',') !== this.prizesOf(before).join(','))
      )
        throw fail(Errors.raffleStarted);
      const after = await trx
        .updateTable('raffle')
        .set({
          ...values,
          prizes: sql<number[]>`${prizes}::bigint[]`,
          updated_at: sql`now()`,
        })
        .where('id', '=', body.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'raffle.update',
        targetType: 'raffle',
        targetId: String(after.id),
        before: this.audited(before),
        after: this.audited(after),
      });
      return after;
    });
    return (await this.boWire([row], now))[0]!;
  }

  /** Cancels a raffle not drawn: nothing is paid; its entries stay for the record. */
  async cancel(
    actor: AuditActor,
    id: number,
    reason: string,
    now = new Date(),
  ): Promise<backoffice.BoRaffle> {
    const row = await this.db.transaction().execute(async (trx: Transaction<DB>) => {
      const before = await trx
        .selectFrom('raffle')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(Errors.raffleNotFound);
      if (before.status !== 'SCHEDULED') throw fail(Errors.raffleLocked);
      const after = await trx
        .updateTable('raffle')
        .set({ status: 'CANCELLED', cancelled_at: now, cancel_reason: reason.trim(), updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'SCHEDULED')
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'raffle.cancel',
        targetType: 'raffle',
        targetId: String(id),
        before: this.audited(before),
        after: this.audited(after),
      });
      return after;
    });
    return (await this.boWire([row], now))[0]!;
  }
}

/** The draw every minute, once per window across instances, under a lock of its own (decision 053). */
export function registerRaffleJobs(jobs: JobRunner, raffles: RaffleService): void {
  jobs.register(RAFFLE_DRAW_JOB, { everyMs: 60_000 }, async ({ db, window }) => {
    const r = await raffles.drawDue(db, window.end);
    return { drawn: r.drawn, paid: r.paid };
  });
}
