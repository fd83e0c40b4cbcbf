import { sql, type Updateable } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../../db/connection.ts';
import type { OutboxMessageTable } from '../../db/schema.ts';

export type OutboxChannel = 'sms' | 'email';

export interface OutboundMessage {
  channel: OutboxChannel;
  recipient: string;
  subject?: string;
  body: string;
  /** What the message is for (login code, register code, password reset...), for the operator. */
  purpose: string;
}

/** A real delivery route for one channel. */
export interface OutboxTransport {
  readonly name: string;
  send(message: OutboundMessage): Promise<void>;
  /** Lets go of pooled connections at shutdown. */
  close?(): void;
}

/**
 * Posts each message as JSON to an HTTP gateway (SMS providers and e-mail APIs alike accept a
 * webhook of this shape, or a small adapter in front of them does):
 * `{channel, to, subject, text}` with `Authorization: Bearer <token>` when a token is set.
 */
export class HttpTransport implements OutboxTransport {
  readonly name: string;
  private readonly url: string;
  private readonly token: string | undefined;

  constructor(name: string, url: string, token?: string) {
    this.name = name;
    this.url = url;
    this.token = token;
  }

  async send(message: OutboundMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({
        channel: message.channel,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`${this.name} answered HTTP ${res.status}`);
  }
}

/**
 * E-mail through an SMTP server (nodemailer). `url` is an SMTP URL with the credentials in it,
 * `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (TLS from
 * the start); `from` is the sender address. One pooled connection is reused across messages.
 */
export class SmtpTransport implements OutboxTransport {
  readonly name = 'email-smtp';
  private readonly mailer: Transporter;
  private readonly from: string;

  constructor(url: string, from: string) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:')
      throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${parsed.protocol}//`);
    this.mailer = createTransport({
      host: parsed.hostname,
      port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
      secure: parsed.protocol === 'smtps:',
      ...(parsed.username
        ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } }
        : {}),
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    this.from = from;
  }

  async send(message: OutboundMessage): Promise<void> {
    await this.mailer.sendMail({
      from: this.from,
      to: message.recipient,
      subject: message.subject ?? '',
      text: message.body,
    });
  }

  close(): void {
    this.mailer.close();
  }
}

/**
 * Transports from the environment. With none set, messages stay in the outbox table (status
 * `kept`), readable with `npm run ops -- outbox`: the default for development and demos.
 * - SMS_HTTP_URL (+ SMS_HTTP_TOKEN): SMS through an HTTP gateway;
 * - SMTP_URL (+ SMTP_FROM): e-mail through an SMTP server;
 * - EMAIL_HTTP_URL (+ EMAIL_HTTP_TOKEN): e-mail through an HTTP mail API instead.
 */
export function transportsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): Partial<Record<OutboxChannel, OutboxTransport>> {
  const out: Partial<Record<OutboxChannel, OutboxTransport>> = {};
  if (env.SMS_HTTP_URL) out.sms = new HttpTransport('sms-http', env.SMS_HTTP_URL, env.SMS_HTTP_TOKEN);
  if (env.SMTP_URL && env.EMAIL_HTTP_URL)
    throw new Error('Set SMTP_URL or EMAIL_HTTP_URL for e-mail, not both');
  if (env.SMTP_URL) {
    if (!env.SMTP_FROM)
      throw new Error(
        'SMTP_URL needs SMTP_FROM, the sender address (e.g. "Lucky Lotus <no-reply@example.com>")',
      );
    out.email = new SmtpTransport(env.SMTP_URL, env.SMTP_FROM);
  }
  if (env.EMAIL_HTTP_URL)
    out.email = new HttpTransport('email-http', env.EMAIL_HTTP_URL, env.EMAIL_HTTP_TOKEN);
  return out;
}

export interface OutboxRow {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body: string;
  purpose: string;
  transport: string;
  status: string;
  createdAt: Date;
}

const MAX_ATTEMPTS = 5;
/** Messages one sender claims at a time, and how long it holds them: longer than the transports' time-outs for the batch. */
const BATCH = 5;
const LEASE_SECONDS = 300;
const RETRY_BASE_SECONDS = 30;

/**
 * Outbound SMS and e-mail (DESIGN.md §3). A message is written in the same database as the
 * state that caused it; a configured transport delivers pending rows afterwards, claimed under a
 * lease with SKIP LOCKED (several instances never send one twice) and sent outside any transaction.
 */
export class Outbox {
  private readonly database: Database;
  private readonly transports: Partial<Record<OutboxChannel, OutboxTransport>>;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;

  constructor(database: Database, transports: Partial<Record<OutboxChannel, OutboxTransport>> = {}) {
    this.database = database;
    this.transports = transports;
  }

  async enqueue(message: OutboundMessage): Promise<number> {
    const transport = this.transports[message.channel];
    const row = await this.database.db
      .insertInto('outbox_message')
      .values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? '',
        body: message.body,
        purpose: message.purpose,
        transport: transport?.name ?? 'outbox',
        status: transport ? 'pending' : 'kept',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (transport) this.kick();
    return row.id;
  }

  async list(options: { to?: string; limit?: number } = {}): Promise<OutboxRow[]> {
    let q = this.database.db
      .selectFrom('outbox_message')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(Math.min(Math.max(options.limit ?? 20, 1), 500));
    if (options.to) q = q.where('recipient', 'like', `%${options.to.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const rows = await q.execute();
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      purpose: r.purpose,
      transport: r.transport,
      status: r.status,
      createdAt: new Date(r.created_at),
    }));
  }

  /** Starts the delivery loop when a real transport is configured. */
  start(intervalMs = 2000): void {
    if (!Object.keys(this.transports).length || this.timer) return;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.draining;
    for (const transport of Object.values(this.transports)) transport.close?.();
  }

  private kick(): void {
    this.draining ??= this.drain()
      .catch(() => undefined)
      .finally(() => (this.draining = null));
  }

  /**
   * Claims a few pending messages under a lease (SKIP LOCKED, so instances never claim the same
   * one), then sends each outside any transaction and records the outcome. A sender that dies
   * mid-batch leaves its claims to expire; the lease outlasts the transports' time-outs.
   */
  private async drain(): Promise<void> {
    const channels = Object.keys(this.transports) as OutboxChannel[];
    if (!channels.length) return;
    for (;;) {
      const claimed = await sql<
        Pick<OutboxRow, 'id' | 'channel' | 'recipient' | 'subject' | 'body' | 'purpose'> & {
          attempts: number;
        }
      >`
        update outbox_message set claimed_until = now() + ${LEASE_SECONDS} * interval '1 second'
        where id in (
          select id from outbox_message
          where status = 'pending' and channel in (${sql.join(channels)}) and (claimed_until is null or claimed_until < now())
          order by id limit ${BATCH} for update skip locked)
        returning id, channel, recipient, subject, body, purpose, attempts`.execute(this.database.db);
      if (!claimed.rows.length) return;
      for (const r of claimed.rows.sort((a, b) => a.id - b.id)) {
        const transport = this.transports[r.channel]!;
        const attempts = r.attempts + 1;
        try {
          await transport.send({
            channel: r.channel,
            recipient: r.recipient,
            subject: r.subject,
            body: r.body,
            purpose: r.purpose,
          });
          await this.settle(r.id, { status: 'sent', sent_at: new Date(), attempts, claimed_until: null });
        } catch (err) {
          // The next try waits 30 s, then 1, 2 and 4 minutes: a gateway that is down for a while is
          // not hammered, and a message is given up only after about 7 minutes.
          const retryIn = RETRY_BASE_SECONDS * 2 ** (attempts - 1);
          await this.settle(r.id, {
            attempts,
            last_error: err instanceof Error ? err.message.slice(0, 500) : String(err),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            claimed_until: attempts >= MAX_ATTEMPTS ? null : new Date(Date.now() + retryIn * 1000),
          });
        }
      }
      if (claimed.rows.length < BATCH) return;
    }
  }

  private async settle(id: number, values: Updateable<OutboxMessageTable>): Promise<void> {
    await this.database.db.updateTable('outbox_message').set(values).where('id', '=', id).execute();
  }
}
