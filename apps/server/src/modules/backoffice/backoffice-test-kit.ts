import { sql } from 'kysely';
import type { backoffice } from '@app/contract';
import type { TestApp } from '../../test/test-app.ts';
import { totpCode } from './totp.ts';

/** A member of staff a test signed in: the token of an open session, and what signing in again needs. */
export interface SignedIn {
  id: number;
  username: string;
  password: string;
  secret: string;
  token: string;
}

const cli = { kind: 'cli', id: null, name: 'test-operator', ip: null } as const;

/** A distinct caller address per sign-in, so the per-IP limit of one test file never trips. */
let nextIp = 1;
export const callerIp = () => ({ 'x-forwarded-for': `198.51.100.${(nextIp++ % 250) + 1}` });

/** The code of the step after the last one spent (codes one step ahead are accepted too). */
export async function freshCode(t: TestApp, staffId: number, secret: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('staff')
    .select('totp_last_step')
    .where('id', '=', staffId)
    .executeTakeFirstOrThrow();
  for (const offset of [-1, 0, 1]) {
    const at = Date.now() + offset * 30_000;
    if (Math.floor(at / 30_000) > row.totp_last_step) return totpCode(secret, at);
  }
  throw new Error('every step an authenticator may use now is spent: wait 30 s');
}

/**
 * Creates a member of staff (as the CLI would) and signs them in: password, enrolment of the
 * authenticator the sign-in offered, its first code.
 */
export async function createSignedIn(
  t: TestApp,
  username: string,
  role: backoffice.StaffRole,
): Promise<SignedIn> {
  const { staff, password } = await t.app.ctx.staff.create(cli, { username, displayName: username, role });
  const login = await t.call({
    method: 'POST',
    url: '/bo/api/session/login',
    headers: callerIp(),
    payload: { username, password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${username}: ${login.statusCode} ${login.body}`);
  const { token, enrolment } = login.json().value as backoffice.StaffLoginResult;
  const secret = enrolment!.secret;
  const enrol = await t.call({
    method: 'POST',
    url: '/bo/api/session/enrol',
    token,
    headers: callerIp(),
    payload: { code: totpCode(secret) },
  });
  if (enrol.statusCode !== 200)
    throw new Error(`enrolment of ${username}: ${enrol.statusCode} ${enrol.body}`);
  return { id: staff.id, username, password, secret, token };
}

/** Signs an enrolled member of staff in again: a new session. */
export async function signInAgain(t: TestApp, who: SignedIn): Promise<string> {
  const login = await t.call({
    method: 'POST',
    url: '/bo/api/session/login',
    headers: callerIp(),
    payload: { username: who.username, password: who.password },
  });
  if (login.statusCode !== 200)
    throw new Error(`sign-in of ${who.username}: ${login.statusCode} ${login.body}`);
  const { token } = login.json().value as backoffice.StaffLoginResult;
  const res = await t.call({
    method: 'POST',
    url: '/bo/api/session/second-factor',
    token,
    headers: callerIp(),
    payload: { code: await freshCode(t, who.id, who.secret) },
  });
  if (res.statusCode !== 200)
    throw new Error(`second factor of ${who.username}: ${res.statusCode} ${res.body}`);
  return token;
}

/** The audit entries of one action, oldest first. */
export async function auditOf(t: TestApp, action: string) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

/** Runs a statement on the audit log with its append-only trigger off (tests of tampering only). */
export async function tamper(t: TestApp, statement: ReturnType<typeof sql>): Promise<void> {
  await t.database.db.transaction().execute(async (trx) => {
    await sql`alter table audit_log disable trigger audit_log_immutable`.execute(trx);
    await statement.execute(trx);
    await sql`alter table audit_log enable trigger audit_log_immutable`.execute(trx);
  });
}
