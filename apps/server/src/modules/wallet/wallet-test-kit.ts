import { createSession } from '../../platform/auth/session.ts';
import type { TestApp } from '../../test/test-app.ts';
import { HouseAccount } from './wallet.service.ts';

let serial = 0;

export interface TestMember {
  memberId: number;
  username: string;
  /** A live session token of the member (made directly: 64 logins would meet the login rate limit). */
  token: string;
}

/**
 * A new member holding `minor` units in the main wallet (credited from the house's cash account as
 * an adjustment), with a session token. `agentType` 4 makes a trial account.
 */
export async function memberWithMoney(
  t: TestApp,
  minor: number,
  options: {
    agentType?: number;
    prefix?: string;
    uplineId?: number;
    toUpline?: boolean;
    paymentPassword?: string;
  } = {},
): Promise<TestMember> {
  const { members, wallet } = t.app.ctx;
  const username = `${options.prefix ?? 'money'}${process.pid % 1000}${++serial}${Math.floor(Math.random() * 1e4)}`;
  const memberId = await members.create({
    username,
    agentType: options.agentType ?? 0,
    password: null,
    ...(options.uplineId !== undefined ? { uplineId: options.uplineId } : {}),
    ...(options.toUpline !== undefined ? { toUpline: options.toUpline } : {}),
    ...(options.paymentPassword !== undefined ? { paymentPassword: options.paymentPassword } : {}),
  });
  if (minor > 0)
    await wallet.transfer({
      from: { house: HouseAccount.cash },
      to: { memberId },
      amount: minor,
      kind: 'ADJUSTMENT',
      reference: `test-open-${username}`,
      idempotencyKey: `test:open:${username}`,
    });
  const token = await createSession(t.database, memberId, '127.0.0.1');
  return { memberId, username, token };
}

/** A member wallet's balance in minor units (0 when the account was never opened). */
export async function walletMinor(t: TestApp, memberId: number, walletType = 'MAIN'): Promise<number> {
  const row = await t.database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('wallet_type', '=', walletType)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** Runs `clients` loops at once, each calling `attempt` `perClient` times in sequence. */
export async function concurrently<T>(
  clients: number,
  perClient: number,
  attempt: (client: number, i: number) => Promise<T>,
): Promise<PromiseSettledResult<T>[]> {
  const all: PromiseSettledResult<T>[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) {
        try {
          all.push({ status: 'fulfilled', value: await attempt(c, i) });
        } catch (reason) {
          all.push({ status: 'rejected', reason });
        }
      }
    }),
  );
  return all;
}
