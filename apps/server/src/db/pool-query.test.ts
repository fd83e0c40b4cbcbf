import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestApp, testDatabaseUrl, testDbKind, type TestApp } from '../test/test-app.ts';
import { WalletService } from '../modules/wallet/wallet.service.ts';
import { openPostgres, poolQuery } from './connection.ts';

/**
 * poolQuery keeps a pooled connection through an error the server answered (a refusal a statement
 * raises by design) and drops one that broke; node-postgres's own pool.query drops it either way
 * (a new backend for every refused debit). PostgreSQL only: PGlite has no pool.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe.runIf(testDbKind === 'postgres')(`poolQuery (${testDbKind})`, () => {
  it('a refusal the server raises keeps the connection (same backend, prepared statements kept); a broken or idle-terminated connection is dropped and the process lives on', async () => {
    const database = await openPostgres({ url: testDatabaseUrl(t), poolSize: 1 });
    try {
      const pid = async () =>
        (
          await poolQuery<{ pid: number }>(database.pool, {
            name: 'pid',
            text: 'select pg_backend_pid() as pid',
          })
        ).rows[0]!.pid;
      const first = await pid();
      const refusal = poolQuery(database.pool, {
        name: 'refuse',
        text: `do $$ begin raise exception 'no' using errcode = '${WalletService.insufficientSqlstate}'; end $$`,
      });
      await expect(refusal).rejects.toBeInstanceOf(pg.DatabaseError);
      await expect(refusal).rejects.toMatchObject({ code: WalletService.insufficientSqlstate });
      expect(await pid()).toBe(first);
      expect(database.pool.totalCount).toBe(1);
      // Node-postgres's own query would have dropped it: the difference this helper makes.
      await database.pool.query('select 1/0').catch(() => undefined);
      const afterPoolQuery = await pid();
      expect(afterPoolQuery).not.toBe(first);

      // A connection the server ended is not handed out again.
      const killer = new pg.Client({ connectionString: testDatabaseUrl(t) });
      await killer.connect();
      try {
        const killed = poolQuery(database.pool, { text: 'select pg_sleep(5)' }).then(
          () => null,
          (err: unknown) => err,
        );
        await new Promise((r) => setTimeout(r, 300));
        await killer.query('select pg_terminate_backend($1)', [afterPoolQuery]);
        expect(await killed).toBeInstanceOf(Error);
        const next = await pid();
        expect(next).not.toBe(afterPoolQuery);
        // An idle pooled connection the server ends is dropped without ending this process.
        await killer.query('select pg_terminate_backend($1)', [next]);
        await new Promise((r) => setTimeout(r, 300));
        expect(await pid()).not.toBe(next);
      } finally {
        await killer.end();
      }
    } finally {
      await database.close();
    }
  });
});
