import { randomBytes } from 'node:crypto';
import { formatMinor, type SandboxNotify } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import { signSandbox } from './deposit.service.ts';

/** How long a payment page stays payable. */
export const SANDBOX_PAYMENT_TTL_MS = 30 * 60_000;

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

  /** The player's choice on the page; null when the payment is no longer open (paid, failed or expired). */
  async complete(paymentId: string, outcome: 'PAID' | 'FAILED') {
    const row = await this.database.db
      .updateTable('sandbox_payment')
      .set({ status: outcome })
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

  async recordDelivery(paymentId: string, ok: boolean, error: string | null): Promise<void> {
    await this.database.db
      .updateTable('sandbox_payment')
      .set((eb) => ({
        notify_attempts: eb('notify_attempts', '+', 1),
        ...(ok ? { notified_at: new Date(), last_notify_error: null } : { last_notify_error: error }),
      }))
      .where('id', '=', paymentId)
      .execute();
  }
}
