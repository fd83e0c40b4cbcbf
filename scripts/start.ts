/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts
 * the server (migrations; on an empty database the reference data and, with SEED_DEMO=1 set here,
 * the demo data, with the demo member's lottery bets: DEMO_LOTTERY_BETS=0 npm start leaves them out).
 *
 * What a person starting the site sees: one line for the build, then the URL and the demo
 * accounts, then the log as short readable lines of what matters (refused calls, warnings, errors,
 * job outcomes; a routine request is a debug line, LOG_LEVEL=debug shows them).
 */
import { ensureWebBuild } from './web-build.ts';
import { startEnvironment } from '../apps/server/src/start-environment.ts';

// /dev/outbox stays off unless the person starting the server asks for it (DEV_OUTBOX=1 npm start):
// the server's start line says how to read the kept SMS and e-mail codes either way.
ensureWebBuild();
startEnvironment(process.env);
await import('../apps/server/src/main.ts');
