import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffice } from '@app/contract';
import { repoRoot } from '../../config.ts';
import { openPostgres, type Database } from '../../db/connection.ts';
import { createTestApp, testDatabaseUrl, testDbKind, type TestApp } from '../../test/test-app.ts';
import { runOpsCommand } from '../../cli/commands.ts';
import { AppError } from '../../platform/http/errors.ts';
import { AuditLog, canonicalJson, entryHash, GENESIS_HASH, type AuditActor } from './audit.service.ts';
import { callerIp, createSignedIn, tamper, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The audit chain (issue 31, decision 031): every entry links to the one before by hash; the
 * database refuses edits; an edit or removal made with the trigger off is found by `verify()`, by
 * the back office's verify call and by `npm run ops -- audit verify`; appends racing from several
 * connections (and instances) keep one chain.
 */
let t: TestApp;
let admin: SignedIn;
const system: AuditActor = { kind: 'system', id: null, name: 'test', ip: null };

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true }, opsToken: 'test-ops-token' });
  admin = await createSignedIn(t, 'auditor', 'admin');
}, 120_000);
afterAll(async () => t?.close());

const verifyCall = () =>
  t.call({
    method: 'POST',
    url: '/bo/api/audit/verify',
    token: admin.token,
    headers: callerIp(),
    payload: {},
  });

/** `npm run ops -- <argv>` as an operator runs it, on this test's PostgreSQL schema. */
async function npmOps(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const url = new URL(testDatabaseUrl(t));
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', 'ops', '--', ...argv], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url.toString() },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => done({ code: code ?? 1, stdout, stderr }));
  });
}

async function cli(argv: string[]): Promise<{ ok: boolean; text: string }> {
  try {
    return { ok: true, text: await runOpsCommand(t.app.ctx, argv, 'alice') };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, text: err.message };
    throw err;
  }
}

describe(`audit chain (${testDbKind})`, () => {
  it('canonical JSON sorts keys at every depth and the hash covers prev_hash and every field', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[2,{"y":null,"z":1}]},"b":1}',
    );
    const fields = {
      id: 1,
      at: new Date(0),
      actorKind: 'cli',
      actorId: null,
      actorName: 'alice',
      ip: null,
      action: 'x',
      targetType: null,
      targetId: null,
      before: null,
      after: { a: 1 },
    };
    const h = entryHash(GENESIS_HASH, fields);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(entryHash('1'.repeat(64), fields)).not.toBe(h);
    expect(entryHash(GENESIS_HASH, { ...fields, after: { a: 2 } })).not.toBe(h);
  });

  it('the chain verifies; the database refuses to update, delete or truncate an entry', async () => {
    await t.app.ctx.audit.record(system, {
      action: 'test.one',
      before: { n: 1 },
      after: { n: 2, at: new Date() },
    });
    const result = await t.app.ctx.audit.verify();
    expect(result).toMatchObject({ ok: true, broken: null });
    expect(result.entries).toBeGreaterThanOrEqual(3);
    const first = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(first.prev_hash).toBe(GENESIS_HASH);

    for (const statement of [
      sql`update audit_log set actor_name = 'mallory'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(statement.execute(t.database.db)).rejects.toMatchObject({ code: 'AU001' });
    }
    const res = await verifyCall();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ ok: true, broken: null });

    const out = await cli(['audit', 'verify']);
    expect(out.ok).toBe(true);
    expect(out.text).toMatch(/Audit chain OK: \d+ entries\.\nHead: \d+:[0-9a-f]{64}/);
  });

  it('two appends racing (and appends from a second instance) keep one chain', async () => {
    const second: Database | null =
      t.database.kind === 'postgres'
        ? await openPostgres({
            url: testDatabaseUrl(t),
            poolSize: 3,
          })
        : null;
    try {
      const logs = [t.app.ctx.audit, new AuditLog(second ?? t.database)];
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          logs[i % 2]!.record(system, { action: 'test.race', after: { i } }),
        ),
      );
    } finally {
      await second?.close();
    }
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['id', 'prev_hash', 'hash'])
      .orderBy('id')
      .execute();
    // One chain: every prev_hash is the hash just before it, none is shared.
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect((await t.app.ctx.audit.verify()).ok).toBe(true);
  });

  it('an edited entry is found by verify(), the verify call and the CLI, which exits non-zero naming it', async () => {
    const { head } = await t.app.ctx.audit.verify();
    const victim = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'staff.create')
      .executeTakeFirstOrThrow();
    await tamper(
      t,
      sql`update audit_log set after = jsonb_set(after, '{role}', '"read-only"') where id = ${victim.id}`,
    );

    const result = await t.app.ctx.audit.verify();
    expect(result.ok).toBe(false);
    expect(result.broken).toEqual({ id: victim.id, reason: expect.stringContaining('edited') });
    const res = await verifyCall();
    expect(res.json().value.broken.id).toBe(victim.id);
    const out = await cli(['audit', 'verify']);
    expect(out.ok).toBe(false);
    expect(out.text).toContain(`Audit chain BROKEN at entry ${victim.id}`);
    // Through the running server's /ops endpoint (the CLI's way in on PGlite) the refusal keeps its words.
    const ops = await t.app.inject({
      method: 'POST',
      url: '/ops/command',
      remoteAddress: '127.0.0.1',
      headers: { 'x-ops-token': 'test-ops-token' },
      payload: { argv: ['audit', 'verify'], operator: 'alice' },
    });
    expect(ops.statusCode, ops.body).toBe(409);
    expect(ops.json()).toMatchObject({
      success: false,
      errorCode: backoffice.BackofficeErrors.boAuditChainBroken.code,
      message: expect.stringContaining(`BROKEN at entry ${victim.id}`),
    });

    // The operator's own command, as a process: exit code 1 and the entry named (PostgreSQL only:
    // on PGlite the test's database lives in this process, where no other process can reach it).
    if (testDbKind === 'postgres') {
      const run = await npmOps('audit', 'verify');
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toContain(`Audit chain BROKEN at entry ${victim.id}`);
    }

    // Put it back (as the tamperer could): the chain verifies again, up to the same head.
    await tamper(
      t,
      sql`update audit_log set after = jsonb_set(after, '{role}', '"admin"') where id = ${victim.id}`,
    );
    expect(await t.app.ctx.audit.verify()).toMatchObject({ ok: true });
    expect((await cli(['audit', 'verify', '--expect', `${head!.id}:${head!.hash}`])).ok).toBe(true);
  });

  it('a removed entry breaks the link of the next; a rewrite of the chain from there on is found only against a kept head', async () => {
    const kept = (await t.app.ctx.audit.verify()).head!;
    const rows = await t.database.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const removed = rows[rows.length - 3]!;
    const next = rows[rows.length - 2]!;
    await tamper(t, sql`delete from audit_log where id = ${removed.id}`);
    const result = await t.app.ctx.audit.verify();
    expect(result).toMatchObject({ ok: false, broken: { id: next.id } });
    expect(result.broken!.reason).toContain('removed');

    // A superuser rewrites every later entry's links and hashes: the chain holds on its own again…
    let prev = rows[rows.length - 4]!.hash;
    for (const row of rows.slice(rows.length - 2)) {
      const hash = entryHash(prev, {
        id: row.id,
        at: new Date(row.at),
        actorKind: row.actor_kind,
        actorId: row.actor_id,
        actorName: row.actor_name,
        ip: row.ip,
        action: row.action,
        targetType: row.target_type,
        targetId: row.target_id,
        before: row.before,
        after: row.after,
      });
      await tamper(t, sql`update audit_log set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`);
      prev = hash;
    }
    expect((await t.app.ctx.audit.verify()).ok).toBe(true);
    // …but not against the head the operator kept.
    const out = await cli(['audit', 'verify', '--expect', `${kept.id}:${kept.hash}`]);
    expect(out.ok).toBe(false);
    expect(out.text).toContain(`BROKEN at entry ${kept.id}`);
    expect(out.text).toContain('rewritten');
    expect((await cli(['audit', 'verify', '--expect', `${kept.id + 1000}:${kept.hash}`])).text).toContain(
      'no longer on the chain',
    );
  });

  it('staff create-admin prints a one-time password once and is audited as the CLI operator', async () => {
    const out = await cli(['staff', 'create-admin', 'ops.admin', '--name', 'Ops Admin']);
    expect(out.ok).toBe(true);
    const password = /One-time password: (\S+)/.exec(out.text)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(20);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'staff.create')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_kind: 'cli', actor_name: 'alice', actor_id: null, ip: null });
    expect(entry.after).toMatchObject({ username: 'ops.admin', role: 'admin', displayName: 'Ops Admin' });
    const login = await t.call({
      method: 'POST',
      url: '/bo/api/session/login',
      headers: callerIp(),
      payload: { username: 'ops.admin', password },
    });
    expect(login.json().value.stage).toBe('enrol');
    await expect(cli(['staff', 'create-admin', 'x'])).rejects.toThrow(/Usage/);
    const dup = await cli(['staff', 'create-admin', 'OPS.ADMIN']);
    expect(dup).toMatchObject({ ok: false, text: backoffice.BackofficeErrors.boStaffExists.message });
    expect((await cli(['staff', 'list'])).text).toContain('ops.admin');
  });
});
