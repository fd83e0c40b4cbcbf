import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { formatMinor, type SandboxNotify } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB, SandboxPaymentTable } from '../../db/schema.ts';
import { signSandbox } from './deposit.service.ts';

/** How long a payment page stays payable. */
export const SANDBOX_PAYMENT_TTL_MS = 30 * 60_000;

/**
 * When a notification the merchant did not acknowledge is tried again, after the 1st, 2nd…
 * failed attempt (as gateways do, for hours); after the last the gateway gives up and the
 * merchant's reconciliation job (deposit.reconcile) is what finds the payment.
 */
export const SANDBOX_NOTIFY_RETRY_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 10_800_000];

/**
 * How long a claimed notification is left to its sender (the page's own first delivery, or a run of
 * the retry job) before it is due again: a sender that died mid-delivery leaves it to a later run.
 */
export const SANDBOX_NOTIFY_LEASE_MS = 60_000;

/** Notifications one run of the retry job sends at most. */
const NOTIFY_BATCH = 50;

export type SandboxPaymentRow = Selectable<SandboxPaymentTable>;

/** Sends a signed notification to the merchant; answers its HTTP status and body. */
export type SandboxNotifier = (n: {
  raw: string;
  timestamp: string;
  signature: string;
}) => Promise<{ statusCode: number; body: string }>;

export interface SandboxPaymentRequest {
  merchantOrderNo: string;
  /** Minor units. */
  amount: number;
  currency: string;
  /** Where the player's browser goes after paying or failing. */
  returnUrl: string;
}

/**
 * A payment gateway for development and tests that behaves like a real one: the merchant asks it
 * for a payment, it answers the URL of its own payment page; the player pays (or fails) there; it
 * then notifies the merchant server to server with a signed body and sends the browser back. Its
 * records live in its own table, as an outside company's would live in its own database.
 */
export class SandboxGateway {
  private readonly database: Database;
  private readonly secret: string;
  private readonly precision: () => number;
  private notifier: SandboxNotifier | null = null;

  constructor(database: Database, secret: string, precision: () => number) {
    this.database = database;
    this.secret = secret;
    this.precision = precision;
  }

  async createPayment(req: SandboxPaymentRequest): Promise<{ paymentId: string; payUrl: string }> {
    const paymentId = `sp_${randomBytes(18).toString('base64url')}`;
    await this.database.db
      .insertInto('sandbox_payment')
      .values({
        id: paymentId,
        merchant_order_no: req.merchantOrderNo,
        amount: req.amount,
        currency: req.currency,
        return_url: req.returnUrl,
        expires_at: new Date(Date.now() + SANDBOX_PAYMENT_TTL_MS),
      })
      .execute();
    return { paymentId, payUrl: `/sandbox-pay/checkout/${paymentId}` };
  }

  find(paymentId: string) {
    return this.database.db
      .selectFrom('sandbox_payment')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst();
  }

  /**
   * How the gateway reaches the merchant's server (the HTTP app, once built). Without one (an
   * operator's CLI) the retry job leaves the notifications due for a server to send.
   */
  attachNotifier(notifier: SandboxNotifier): void {
    this.notifier = notifier;
  }

  /**
   * The player's choice on the page; null when the payment is no longer open (paid, failed or
   * expired). The notification owed to the merchant is recorded with the outcome, in the same
   * statement: leased to the caller's first delivery, then due for the retry job, so no crash
   * between "Pay" and the notification can lose it.
   */
  async complete(paymentId: string, outcome: 'PAID' | 'FAILED') {
    const row = await this.database.db
      .updateTable('sandbox_payment')
      .set({ status: outcome, next_notify_at: new Date(Date.now() + SANDBOX_NOTIFY_LEASE_MS) })
      .where('id', '=', paymentId)
      .where('status', '=', 'CREATED')
      .where('expires_at', '>', new Date())
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  amountText(minor: number): string {
    return formatMinor(minor, this.precision(), false);
  }

  /** The notification of a finished payment: the raw body and its signed headers. */
  notification(p: {
    id: string;
    merchant_order_no: string;
    amount: number;
    currency: string;
    status: string;
  }) {
    const body: SandboxNotify = {
      paymentId: p.id,
      merchantOrderNo: p.merchant_order_no,
      amount: this.amountText(p.amount),
      currency: p.currency,
      status: p.status === 'PAID' ? 'PAID' : 'FAILED',
      paidAt: Date.now(),
    };
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    return { raw, timestamp, signature: signSandbox(this.secret, timestamp, raw) };
  }

  /**
   * Sends a finished payment's notification and records the answer: acknowledged (200) it is done;
   * otherwise it is due again after the next SANDBOX_NOTIFY_RETRY_MS step, or given up after the
   * last. True when the merchant acknowledged it.
   */
  async deliver(payment: SandboxPaymentRow): Promise<boolean> {
    if (!this.notifier) return false;
    let ok = false;
    let error: string | null = null;
    try {
      const res = await this.notifier(this.notification(payment));
      ok = res.statusCode === 200;
      if (!ok) error = `${res.statusCode} ${res.body.slice(0, 300)}`;
    } catch (err) {
      error = (err as Error).message;
    }
    await this.recordDelivery(payment.id, ok, error).catch(() => undefined);
    return ok;
  }

  private async recordDelivery(paymentId: string, ok: boolean, error: string | null): Promise<void> {
    if (ok) {
      await this.database.db
        .updateTable('sandbox_payment')
        .set((eb) => ({
          notify_attempts: eb('notify_attempts', '+', 1),
          notified_at: new Date(),
          last_notify_error: null,
          next_notify_at: null,
        }))
        .where('id', '=', paymentId)
        .execute();
      return;
    }
    // The delay follows the attempts made, counted in the statement itself.
    const delays = sql.join(SANDBOX_NOTIFY_RETRY_MS.map((ms) => sql.lit(ms)));
    await sql`
      update sandbox_payment set
        notify_attempts = notify_attempts + 1,
        last_notify_error = ${error},
        next_notify_at = case when notify_attempts + 1 <= ${SANDBOX_NOTIFY_RETRY_MS.length}
          then now() + (array[${delays}])[notify_attempts + 1] * interval '1 millisecond' end
      where id = ${paymentId} and notified_at is null`.execute(this.database.db);
  }

  /**
   * The retry job's claim, in its transaction: the notifications due at `now`, leased to this run
   * (SKIP LOCKED: instances never claim the same one), to be sent once the run has committed.
   */
  async claimDue(db: Kysely<DB>, now: Date): Promise<SandboxPaymentRow[]> {
    if (!this.notifier) return [];
    const res = await sql<SandboxPaymentRow>`
      update sandbox_payment set next_notify_at = ${new Date(now.getTime() + SANDBOX_NOTIFY_LEASE_MS)}
      where id in (
        select id from sandbox_payment
        where next_notify_at <= ${now} and notified_at is null and status <> 'CREATED'
        order by next_notify_at limit ${NOTIFY_BATCH} for update skip locked)
      returning *`.execute(db);
    return res.rows;
  }

  /**
   * The gateway's query call, as a merchant's reconciliation asks a real gateway for its payments:
   * the current record of each payment id (through the caller's transaction when given).
   */
  payments(ids: string[], db: Kysely<DB> = this.database.db): Promise<SandboxPaymentRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return db.selectFrom('sandbox_payment').selectAll().where('id', 'in', ids).execute();
  }
}
