/**
 * The operator CLI: `npm run ops -- <command>`. It acts on the same database the server uses,
 * found from the same PORT, DATA_DIR and DATABASE_URL settings:
 * - PostgreSQL (DATABASE_URL): directly, then NOTIFY tells every running server to reload;
 * - embedded PGlite owned by a running server: through that server's /ops endpoint (PGlite lets
 *   one process open a directory; the lock file names the port and the operator token);
 * - embedded PGlite with no server running: opens the directory itself, holding the same lock.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { userInfo } from 'node:os';
import { loadConfig, type AppConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/connection.ts';
import { DataDirBusyError, readLockOwner } from '../db/data-dir-lock.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { isEmpty, seedNewDatabase } from '../seed/seed.ts';
import { createServices } from '../composition.ts';
import { runOpsCommand, UsageError, USAGE } from './commands.ts';

/**
 * POST to the owning server's /ops endpoint on this machine. Over TLS the certificate is not
 * checked: the address is the loopback one the lock file names, and a self-signed certificate
 * is the usual one there; the operator token is what proves the caller.
 */
function postOps(
  port: number,
  tls: boolean,
  token: string,
  body: string,
): Promise<{ status: number; text: string }> {
  const send = tls ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: '127.0.0.1',
        port,
        path: '/ops/command',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ops-token': token },
        ...(tls ? { rejectUnauthorized: false } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function viaServer(port: number, tls: boolean, token: string, argv: string[]): Promise<string> {
  let res: { status: number; text: string };
  try {
    res = await postOps(port, tls, token, JSON.stringify({ argv, operator: operatorName() }));
  } catch {
    throw new Error(
      `The server that owns the data directory (port ${port}) does not answer. Is it still starting?`,
    );
  }
  const body = JSON.parse(res.text) as { success: boolean; value?: string; message?: string };
  if (!body.success) {
    if (res.status === 422) throw new UsageError(body.message ?? 'Bad arguments');
    throw new Error(body.message ?? `The server refused the command (HTTP ${res.status})`);
  }
  return body.value ?? '';
}

async function direct(config: AppConfig, database: Database, argv: string[]): Promise<string> {
  await migrateToLatest(database);
  // As the server's first start would (main.ts): demo content only when SEED_DEMO=1 asks for it.
  if (await isEmpty(database)) await seedNewDatabase(database, { demo: config.seedDemo });
  // The same services the server builds; none is started (a command writes and NOTIFYs, a
  // running server's change feed reloads), so nothing is delivered from here.
  return runOpsCommand(createServices({ config, database }), argv, operatorName());
}

/** Who runs the CLI, for the audit log: the operating-system user (decision 031). */
function operatorName(): string {
  try {
    return userInfo().username || 'unknown';
  } catch {
    return process.env.USER ?? 'unknown';
  }
}

async function main(argv: string[]): Promise<string> {
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') return USAGE;
  const config = loadConfig();
  if (config.databaseUrl) {
    const database = await openPostgres({ url: config.databaseUrl, poolSize: 2 });
    try {
      return await direct(config, database, argv);
    } finally {
      await database.close();
    }
  }
  const owner = readLockOwner(config.dataDir);
  if (owner) return viaServer(owner.port, config.tls !== null, owner.opsToken, argv);
  let database: Database;
  try {
    database = await openPglite({ dataDir: config.dataDir, lock: { port: 0, opsToken: '' } });
  } catch (err) {
    if (err instanceof DataDirBusyError)
      return viaServer(err.owner.port, config.tls !== null, err.owner.opsToken, argv);
    throw err;
  }
  try {
    return await direct(config, database, argv);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (out) => {
    console.log(out);
  },
  (err: unknown) => {
    console.error(
      err instanceof UsageError
        ? `Error: ${err.message}`
        : `Error: ${err instanceof Error ? err.message : String(err)}`,
    );
    process.exitCode = err instanceof UsageError ? 2 : 1;
  },
);
