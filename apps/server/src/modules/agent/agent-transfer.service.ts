import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  Errors,
  LUCKY_BAG_HISTORY_DAYS,
  LUCKY_BAG_MAX_RECIPIENTS,
  LUCKY_BAG_SWITCH,
  minorToMajor,
  WalletErrors,
  type LuckyBagMode,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { MemberService } from '../member/member.service.ts';
import type { SystemService } from '../system/system.service.ts';
import { newKey, referenceFor, type WalletService } from '../wallet/wallet.service.ts';
import { MemberStatus, teamDepth } from './team.service.ts';

/**
 * Splits `total` minor units into `count` shares of at least one unit each that sum to exactly
 * `total`.
 * - EQUAL: shares differ by at most one unit; the units left over by the division go to the first
 *   recipients, one each.
 * - RANDOM (the original's "fighting" bag): each recipient gets one unit, and the rest is cut at
 *   `count - 1` points drawn uniformly from [0, rest]. The draws come from `seed` (SHA-256 of it
 *   and the cut's index), so a replay of one request splits it the same way and the ledger sees
 *   the same movement (its fingerprint) instead of a reused key.
 */
export function splitShares(total: number, count: number, mode: LuckyBagMode, seed: string): number[] {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(count) || count < 1 || total < count)
    throw new Error(`lucky bag: cannot split ${total} into ${count} shares of at least 1`);
  if (mode === 'EQUAL') {
    const base = Math.floor(total / count);
    const extra = total - base * count;
    return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
  }
  const rest = BigInt(total - count);
  const cuts: bigint[] = [];
  for (let i = 0; i < count - 1; i++) {
    const digest = createHash('sha256').update(`${seed}:${i}`).digest('hex');
    // 256 random bits modulo a number below 2^53: the bias is below 2^-200.
    cuts.push(BigInt(`0x${digest}`) % (rest + 1n));
  }
  cuts.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const shares: number[] = [];
  let previous = 0n;
  for (const cut of [...cuts, rest]) {
    shares.push(Number(cut - previous) + 1);
    previous = cut;
  }
  return shares;
}

interface BagRow {
  id: number;
  mode: LuckyBagMode;
  total: number;
  recipients: number;
  remark: string;
  created_at: Date;
  ledger_transaction_id: number;
  reference: string;
  kind: string;
}

/**
 * Transfers of the agent centre (research §8): to a direct downline, and the lucky bag to several
 * direct downlines (switch AGENTRANSMULTDOWN3). Money leaves the agent's main wallet and lands in
 * the downlines' main wallets through the ledger (WalletService, ledger_post): one movement per
 * request, its idempotency key namespaced by agent, a debit that would take the agent below zero
 * refused whole however many requests race for the same balance. The transfer to the upline is
 * the wallet module's (WalletService.transferToUpline).
 */
export class AgentTransferService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly members: Pick<MemberService, 'moneyProfile'>;
  private readonly system: Pick<SystemService, 'isOn'>;

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    members: Pick<MemberService, 'moneyProfile'>;
    system: Pick<SystemService, 'isOn'>;
  }) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.members = deps.members;
    this.system = deps.system;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.wallet.currency().precision);
  }

  /** The agent's main wallet balance in minor units. */
  private async mainBalance(agentId: number): Promise<number> {
    const row = await this.database.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', agentId)
      .where('wallet_type', '=', 'MAIN')
      .where('currency', '=', this.wallet.currency().code)
      .executeTakeFirst();
    return row?.balance ?? 0;
  }

  /** GET /wps/agent/transfer. */
  async info(agentId: number) {
    const [balance, profile, luckyBag] = await Promise.all([
      this.mainBalance(agentId),
      this.members.moneyProfile(agentId),
      this.system.isOn(LUCKY_BAG_SWITCH),
    ]);
    return {
      available: this.major(balance),
      hasPaymentPassword: Boolean(profile?.paymentPasswordHash),
      luckyBag,
      luckyBagMaxRecipients: LUCKY_BAG_MAX_RECIPIENTS,
    };
  }

  /**
   * The fund (payment) password: asked when the agent has set one (and then checked with the
   * wallet's attempt limit); an agent without one is not asked.
   */
  private async checkFundPassword(agentId: number, password: string | undefined): Promise<void> {
    const profile = await this.members.moneyProfile(agentId);
    if (!profile?.paymentPasswordHash) return;
    if (!password) throw fail(WalletErrors.paymentPasswordInvalid, { message: 'Enter your fund password' });
    await this.wallet.checkPaymentPassword(agentId, password);
  }

  /** POST /wps/agent/transfer/downline (AG-26): the agent's main wallet to a direct downline's. */
  async toDownline(
    agentId: number,
    input: {
      userId: number;
      amount: unknown;
      paymentPassword?: string | undefined;
      remark?: string | undefined;
      idempotencyKey?: string | undefined;
    },
  ) {
    const amount = this.wallet.parseAmount(input.amount);
    await teamDepth(this.database.db, agentId, input.userId, true);
    await this.checkFundPassword(agentId, input.paymentPassword);
    const key = input.idempotencyKey ?? newKey();
    const result = await this.wallet.transfer({
      from: { memberId: agentId },
      to: { memberId: input.userId },
      amount,
      kind: 'DOWNLINE_TRANSFER',
      reference: referenceFor('TD', `${agentId}:${key}`),
      // Namespaced by agent: one agent's key can never meet another's.
      idempotencyKey: `downline-transfer:${agentId}:${key}`,
      memo: input.remark?.trim() ?? '',
    });
    const member = await this.database.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow();
    return { ...this.wallet.movement(result, amount), userId: input.userId, username: member.username };
  }

  /**
   * The recipients of a lucky bag: the direct downlines named (each once, every one a direct
   * downline, else the same 404 as an unknown id), or every direct downline in normal status.
   */
  private async recipients(
    agentId: number,
    asked: 'all' | number[],
  ): Promise<{ id: number; username: string }[]> {
    const db = this.database.db;
    if (asked === 'all') {
      const rows = await db
        .selectFrom('member')
        .select(['id', 'username'])
        .where('upline_id', '=', agentId)
        .where('status', '=', MemberStatus.active)
        .orderBy('id')
        .limit(LUCKY_BAG_MAX_RECIPIENTS + 1)
        .execute();
      if (rows.length === 0)
        throw fail(Errors.invalidInput, { message: 'You have no direct downline to send to' });
      if (rows.length > LUCKY_BAG_MAX_RECIPIENTS)
        throw fail(Errors.invalidInput, {
          message: `A lucky bag goes to at most ${LUCKY_BAG_MAX_RECIPIENTS} members; choose them`,
        });
      return rows;
    }
    if (new Set(asked).size !== asked.length)
      throw fail(Errors.invalidInput, { message: 'Name each recipient once' });
    const rows = await db
      .selectFrom('member_tree as t')
      .innerJoin('member as m', 'm.id', 't.descendant_id')
      .select(['m.id', 'm.username'])
      .where('t.ancestor_id', '=', agentId)
      .where('t.depth', '=', 1)
      .where('t.descendant_id', 'in', asked)
      .execute();
    if (rows.length !== asked.length) throw fail(Errors.notFound, { message: 'No such member in your team' });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return asked.map((id) => byId.get(id)!);
  }

  private bagQuery(db: Kysely<DB>) {
    return db
      .selectFrom('lucky_bag as b')
      .innerJoin('ledger_transaction as t', 't.id', 'b.ledger_transaction_id')
      .select([
        'b.id',
        'b.mode',
        'b.total',
        'b.recipients',
        'b.remark',
        'b.created_at',
        'b.ledger_transaction_id',
        't.reference',
        't.kind',
      ]);
  }

  private async shares(db: Kysely<DB>, bagId: number) {
    const rows = await db
      .selectFrom('lucky_bag_share as s')
      .innerJoin('member as m', 'm.id', 's.member_id')
      .select(['s.member_id', 'm.username', 's.amount'])
      .where('s.bag_id', '=', bagId)
      .orderBy('s.member_id')
      .execute();
    return rows.map((r) => ({ userId: r.member_id, username: r.username, amount: this.major(r.amount) }));
  }

  private async bagAnswer(db: Kysely<DB>, bag: BagRow, replayed: boolean) {
    return {
      transactionId: String(bag.ledger_transaction_id),
      reference: bag.reference,
      kind: bag.kind,
      amount: this.major(bag.total),
      createdAt: new Date(bag.created_at).getTime(),
      replayed,
      bagId: bag.id,
      mode: bag.mode,
      shares: await this.shares(db, bag.id),
    };
  }

  /**
   * POST /wps/agent/lucky-bag: one ledger movement, the agent's one debit of the total and one
   * credit per recipient, with the bag's row and shares in the same transaction. A request key
   * already used by this agent answers that bag, whatever the team became since (an "all" bag
   * replayed after a new registration still names the first recipients).
   */
  async luckyBag(
    agentId: number,
    input: {
      recipients: 'all' | number[];
      mode: LuckyBagMode;
      total: unknown;
      paymentPassword?: string | undefined;
      remark?: string | undefined;
      idempotencyKey?: string | undefined;
    },
  ) {
    if (!(await this.system.isOn(LUCKY_BAG_SWITCH))) throw fail(Errors.functionDisabled);
    const db = this.database.db;
    const total = this.wallet.parseAmount(input.total);
    await this.checkFundPassword(agentId, input.paymentPassword);
    const key = input.idempotencyKey ?? newKey();
    const earlier = await this.bagQuery(db)
      .where('b.agent_id', '=', agentId)
      .where('b.request_key', '=', key)
      .executeTakeFirst();
    if (earlier) return this.bagAnswer(db, earlier, true);
    const recipients = await this.recipients(agentId, input.recipients);
    if (total < recipients.length)
      throw fail(WalletErrors.amountInvalid, {
        message: `Every one of the ${recipients.length} recipients gets at least ${this.major(1)}: send at least ${this.major(recipients.length)}`,
      });
    const shares = splitShares(total, recipients.length, input.mode, `lucky-bag:${agentId}:${key}`);
    const remark = input.remark?.trim() ?? '';
    const bag = await db.transaction().execute(async (trx) => {
      const moved = await this.wallet.post(
        {
          idempotencyKey: `lucky-bag:${agentId}:${key}`,
          kind: 'LUCKY_BAG',
          reference: referenceFor('LB', `${agentId}:${key}`),
          memo: remark,
          postings: [
            { account: { memberId: agentId }, amount: -total },
            ...recipients.map((r, i) => ({ account: { memberId: r.id }, amount: shares[i]! })),
          ],
        },
        trx,
      );
      // A concurrent request with the same key committed first: its bag is the answer.
      if (moved.replayed) return { id: null, transactionId: moved.transactionId };
      const row = await trx
        .insertInto('lucky_bag')
        .values({
          agent_id: agentId,
          request_key: key,
          mode: input.mode,
          total,
          recipients: recipients.length,
          remark,
          ledger_transaction_id: moved.transactionId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('lucky_bag_share')
        .values(recipients.map((r, i) => ({ bag_id: row.id, member_id: r.id, amount: shares[i]! })))
        .execute();
      return { id: row.id, transactionId: moved.transactionId };
    });
    const stored = await this.bagQuery(db)
      .where('b.ledger_transaction_id', '=', bag.transactionId)
      .executeTakeFirstOrThrow();
    return this.bagAnswer(db, stored, bag.id === null);
  }

  /** GET /wps/agent/lucky-bag: the agent's bags of the last 90 days, newest first. */
  async luckyBags(agentId: number, q: { page: number; size: number }) {
    const db = this.database.db;
    const since = sql<Date>`now() - ${`${LUCKY_BAG_HISTORY_DAYS} days`}::interval`;
    const [rows, count] = await Promise.all([
      this.bagQuery(db)
        .where('b.agent_id', '=', agentId)
        .where('b.created_at', '>=', since)
        .orderBy('b.id', 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      db
        .selectFrom('lucky_bag')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('agent_id', '=', agentId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((b) => this.bagSummary(b)),
      total: Number(count.n),
      page: q.page,
      size: q.size,
    };
  }

  private bagSummary(b: BagRow) {
    return {
      bagId: b.id,
      reference: b.reference,
      mode: b.mode,
      total: this.major(b.total),
      recipients: b.recipients,
      remark: b.remark,
      createdAt: new Date(b.created_at).getTime(),
    };
  }

  /** GET /wps/agent/lucky-bag/shares: one of the agent's own bags; another's answers 404. */
  async luckyBagShares(agentId: number, bagId: number) {
    const db = this.database.db;
    const bag = await this.bagQuery(db)
      .where('b.id', '=', bagId)
      .where('b.agent_id', '=', agentId)
      .executeTakeFirst();
    if (!bag) throw fail(Errors.notFound, { message: 'No such lucky bag' });
    return { ...this.bagSummary(bag), shares: await this.shares(db, bag.id) };
  }
}
