import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, productionTestEnv, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand, UsageError } from '../../cli/commands.ts';
import { loadConfig } from '../../config.ts';
import { SMTPServer } from 'smtp-server';
import { HttpTransport, Outbox, SmtpTransport, transportsFromEnv } from './outbox.ts';
import { devOutboxNotice } from './dev-outbox.routes.ts';

let t: TestApp;
beforeAll(async () => {
  // The development page is opt-in (DEV_OUTBOX=1); these tests ask for it.
  t = await createTestApp({ configOverrides: { devOutbox: loadConfig({ DEV_OUTBOX: '1' }).devOutbox } });
});
afterAll(async () => t?.close());

describe(`outbox (${testDbKind})`, () => {
  it('SV-14 SMS codes leave through the outbox, which the operator command `outbox` reads', async () => {
    const sent = await t.call({
      url: '/wps/verification/sms/register/mobile',
      method: 'POST',
      payload: { mobileNo: '941234567', countryDialingCode: '84' },
    });
    expect(sent.statusCode).toBe(200);
    const out = await runOpsCommand(t.app.ctx, ['outbox', '--to', '+84941234567', '--limit', '5']);
    expect(out).toMatch(/SMS {2}to \+84941234567 {2}\[sms:register, kept via outbox\]/);
    expect(out).toMatch(/\d{6} is your verification code/);
    expect(await runOpsCommand(t.app.ctx, ['outbox', '--to', '+19999999999'])).toBe(
      'No messages to +19999999999.',
    );
    await expect(runOpsCommand(t.app.ctx, ['outbox', '--limit', '0'])).rejects.toBeInstanceOf(UsageError);
    await expect(runOpsCommand(t.app.ctx, ['outbox', '--from', 'x'])).rejects.toThrow(
      /Unknown option --from/,
    );
    expect(await runOpsCommand(t.app.ctx, ['help'])).toContain('outbox [--to X] [--limit N]');
  });

  it('a configured HTTP transport delivers pending messages once and marks them sent', async () => {
    const received: unknown[] = [];
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, ...JSON.parse(body) });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    const outbox = new Outbox(t.database, { sms: new HttpTransport('sms-http', url, 'secret-token') });
    try {
      const id = await outbox.enqueue({
        channel: 'sms',
        recipient: '+66899999999',
        body: 'hello 123456',
        purpose: 'test',
      });
      for (let i = 0; i < 50 && !received.length; i++) await new Promise((r) => setTimeout(r, 50));
      await outbox.stop();
      expect(received).toEqual([
        {
          auth: 'Bearer secret-token',
          channel: 'sms',
          to: '+66899999999',
          subject: '',
          text: 'hello 123456',
        },
      ]);
      const row = await t.database.db
        .selectFrom('outbox_message')
        .select(['status', 'transport'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', transport: 'sms-http' });
    } finally {
      gateway.close();
    }
  });

  it('a configured SMTP transport logs in and delivers an e-mail with its sender, subject and text', async () => {
    const received: { auth: string; from: string; to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth(auth, _session, done) {
        if (auth.username === 'mailer' && auth.password === 'p@ss word') done(null, { user: auth.username });
        else done(new Error('Invalid username or password'));
      },
      onData(stream, session, done) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          received.push({
            auth: String(session.user),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          done();
        });
      },
    });
    await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
    const port = (smtp.server.address() as AddressInfo).port;
    const outbox = new Outbox(t.database, {
      email: new SmtpTransport(
        `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${port}`,
        'Lucky Lotus <no-reply@luckylotus.example>',
      ),
    });
    try {
      const id = await outbox.enqueue({
        channel: 'email',
        recipient: 'player@example.com',
        subject: 'Your code',
        body: 'Your code is 654321.',
        purpose: 'test',
      });
      for (let i = 0; i < 100 && !received.length; i++) await new Promise((r) => setTimeout(r, 50));
      await outbox.stop();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        auth: 'mailer',
        from: 'no-reply@luckylotus.example',
        to: ['player@example.com'],
      });
      expect(received[0]!.data).toContain('Subject: Your code');
      expect(received[0]!.data).toContain('Your code is 654321.');
      const row = await t.database.db
        .selectFrom('outbox_message')
        .select(['status', 'transport'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', transport: 'email-smtp' });
    } finally {
      await new Promise<void>((done) => smtp.close(() => done()));
    }
  });

  it('transports come from the environment, and a half-configured SMTP transport is refused with a usable message', () => {
    expect(transportsFromEnv({})).toEqual({});
    const both = transportsFromEnv({
      SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SMTP_FROM: 'no-reply@example.com',
    });
    expect([both.sms?.name, both.email?.name]).toEqual(['sms-http', 'email-smtp']);
    both.email?.close?.();
    expect(() => transportsFromEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SMTP_FROM/);
    expect(() => transportsFromEnv({ SMTP_URL: 'http://127.0.0.1', SMTP_FROM: 'a@b.c' })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    );
    expect(() =>
      transportsFromEnv({ SMTP_URL: 'smtp://h', SMTP_FROM: 'a@b.c', EMAIL_HTTP_URL: 'http://h' }),
    ).toThrow(/not both/);
  });

  it('a slow gateway never holds the database: other queries run while a message is being sent', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const slow = {
      name: 'slow-sms',
      send: async () => {
        started();
        await gate;
      },
    };
    const outbox = new Outbox(t.database, { sms: slow });
    try {
      const id = await outbox.enqueue({
        channel: 'sms',
        recipient: '+66811111111',
        body: 'slow 111111',
        purpose: 'test',
      });
      await sending;
      // While the gateway hangs, the platform's queries go on (with PGlite there is one connection).
      const during = await Promise.race([
        t.database.db
          .selectFrom('outbox_message')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
        new Promise((r) => setTimeout(() => r('blocked'), 2000)),
      ]);
      expect(during).toEqual({ status: 'pending' });
      release();
      await outbox.stop();
      const row = await t.database.db
        .selectFrom('outbox_message')
        .select(['status', 'claimed_until'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'sent', claimed_until: null });
    } finally {
      release();
    }
  });

  it('two senders draining together deliver each message once, and a failing gateway is retried later, then given up', async () => {
    const delivered: string[] = [];
    const counting = (name: string) => ({
      name,
      send: async (m: { body: string }) => {
        await new Promise((r) => setTimeout(r, 5));
        delivered.push(m.body);
      },
    });
    const a = new Outbox(t.database, { sms: counting('sms-a') });
    const b = new Outbox(t.database, { sms: counting('sms-b') });
    const bodies = Array.from({ length: 12 }, (_, i) => `twice-test ${i}`);
    // Written with no transport (kept), then made pending together, so both senders race for them.
    const writer = new Outbox(t.database, {});
    const ids = [];
    for (const body of bodies)
      ids.push(await writer.enqueue({ channel: 'sms', recipient: '+66822222222', body, purpose: 'test' }));
    await t.database.db
      .updateTable('outbox_message')
      .set({ status: 'pending' })
      .where('id', 'in', ids)
      .execute();
    a.start(10);
    b.start(10);
    for (let i = 0; i < 200 && delivered.length < bodies.length; i++)
      await new Promise((r) => setTimeout(r, 20));
    await Promise.all([a.stop(), b.stop()]);
    expect([...delivered].sort()).toEqual([...bodies].sort());

    const failing = new Outbox(t.database, {
      sms: { name: 'down', send: async () => Promise.reject(new Error('gateway down')) },
    });
    const id = await failing.enqueue({
      channel: 'sms',
      recipient: '+66833333333',
      body: 'never 333333',
      purpose: 'test',
    });
    const state = () =>
      t.database.db
        .selectFrom('outbox_message')
        .select(['attempts', 'claimed_until'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    for (let i = 0; i < 50 && (await state()).attempts < 1; i++) await new Promise((r) => setTimeout(r, 20));
    await failing.stop();
    // The first failure waits 30 s before the next try: draining again now does not touch it.
    const after = await state();
    expect(after.attempts).toBe(1);
    expect(new Date(after.claimed_until!).getTime()).toBeGreaterThan(Date.now() + 20_000);
    failing.start(5);
    await new Promise((r) => setTimeout(r, 60));
    await failing.stop();
    expect((await state()).attempts).toBe(1);
    // Time moves on (the wait is cleared by hand): four more tries, then the message is given up.
    for (let i = 0; i < 4; i++) {
      await t.database.db
        .updateTable('outbox_message')
        .set({ claimed_until: null })
        .where('id', '=', id)
        .execute();
      failing.start(5);
      await new Promise((r) => setTimeout(r, 60));
      await failing.stop();
    }
    const row = await t.database.db
      .selectFrom('outbox_message')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', attempts: 5, last_error: 'gateway down' });
  });

  it('SV-14 the development page /dev/outbox shows kept messages, escaped, to a browser on this machine only', async () => {
    await t.app.ctx.outbox.enqueue({
      channel: 'email',
      recipient: 'dev-page@example.com',
      subject: 'Reset <b>now</b>',
      body: 'Your code is 135790.\n<script>alert(1)</script>',
      purpose: 'email:test',
    });
    const res = await t.call({ url: '/dev/outbox?to=dev-page@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('to <b>dev-page@example.com</b>');
    expect(res.body).toContain('Your code is 135790.');
    expect(res.body).toContain('Reset &lt;b&gt;now&lt;/b&gt;');
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect((await t.call({ url: '/dev/outbox?to=nobody@example.com' })).body).toContain(
      'No messages to nobody@example.com yet.',
    );
    // From another machine, or through a proxy on this one, the page does not exist.
    const remote = await t.call({ url: '/dev/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('135790');
    const proxied = await t.call({ url: '/dev/outbox', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(404);
    // Any header a proxy or CDN adds for the caller it forwards for, and a Host that is not this machine's.
    for (const [name, value] of [
      ['true-client-ip', '203.0.113.9'],
      ['cf-connecting-ip', '203.0.113.9'],
      ['x-client-ip', '203.0.113.9'],
      ['x-real-ip', '203.0.113.9'],
      ['forwarded', 'for=203.0.113.9'],
      ['x-forwarded-host', 'casino.example'],
      ['x-forwarded-proto', 'https'],
      ['via', '1.1 proxy'],
      ['host', 'casino.example'],
    ] as const) {
      const res = await t.call({ url: '/dev/outbox', headers: { [name]: value } });
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain('135790');
    }
    expect((await t.call({ url: '/dev/outbox', headers: { host: '127.0.0.1:8097' } })).statusCode).toBe(200);
    // An array-valued filter is ignored, not an error.
    expect((await t.call({ url: '/dev/outbox?to=a&to=b' })).statusCode).toBe(200);
  });

  it('the development page is off unless DEV_OUTBOX=1 asks for it, and refused in production or with a gateway, which the start line says', () => {
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '0' }).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: '1' })).toMatchObject({ devOutbox: true, devOutboxRefused: null });
    expect(loadConfig({ DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    for (const env of [
      { ...productionTestEnv },
      { SMS_HTTP_URL: 'https://sms.example/send' },
      { EMAIL_HTTP_URL: 'https://mail.example/send' },
      { SMTP_URL: 'smtp://mail.example:587' },
    ]) {
      const config = loadConfig({ DEV_OUTBOX: '1', ...env });
      expect(config.devOutbox).toBe(false);
      expect(config.devOutboxRefused).toContain(Object.keys(env)[0]);
      expect(devOutboxNotice(config, 8080)).toMatch(/^DEV_OUTBOX=1 refused \(.+\): \/dev\/outbox stays off/);
    }
    expect(devOutboxNotice(loadConfig({ DEV_OUTBOX: '1' }), 8097)).toContain(
      'http://localhost:8097/dev/outbox',
    );
    expect(devOutboxNotice(loadConfig({}), 8080)).toMatch(/^Development outbox page off \(DEV_OUTBOX=1/);
  });

  it('a production server asked for DEV_OUTBOX=1 serves no outbox page', async () => {
    const prod = await createTestApp({
      configOverrides: { ...loadConfig({ ...productionTestEnv, DEV_OUTBOX: '1' }), trustProxy: false },
    });
    try {
      await prod.app.ctx.outbox.enqueue({
        channel: 'sms',
        recipient: '+66800000001',
        body: 'Your code is 246801.',
        purpose: 'sms:test',
      });
      const res = await prod.call({ url: '/dev/outbox' });
      expect(res.body).not.toContain('246801');
      expect(res.body).not.toContain('Outbox (development)');
    } finally {
      await prod.close();
    }
  });
});
