import { sql, type Kysely, type Selectable } from 'kysely';
import {
  Errors,
  POINTS_CURRENCY,
  POINTS_WALLET,
  minorToMajor,
  pointsToMajor,
  type PointConfig,
  type PointGoods,
  type PointsType,
  type RedeemRecord,
  type RedeemStatus,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, PointsGoodsTable, PointsRedeemTable } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import { HouseAccount, WalletService } from '../wallet/wallet.service.ts';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';
import { HOUSE_POINTS } from './points.service.ts';

type GoodsRow = Selectable<PointsGoodsTable>;
type RedeemRow = Selectable<PointsRedeemTable>;

export interface MallDeps {
  database: Database;
  wallet: WalletService;
  audit: AuditLog;
}

/** A redeem's reference number: PR and the id, 8 digits at least. */
export const redeemNo = (id: number) => `PR${String(id).padStart(8, '0')}`;

/** `PR00000012`, `12` or 12: the redeem's id, or null when it cannot be one. */
export function redeemIdOf(text: string | number): number | null {
  const m = /^(?:PR)?0*(\d{1,15})$/i.exec(String(text).trim());
  return m ? Number(m[1]) : null;
}

export interface GoodsInput {
  name: string;
  image?: string | undefined;
  quantity: number;
  /** Points one item costs (2 decimals). */
  points: number;
  /** Deposits required, major units. */
  amount?: number | undefined;
  enabled?: boolean | undefined;
  sort?: number | undefined;
}

/**
 * The points mall (issue 32, decision 033 "The mall"): goods, redeems and conversions on the
 * members' POINTS accounts of the one ledger, and the operator's decisions on redeems.
 *
 * Every movement is one ledger_post in the transaction that changes the redeem's row, so a redeem
 * exists exactly when its points left, a rejection exactly when they came back. A redeem takes the
 * item's row lock before it lowers the stock (a check keeps it at zero or more), so of two members
 * redeeming the last item one gets it; a decision takes the redeem's row lock and acts only on a
 * redeem in process, so of two staff deciding at once one outcome stands.
 */
export class MallService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly audit: AuditLog;

  constructor(deps: MallDeps) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.audit = deps.audit;
  }

  private get db() {
    return this.database.db;
  }

  private precision(): number {
    return this.wallet.currency().precision;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.precision());
  }

  // ---- config and goods ---------------------------------------------------------------------------

  async config(): Promise<PointConfig> {
    const [c, rates] = await Promise.all([
      this.db.selectFrom('points_config').selectAll().executeTakeFirstOrThrow(),
      this.db.selectFrom('points_rate').selectAll().orderBy('product').execute(),
    ]);
    return {
      enabled: c.enabled,
      ratio: pointsToMajor(c.ratio),
      minConvert: pointsToMajor(c.min_convert),
      currency: this.wallet.currency().code,
      rates: rates.map((r) => ({
        product: r.product,
        type: r.points_type as PointsType,
        rate: Number(r.rate),
      })),
    };
  }

  /**
   * Sets the points one unit of valid bet (or of a deposit, product DEPOSIT) earns (an operator,
   * audited); applies to what is folded after. 0 turns earning off for the product.
   */
  async setRate(
    actor: AuditActor,
    product: string,
    rate: number,
  ): Promise<{ product: string; rate: number }> {
    if (!Number.isFinite(rate) || rate < 0 || rate > 1000 || Math.round(rate * 10_000) !== rate * 10_000)
      throw fail(Errors.invalidInput, { message: 'A rate is 0 to 1000 with at most 4 decimals' });
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('points_rate')
        .selectAll()
        .where('product', '=', product.toUpperCase())
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(Errors.invalidInput, { message: `No points rate for product ${product}` });
      await trx.updateTable('points_rate').set({ rate }).where('product', '=', before.product).execute();
      await this.audit.append(trx, actor, {
        action: 'points.rate.set',
        targetType: 'points-rate',
        targetId: before.product,
        before: { rate: Number(before.rate) },
        after: { rate },
      });
      return { product: before.product, rate };
    });
  }

  private goodsWire(g: GoodsRow): PointGoods {
    return {
      id: g.id,
      name: g.name,
      image: g.image,
      quantity: g.quantity,
      points: pointsToMajor(g.points),
      amount: this.major(g.amount_requirement),
      available: g.available,
    };
  }

  /** The goods on sale, in the operator's order (PM-02). */
  async goods(): Promise<PointGoods[]> {
    const rows = await this.db
      .selectFrom('points_goods')
      .selectAll()
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return rows.map((g) => this.goodsWire(g));
  }

  /** Every item, on sale or not (staff). */
  async allGoods(): Promise<(PointGoods & { enabled: boolean; sort: number })[]> {
    const rows = await this.db.selectFrom('points_goods').selectAll().orderBy('sort').orderBy('id').execute();
    return rows.map((g) => ({ ...this.goodsWire(g), enabled: g.enabled, sort: g.sort }));
  }

  private checkGoods(input: GoodsInput) {
    const name = input.name.trim();
    const points = Math.round(input.points * 100);
    const amount = Math.round((input.amount ?? 0) * 10 ** this.precision());
    if (!name || name.length > 100)
      throw fail(Errors.invalidInput, { message: 'A name is 1 to 100 characters' });
    if (!Number.isSafeInteger(input.quantity) || input.quantity < 0 || input.quantity > 1_000_000)
      throw fail(Errors.invalidInput, { message: 'The quantity is a whole number from 0 to 1,000,000' });
    if (!Number.isSafeInteger(points) || points <= 0 || points > 1e14)
      throw fail(Errors.invalidInput, { message: 'The points are more than 0' });
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw fail(Errors.invalidInput, { message: 'The amount requirement is 0 or more' });
    const image = (input.image ?? '').trim();
    if (image.length > 500 || (image && !/^(https?:\/\/|\/)[^\s<>"']*$/.test(image)))
      throw fail(Errors.invalidInput, { message: 'The image is an http(s) URL or a path starting with /' });
    return { name, points, amount, image };
  }

  /** Adds an item to the mall (staff, audited). */
  async createGoods(actor: AuditActor, input: GoodsInput): Promise<PointGoods> {
    const c = this.checkGoods(input);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('points_goods')
        .values({
          name: c.name,
          image: c.image,
          quantity: input.quantity,
          available: input.quantity,
          points: c.points,
          amount_requirement: c.amount,
          enabled: input.enabled ?? true,
          sort: input.sort ?? 0,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'points.goods.create',
        targetType: 'points-goods',
        targetId: String(row.id),
        before: null,
        after: row,
      });
      return this.goodsWire(row);
    });
  }

  /**
   * Changes an item (staff, audited). A new quantity moves what is left by the difference (never
   * below zero): items redeemed stay redeemed.
   */
  async updateGoods(actor: AuditActor, id: number, input: GoodsInput): Promise<PointGoods> {
    const c = this.checkGoods(input);
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('points_goods')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(Errors.pointsGoodsNotFound);
      const available = Math.max(0, before.available + (input.quantity - before.quantity));
      const after = await trx
        .updateTable('points_goods')
        .set({
          name: c.name,
          image: c.image,
          quantity: input.quantity,
          available,
          points: c.points,
          amount_requirement: c.amount,
          enabled: input.enabled ?? before.enabled,
          sort: input.sort ?? before.sort,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'points.goods.update',
        targetType: 'points-goods',
        targetId: String(id),
        before,
        after,
      });
      return this.goodsWire(after);
    });
  }

  // ---- the ledger ---------------------------------------------------------------------------------

  private async pointsAccount(trx: Kysely<DB>, memberId: number): Promise<number> {
    await sql`
      insert into ledger_account (member_id, wallet_type, currency) values (${memberId}, ${POINTS_WALLET}, ${POINTS_CURRENCY})
      on conflict (member_id, wallet_type, currency) do nothing`.execute(trx);
    const r = await trx
      .selectFrom('ledger_account')
      .select(['id'])
      .where('member_id', '=', memberId)
      .where('wallet_type', '=', POINTS_WALLET)
      .where('currency', '=', POINTS_CURRENCY)
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /**
   * Moves `points` hundredths between the member's points account and the house's (negative:
   * from the member), kind POINTS_REDEEM; the member's balance after. Too few points: refused.
   */
  private async movePoints(
    trx: Kysely<DB>,
    memberId: number,
    points: number,
    key: string,
    reference: string,
  ): Promise<number> {
    const account = await this.pointsAccount(trx, memberId);
    const house = await sql<{
      id: number;
    }>`select id from ledger_account where code = ${HOUSE_POINTS}`.execute(trx);
    try {
      await sql`
        select o_id from ledger_post(${key}, 'POINTS_REDEEM', ${reference}, '', null,
          ${[account, Number(house.rows[0]!.id)]}::bigint[], ${[points, -points]}::bigint[])`.execute(trx);
    } catch (err) {
      if ((err as { code?: string }).code === WalletService.insufficientSqlstate)
        throw fail(Errors.pointsInsufficient);
      throw err;
    }
    const r = await trx
      .selectFrom('ledger_account')
      .select('balance')
      .where('id', '=', account)
      .executeTakeFirstOrThrow();
    return Number(r.balance);
  }

  private async previous(memberId: number, requestId: string | undefined): Promise<RedeemRecord | null> {
    if (!requestId) return null;
    const row = await this.db
      .selectFrom('points_redeem')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    return row ? this.recordWire(row) : null;
  }

  private async openMall(trx: Kysely<DB>) {
    const c = await trx.selectFrom('points_config').selectAll().executeTakeFirstOrThrow();
    if (!c.enabled) throw fail(Errors.pointsMallClosed);
    return c;
  }

  // ---- the member's side --------------------------------------------------------------------------

  /**
   * Redeems goods (PM-09) once the payment password was checked: the item's stock and the
   * member's points go down together, and the redeem waits in process for the operator.
   */
  async redeem(
    memberId: number,
    input: { goodsId: number; quantity: number; paymentPassword: string; requestId?: string | undefined },
  ): Promise<RedeemRecord> {
    const again = await this.previous(memberId, input.requestId);
    if (again) return again;
    await this.wallet.checkPaymentPassword(memberId, input.paymentPassword);
    const row = await this.db.transaction().execute(async (trx) => {
      await this.openMall(trx);
      const goods = await trx
        .selectFrom('points_goods')
        .selectAll()
        .where('id', '=', input.goodsId)
        .forUpdate()
        .executeTakeFirst();
      if (!goods || !goods.enabled) throw fail(Errors.pointsGoodsNotFound);
      if (goods.available < input.quantity) throw fail(Errors.pointsGoodsSoldOut);
      if (goods.amount_requirement > 0) {
        const deposited = await trx
          .selectFrom('deposit_order')
          .select(sql<string>`coalesce(sum(amount), 0)`.as('n'))
          .where('member_id', '=', memberId)
          .where('status', '=', 'SUCCESS')
          .executeTakeFirstOrThrow();
        if (Number(deposited.n) < goods.amount_requirement) throw fail(Errors.pointsAmountRequirement);
      }
      const cost = goods.points * input.quantity;
      await trx
        .updateTable('points_goods')
        .set({ available: goods.available - input.quantity, updated_at: new Date() })
        .where('id', '=', goods.id)
        .execute();
      const created = await trx
        .insertInto('points_redeem')
        .values({
          member_id: memberId,
          type: 'GOODS',
          goods_id: goods.id,
          goods_name: goods.name,
          quantity: input.quantity,
          points: cost,
          balance_after: 0,
          status: 'PROCESS',
          request_id: input.requestId ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const no = redeemNo(created.id);
      const balance = await this.movePoints(trx, memberId, -cost, `points-redeem:${created.id}`, no);
      return trx
        .updateTable('points_redeem')
        .set({ balance_after: balance })
        .where('id', '=', created.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return this.recordWire(row);
  }

  /**
   * Converts points to money at the mall's ratio (PM-13) once the payment password was checked:
   * the points go to the house's points account and the money comes from the house's cash, two
   * movements of one transaction (a transaction never mixes assets). The money is the points'
   * worth rounded down to the currency's smallest unit; nothing waits for the operator.
   */
  async convert(
    memberId: number,
    input: { points: number; paymentPassword: string; requestId?: string | undefined },
  ): Promise<RedeemRecord> {
    const again = await this.previous(memberId, input.requestId);
    if (again) return again;
    const points = Math.round(input.points * 100);
    if (!Number.isSafeInteger(points) || points <= 0 || Math.abs(points - input.points * 100) > 1e-6)
      throw fail(Errors.invalidInput, { message: 'Points have at most 2 decimals' });
    await this.wallet.checkPaymentPassword(memberId, input.paymentPassword);
    const precision = this.precision();
    const row = await this.db.transaction().execute(async (trx) => {
      const c = await this.openMall(trx);
      if (points < c.min_convert) throw fail(Errors.pointsConvertTooSmall);
      // hundredths × 10^precision ÷ (hundredths per unit): minor units, rounded down.
      const amount = Number((BigInt(points) * 10n ** BigInt(precision)) / BigInt(c.ratio));
      if (amount <= 0) throw fail(Errors.pointsConvertTooSmall);
      const created = await trx
        .insertInto('points_redeem')
        .values({
          member_id: memberId,
          type: 'CONVERT',
          points,
          amount,
          balance_after: 0,
          status: 'APPROVED',
          request_id: input.requestId ?? null,
          decided_by: 'auto',
          decided_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const no = redeemNo(created.id);
      const balance = await this.movePoints(trx, memberId, -points, `points-convert:${created.id}`, no);
      await this.wallet.post(
        {
          idempotencyKey: `points-convert-money:${created.id}`,
          kind: 'POINTS_CONVERT',
          reference: no,
          postings: [
            { account: { house: HouseAccount.cash }, amount: -amount },
            { account: { memberId }, amount },
          ],
        },
        trx,
      );
      return trx
        .updateTable('points_redeem')
        .set({ balance_after: balance })
        .where('id', '=', created.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return this.recordWire(row);
  }

  private recordWire(r: RedeemRow): RedeemRecord {
    return {
      id: r.id,
      referenceNo: redeemNo(r.id),
      applyTime: new Date(r.created_at).getTime(),
      type: r.type,
      goodsName: r.goods_name,
      quantity: r.quantity,
      status: r.status,
      changedPoints: pointsToMajor(-r.points),
      pointsBalance: pointsToMajor(r.balance_after),
      amount: this.major(r.amount),
      remark: r.remark,
    };
  }

  /** The member's redeems and conversions, newest first (PM-03, PM-10). */
  async list(
    memberId: number,
    q: { status?: RedeemStatus | undefined; page: number; size: number },
  ): Promise<{ total: number; items: RedeemRecord[] }> {
    let base = this.db.selectFrom('points_redeem').where('member_id', '=', memberId);
    if (q.status) base = base.where('status', '=', q.status);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { total: Number(count.n), items: rows.map((r) => this.recordWire(r)) };
  }

  // ---- the operator's side ------------------------------------------------------------------------

  private async lockRedeem(trx: Kysely<DB>, idOrNo: string | number): Promise<RedeemRow> {
    const id = redeemIdOf(idOrNo);
    const row =
      id === null
        ? undefined
        : await trx
            .selectFrom('points_redeem')
            .selectAll()
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
    if (!row) throw fail(Errors.pointsRedeemNotFound, { message: `No redeem ${String(idOrNo)}` });
    if (row.status !== 'PROCESS')
      throw fail(Errors.pointsRedeemDecided, {
        message: `Redeem ${redeemNo(row.id)} is ${row.status.toLowerCase()} already`,
      });
    return row;
  }

  /** Approves a redeem in process (PM-04): the goods go to the member; audited. */
  async approve(actor: AuditActor, idOrNo: string | number, remark = ''): Promise<RedeemRecord> {
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await this.lockRedeem(trx, idOrNo);
      const after = await trx
        .updateTable('points_redeem')
        .set({ status: 'APPROVED', remark: remark.trim(), decided_by: actor.name, decided_at: new Date() })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'points.redeem.approve',
        targetType: 'points-redeem',
        targetId: redeemNo(before.id),
        before: this.auditView(before),
        after: this.auditView(after),
      });
      return after;
    });
    return this.recordWire(row);
  }

  /**
   * Rejects a redeem in process (PM-04): the points return to the member and the items to the
   * mall, in the transaction that marks it rejected; audited.
   */
  async reject(actor: AuditActor, idOrNo: string | number, remark: string): Promise<RedeemRecord> {
    const reason = remark.trim();
    if (!reason || reason.length > 200)
      throw fail(Errors.invalidInput, { message: 'A rejection gives a reason of 1 to 200 characters' });
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await this.lockRedeem(trx, idOrNo);
      await this.movePoints(
        trx,
        before.member_id,
        before.points,
        `points-redeem-reject:${before.id}`,
        redeemNo(before.id),
      );
      if (before.goods_id !== null)
        await trx
          .updateTable('points_goods')
          .set((eb) => ({ available: eb('available', '+', before.quantity), updated_at: new Date() }))
          .where('id', '=', before.goods_id)
          .execute();
      const after = await trx
        .updateTable('points_redeem')
        .set({ status: 'REJECTED', remark: reason, decided_by: actor.name, decided_at: new Date() })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'points.redeem.reject',
        targetType: 'points-redeem',
        targetId: redeemNo(before.id),
        before: this.auditView(before),
        after: { ...this.auditView(after), pointsReturned: before.points },
      });
      return after;
    });
    return this.recordWire(row);
  }

  private auditView(r: RedeemRow) {
    return {
      status: r.status,
      memberId: r.member_id,
      type: r.type,
      goodsId: r.goods_id,
      goodsName: r.goods_name,
      quantity: r.quantity,
      points: r.points,
      remark: r.remark,
    };
  }

  /** Redeems for the operator: in process by default, oldest first, with the member's name. */
  async queue(q: {
    status?: RedeemStatus | 'ALL' | undefined;
    username?: string | undefined;
    page: number;
    size: number;
  }): Promise<{
    total: number;
    list: (RedeemRecord & {
      memberId: number;
      username: string;
      decidedBy: string | null;
      decidedAt: number | null;
    })[];
  }> {
    let base = this.db
      .selectFrom('points_redeem')
      .innerJoin('member', 'member.id', 'points_redeem.member_id')
      .where('points_redeem.type', '=', 'GOODS');
    const status = q.status ?? 'PROCESS';
    if (status !== 'ALL') base = base.where('points_redeem.status', '=', status);
    if (q.username)
      base = base.where(
        sql<boolean>`lower(member.username) like ${`${q.username.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
      );
    const [rows, count] = await Promise.all([
      base
        .selectAll('points_redeem')
        .select('member.username')
        .orderBy('points_redeem.id', status === 'PROCESS' ? 'asc' : 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      total: Number(count.n),
      list: rows.map((r) => ({
        ...this.recordWire(r),
        memberId: r.member_id,
        username: r.username,
        decidedBy: r.decided_by,
        decidedAt: r.decided_at ? new Date(r.decided_at).getTime() : null,
      })),
    };
  }
}
