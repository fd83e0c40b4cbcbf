import { sql } from 'kysely';
import { LUCKY_BAG_SWITCH } from '@app/contract';
import type { TestApp } from '../../test/test-app.ts';
import { secureCall } from '../session/accounts-test-kit.ts';
import { memberWithMoney, type TestMember } from '../wallet/wallet-test-kit.ts';

/**
 * Teams for the agent centre's tests: an agent (type 1 unless asked) with direct players and
 * sub-agents, each a member with money and a live session (wallet-test-kit's memberWithMoney). The
 * tree (member_tree) follows from member.upline_id through the database's triggers.
 */
export interface TestTeam {
  agent: TestMember;
  players: TestMember[];
  agents: TestMember[];
}

export async function teamOf(
  t: TestApp,
  options: {
    players?: number;
    agents?: number;
    /** Minor units in the agent's main wallet. */
    agentMoney?: number;
    /** Minor units in each downline's main wallet. */
    memberMoney?: number;
    uplineId?: number;
    paymentPassword?: string;
    prefix?: string;
  } = {},
): Promise<TestTeam> {
  const prefix = options.prefix ?? 'ag';
  const agent = await memberWithMoney(t, options.agentMoney ?? 0, {
    agentType: 1,
    prefix,
    ...(options.uplineId !== undefined ? { uplineId: options.uplineId } : {}),
    ...(options.paymentPassword !== undefined ? { paymentPassword: options.paymentPassword } : {}),
  });
  const players: TestMember[] = [];
  for (let i = 0; i < (options.players ?? 0); i++)
    players.push(
      await memberWithMoney(t, options.memberMoney ?? 0, { uplineId: agent.memberId, prefix: `${prefix}p` }),
    );
  const agents: TestMember[] = [];
  for (let i = 0; i < (options.agents ?? 0); i++)
    agents.push(
      await memberWithMoney(t, options.memberMoney ?? 0, {
        agentType: 1,
        uplineId: agent.memberId,
        prefix: `${prefix}a`,
      }),
    );
  return { agent, players, agents };
}

/** `count` players under `uplineId` written in one statement (no wallet, no session): wide teams. */
export async function bulkPlayers(
  t: TestApp,
  uplineId: number,
  count: number,
  prefix: string,
): Promise<void> {
  await sql`
    insert into member (username, agent_type, upline_id)
    select ${prefix} || g, 0, ${uplineId} from generate_series(1, ${count}) g`.execute(t.database.db);
}

/** The lucky bag's switch on or off (the row is added when the database was seeded without it). */
export async function setLuckyBagSwitch(t: TestApp, on: boolean): Promise<void> {
  await sql`
    insert into feature_switch (mod_id, parent_mod_id, enabled, label, sort)
    values (${LUCKY_BAG_SWITCH}, null, ${on}, 'Agent lucky bag', 999)
    on conflict (mod_id) do nothing`.execute(t.database.db);
  await t.app.ctx.system.setSwitch(LUCKY_BAG_SWITCH, on);
}

/** An agent-centre call: GET with a query, or POST with a body (encrypted when `secure`). */
export function agentCall(
  t: TestApp,
  token: string | undefined,
  url: string,
  options: { query?: Record<string, string | number | undefined>; body?: unknown; secure?: boolean } = {},
) {
  if (options.body === undefined) {
    const search = options.query
      ? `?${new URLSearchParams(
          Object.entries(options.query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
        )}`
      : '';
    return t.call({ url: `${url}${search}`, ...(token ? { token } : {}) });
  }
  if (options.secure) return secureCall(t, { url, payload: options.body, ...(token ? { token } : {}) });
  return t.call({ method: 'POST', url, payload: options.body as object, ...(token ? { token } : {}) });
}
