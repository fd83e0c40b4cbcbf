import type { LightMyRequestResponse } from 'fastify';
import type { RebatesInput } from '@app/contract';
import type { TestApp } from '../../test/test-app.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';
import { secureCall } from '../session/accounts-test-kit.ts';
import { merged, writeRebateSetting, zeroRates } from './agent-rebates.ts';

/**
 * Helpers of the register-centre tests: agents and players made directly (a session each, no
 * login), with prize groups and rebates written as an operator would, and the centre's calls.
 */
export async function teamMember(
  t: TestApp,
  o: { agentType?: number; uplineId?: number; series?: number; rebates?: RebatesInput; prefix?: string } = {},
): Promise<TestMember> {
  const m = await memberWithMoney(t, 0, {
    agentType: o.agentType ?? 1,
    prefix: o.prefix ?? 'ag',
    ...(o.uplineId !== undefined ? { uplineId: o.uplineId } : {}),
  });
  await writeRebateSetting(
    t.database.db,
    m.memberId,
    merged({ lotterySeries: o.series ?? 1956, rates: zeroRates() }, { rebates: o.rebates ?? {} }),
  );
  return m;
}

/** Calls one register-centre call as `who` (GET with a query, POST with a body; the register call encrypted). */
export function centre(
  t: TestApp,
  who: { token: string } | null,
  method: 'GET' | 'POST',
  url: string,
  data: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  if (url === '/wps/agent/register')
    return secureCall(t, { url, payload: data, ...(who ? { token: who.token } : {}) });
  if (method === 'GET') {
    const qs = new URLSearchParams(Object.entries(data).map(([k, v]) => [k, String(v)])).toString();
    return t.call({ method, url: qs ? `${url}?${qs}` : url, ...(who ? { token: who.token } : {}) });
  }
  return t.call({ method, url, payload: data, ...(who ? { token: who.token } : {}) });
}

/** A member row's agent fields and rates. */
export async function memberState(t: TestApp, where: { id: number } | { username: string }) {
  const q = t.database.db
    .selectFrom('member')
    .select([
      'id',
      'username',
      'agent_type',
      'upline_id',
      'lottery_series',
      'register_method',
      'affiliate_link_id',
    ]);
  const row = await (
    'id' in where ? q.where('id', '=', where.id) : q.where('username', '=', where.username)
  ).executeTakeFirst();
  if (!row) return undefined;
  const rates = await t.database.db
    .selectFrom('member_rebate')
    .select(['product', 'rate_bp'])
    .where('member_id', '=', row.id)
    .orderBy('product')
    .execute();
  return { ...row, rates: Object.fromEntries(rates.map((r) => [r.product, r.rate_bp])) };
}

let serial = 0;
/** A username no test has used (a letter first, then 13 digits: the reference rule's 6–16). */
export function freshName(prefix = 'dl'): string {
  const tail = `${String(++serial % 1000).padStart(3, '0')}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return `${prefix}${tail}`.slice(0, 16);
}
