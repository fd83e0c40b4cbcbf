import { createSession } from '../../platform/auth/session.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * A fresh member with a live session, for the records, messages and live-stream tests: the
 * session is made as a login makes it (createSession), and every call then goes through HTTP.
 */
export async function memberWithSession(
  t: TestApp,
  username: string,
  agentType = 0,
): Promise<{ memberId: number; token: string }> {
  const memberId = await t.app.ctx.members.create({ username, agentType, password: null });
  const token = await createSession(t.database, memberId, '127.0.0.1', t.app.ctx.sessionPolicy);
  return { memberId, token };
}
