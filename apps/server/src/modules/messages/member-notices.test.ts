import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER } from '@app/contract';
import { runOpsCommand } from '../../cli/commands.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { signSandbox } from '../deposit/deposit.service.ts';
import { bindBank, newMember, submitWithdraw, type TestMember } from '../withdraw/withdraw-test-kit.ts';
import { noticeCatalogues, renderNotice } from './member-notices.ts';

const SECRET = 'notice-sandbox-secret';
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({
    services: {
      sandboxPaySecret: SECRET,
      streams: { sessionCheckMs: 150, heartbeatMs: 100, balancePollMs: 100 },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

const ops = (...argv: string[]) => runOpsCommand(t.app.ctx, argv);

/** The member's live stream, read as text: each `unread` count it announced, in order. */
async function unreadStream(token: string) {
  const ticket = await t.call({ url: '/wps/events/ticket', method: 'POST', token });
  expect(ticket.statusCode, ticket.body).toBe(200);
  const controller = new AbortController();
  const res = await fetch(`${base}/wps/events?ticket=${ticket.json().value.ticket}`, {
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const counts: number[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body!) {
        buffer += decoder.decode(chunk, { stream: true });
        for (const m of buffer.matchAll(/event: unread\ndata: (\{[^\n]*\})/g))
          counts.push((JSON.parse(m[1]!) as { count: number }).count);
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      }
    } catch {
      // closed
    }
  })();
  return {
    counts,
    /** Waits until the stream has announced `count` unread messages. */
    async until(count: number) {
      const deadline = Date.now() + 5_000;
      while (!counts.includes(count)) {
        if (Date.now() > deadline) throw new Error(`no unread ${count} (got ${counts.join(',')})`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => controller.abort(),
  };
}

async function inbox(m: TestMember) {
  const res = await t.call({ url: '/wps/relay/CSP_getInbox?page=1&size=20', token: m.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    content: { subject: string; content: string; read: boolean }[];
    unread: number;
  };
}

async function withdrawal(m: TestMember, amount: number): Promise<number> {
  const res = await submitWithdraw(t, m, { bankAccountId: await bindBank(t, m), amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id as number;
}

const wd = (id: number) => `WD${String(id).padStart(8, '0')}`;

describe(`money notices in the member's inbox (${testDbKind})`, () => {
  it('a withdrawal approved, paid or rejected is told to the member in the inbox and live on the stream; nobody else hears it', async () => {
    const m = await newMember(t, { money: 1_000 });
    const other = await newMember(t, { money: 0 });
    // New members take the brand's default language; this one reads English.
    await t.database.db.updateTable('member').set({ language: 'en' }).where('id', '=', m.id).execute();
    const live = await unreadStream(m.token);
    const otherLive = await unreadStream(other.token);
    await live.until(0);

    const id = await withdrawal(m, 120.5);
    await ops('withdraw', 'approve', String(id));
    await live.until(1);
    await ops('withdraw', 'pay', String(id));
    await live.until(2);
    const second = await withdrawal(m, 30);
    await ops('withdraw', 'reject', String(second), '--reason', 'Name <b>differs</b> from the bank');
    await live.until(3);

    const box = await inbox(m);
    expect(box.unread).toBe(3);
    expect(box.content.map((c) => c.subject)).toEqual([
      'Withdrawal rejected',
      'Withdrawal paid out',
      'Withdrawal approved',
    ]);
    expect(box.content[2]!.content).toBe(
      `<p>Your withdrawal ${wd(id)} of $120.50 has been approved and is on its way to your bank account.</p>`,
    );
    expect(box.content[1]!.content).toContain(`${wd(id)} of $120.50 has been paid to your bank account`);
    // The operator's reason is shown as text, never as markup.
    expect(box.content[0]!.content).toBe(
      `<p>Your withdrawal ${wd(second)} of $30.00 was rejected and the amount is back in your main wallet.</p>` +
        '<p>Reason: Name &lt;b&gt;differs&lt;/b&gt; from the bank</p>',
    );

    // A step refused (paying a rejected request) sends nothing.
    await expect(ops('withdraw', 'pay', String(second))).rejects.toThrow();
    expect((await inbox(m)).unread).toBe(3);
    // The other member heard no count but their own zero.
    expect(otherLive.counts.every((c) => c === 0)).toBe(true);
    expect((await inbox(other)).content).toEqual([]);
    live.close();
    otherLive.close();
  });

  it("a deposit credited (by the operator or once by the gateway, however often it calls) or rejected is told in the member's language, live", async () => {
    const m = await newMember(t, { money: 0 });
    await t.database.db.updateTable('member').set({ language: 'zh-CN' }).where('id', '=', m.id).execute();
    const live = await unreadStream(m.token);
    await live.until(0);

    const order = async (body: Record<string, unknown>) => {
      const res = await t.call({ method: 'POST', url: '/wps/deposit/orders', token: m.token, payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.orderNo as string;
    };
    const bank = await order({ channelCode: 'BANK', amount: 150, payerReference: 'NOTICE-1' });
    await ops('deposit', 'approve', bank);
    await live.until(1);
    const refused = await order({ channelCode: 'BANK', amount: 120, payerReference: 'NOTICE-2' });
    await ops('deposit', 'reject', refused, '--reason', '未收到转账');
    await live.until(2);

    // The sandbox gateway's notification, delivered 20 times at once: one credit, one message.
    const gw = await order({ channelCode: 'SANDBOXPAY', amount: 175 });
    const payment = await t.database.db
      .selectFrom('deposit_order')
      .select(['gateway_payment_id', 'currency'])
      .where('order_no', '=', gw)
      .executeTakeFirstOrThrow();
    const raw = JSON.stringify({
      merchantOrderNo: gw,
      paymentId: payment.gateway_payment_id,
      amount: '175.00',
      currency: payment.currency,
      status: 'PAID',
    });
    const ts = String(Math.floor(Date.now() / 1000));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call({
          method: 'POST',
          url: SANDBOX_NOTIFY_PATH,
          headers: {
            'content-type': 'application/json',
            [SANDBOX_TIMESTAMP_HEADER]: ts,
            [SANDBOX_SIGNATURE_HEADER]: signSandbox(SECRET, ts, raw),
          },
          payload: raw,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await live.until(3);

    const box = await inbox(m);
    expect(box.unread).toBe(3);
    expect(box.content.map((c) => c.subject)).toEqual(['存款已到账', '存款被拒绝', '存款已到账']);
    expect(box.content[0]!.content).toBe(`<p>您的存款 ${gw}（$175.00）已存入您的主钱包。</p>`);
    expect(box.content[1]!.content).toBe(
      `<p>您的存款 ${refused}（$120.00）被拒绝，未入账任何款项。</p><p>原因：未收到转账</p>`,
    );
    expect(box.content[2]!.content).toContain(`${bank}（$150.00）`);
    // An approval replayed by the operator credits and tells nothing more.
    await ops('deposit', 'approve', bank);
    expect((await inbox(m)).unread).toBe(3);
    live.close();
  });

  it('every offered language has every notice, with the same placeholders as English', () => {
    const en = noticeCatalogues.en!;
    const holes = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((x) => x[1]).sort();
    expect(Object.keys(noticeCatalogues).sort()).toEqual([
      'en',
      'ja',
      'my',
      'pt',
      'th',
      'vi',
      'zh-CN',
      'zh-TW',
    ]);
    for (const [language, catalogue] of Object.entries(noticeCatalogues)) {
      expect(Object.keys(catalogue).sort(), language).toEqual(Object.keys(en).sort());
      for (const [kind, text] of Object.entries(catalogue)) {
        const base = en[kind as keyof typeof en];
        expect(text.subject.trim(), `${language} ${kind}`).not.toBe('');
        expect(holes(text.body), `${language} ${kind}`).toEqual(holes(base.body));
        expect(holes(text.reason), `${language} ${kind}`).toEqual(holes(base.reason));
      }
    }
    // A language without a catalogue reads English.
    expect(renderNotice('xx', 'depositCredited', { orderNo: 'D1', amount: '$1.00' }).subject).toBe(
      'Deposit credited',
    );
  });
});
