import { randomBytes } from 'node:crypto';
import { loadConfig } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/connection.ts';
import { DataDirBusyError } from './db/data-dir-lock.ts';
import { migrateToLatest } from './db/migrate.ts';
import { hasDemoAccounts, isEmpty, seedNewDatabase } from './seed/seed.ts';
import { demoAccountsText } from './seed/demo-accounts.ts';
import { buildApp } from './app.ts';
import { listenAdmin } from './platform/http/admin-console.ts';
import { prerenderFirstVisitArt } from './modules/cdn/prerender.ts';
import { devOutboxNotice } from './platform/outbox/dev-outbox.routes.ts';
import { LogOutput } from './platform/logging/log-output.ts';
import { logFormatOf, prettyLines } from './platform/logging/pretty-lines.ts';

/**
 * However a stop goes (a close that never ends, an output nobody reads), the process is gone this
 * long after it was asked to stop (issue 28, defect 8).
 */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** How long a stopping server gives its last log lines to go out. */
const LOG_DRAIN_MS = 1_000;

/** The log's lines, JSON or readable (pretty-lines.ts), on stdout; made first, so every exit can drain it. */
const output = new LogOutput(
  logFormatOf(process.env, process.stdout.isTTY === true) === 'pretty'
    ? { format: prettyLines({ colour: process.stdout.isTTY === true }) }
    : {},
);
// An exit without a stop (a crash) still writes what waits, once, without waiting on the reader.
process.on('exit', () => output.flushNowOrDrop());

/**
 * A server started by a test or benchmark must not outlive it: a runner killed hard (a worker past
 * its teardown time-out gets SIGKILL) leaves its child running, holding 0.6 GB and a port.
 * EXIT_WITH_PARENT=1 ends the server once its parent is gone (it is re-parented, ppid changes),
 * watched from the first line of main: a start on a loaded machine (migrations, the demo seed, the
 * app's plugins) can take minutes, and a runner stopped meanwhile left 14 servers starting in one
 * session. Until the app is built there is nothing to close: the process just exits.
 */
let stopWhenOrphaned: ((reason: string) => void) | null = null;
if (process.env.EXIT_WITH_PARENT === '1') {
  const parent = process.ppid;
  setInterval(() => {
    // Re-parented to init (1) counts too: a parent gone while the modules loaded was never seen.
    if (process.ppid === parent && process.ppid !== 1) return;
    if (stopWhenOrphaned) stopWhenOrphaned('parent exited');
    else process.exit(1);
  }, 1000).unref();
}

async function main(): Promise<void> {
  const config = loadConfig();
  const opsToken = randomBytes(24).toString('base64url');
  let database: Database;
  let updateLock: ((port: number) => void) | null = null;
  try {
    if (config.databaseUrl) {
      database = await openPostgres({ url: config.databaseUrl });
    } else {
      const pg = await openPglite({ dataDir: config.dataDir, lock: { port: config.port, opsToken } });
      database = pg;
      updateLock = (port) => pg.lock?.update({ port });
    }
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  await migrateToLatest(database);
  // An empty database gets the reference data a site needs; the demo content only when asked
  // (SEED_DEMO=1: `npm start`, tests, e2e servers), never in production (config.ts refuses it).
  if (await isEmpty(database))
    await seedNewDatabase(database, {
      demo: config.seedDemo,
      lotteryDemoBets: config.demoLotteryBets,
      demoChat: config.demoChat,
    });
  // Printed at start only where they exist: a production database has no demo accounts.
  const demoAccounts = (await hasDemoAccounts(database)) ? `${demoAccountsText()}\n` : '';

  const app = await buildApp({
    config,
    database,
    opsToken,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-ops-token"]'],
      stream: output,
    },
  });

  // Job outcomes in the server's log: what a run did at info, its failures at error.
  app.ctx.jobs.reportTo(app.ctx.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    setTimeout(() => {
      process.stderr.write(`Stopping took over ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting anyway.\n`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.ctx.log.info({ signal }, 'shutting down');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await output.drain(LOG_DRAIN_MS);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  stopWhenOrphaned = (reason) => void shutdown(reason);

  // The lottery's numeros of the day and the hours ahead, before the first request (issue 28,
  // defect 9): the numero job's first window comes a tick after the start, and until then a fresh
  // database, or one whose server was down for hours, has no numero on sale. Any number of
  // instances may do it at once (decision 022: unique numeros, `on conflict do nothing`).
  await app.ctx.lottery.engine.ensureNumeros(new Date());

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close().catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `\nPort ${config.port} is already in use: stop the other server or set PORT.\n`
        : err,
    );
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The back office on a listener of its own when ADMIN_PORT asks for it (decision 032).
  const adminUrl =
    (await listenAdmin(app))?.url ?? `${config.tls ? 'https' : 'http'}://localhost:${port}/bo/`;
  updateLock?.(port);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  if (config.devOutboxRefused)
    app.ctx.log.warn({ reason: config.devOutboxRefused }, 'DEV_OUTBOX=1 refused: /dev/outbox stays off');
  console.log(
    `\n  Platform running at ${config.tls ? 'https' : 'http'}://localhost:${port}\n  Back office at ${adminUrl}\n  Database: ${where}\n  ${devOutboxNotice(config, port)}\n${demoAccounts}`,
  );
  // Draw the banners and logos a first visit shows now, in the background, instead of during that visit.
  void prerenderFirstVisitArt(app);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
