import { expect } from 'vitest';
import { SANDBOX_NOTIFY_PATH, SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER } from '@app/contract';
import type { TestApp } from '../../test/test-app.ts';
import type { TestMember } from '../wallet/wallet-test-kit.ts';
import { signSandbox } from './deposit.service.ts';

/** A sandbox-gateway deposit order of `amount` (major units) for `m`, with the gateway's payment id. */
export async function openGatewayOrder(t: TestApp, m: TestMember, amount: number | string) {
  const res = await t.call({
    method: 'POST',
    url: '/wps/deposit/orders',
    token: m.token,
    payload: { channelCode: 'SANDBOXPAY', amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json().value as { orderNo: string; redirectUrl: string };
  const { gateway_payment_id: paymentId } = await t.database.db
    .selectFrom('deposit_order')
    .select('gateway_payment_id')
    .where('order_no', '=', order.orderNo)
    .executeTakeFirstOrThrow();
  return { orderNo: order.orderNo, paymentId: paymentId!, redirectUrl: order.redirectUrl };
}

/**
 * The gateway's notification as it sends it: the raw text signed with `secret` at `timestamp`
 * (seconds; now unless given).
 */
export function sandboxNotify(t: TestApp, secret: string, raw: string, timestamp?: number) {
  const ts = String(timestamp ?? Math.floor(Date.now() / 1000));
  return t.call({
    method: 'POST',
    url: SANDBOX_NOTIFY_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_TIMESTAMP_HEADER]: ts,
      [SANDBOX_SIGNATURE_HEADER]: signSandbox(secret, ts, raw),
    },
    payload: raw,
  });
}
