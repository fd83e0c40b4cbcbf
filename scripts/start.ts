/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts
 * the server (migrations and demo data on an empty database happen there, with the demo member's
 * lottery bets: DEMO_LOTTERY_BETS=0 npm start leaves them out).
 */
import { ensureWebBuild } from './web-build.ts';

// /dev/outbox stays off unless the person starting the server asks for it (DEV_OUTBOX=1 npm start):
// the server's start line says how to read the kept SMS and e-mail codes either way.
ensureWebBuild();
// A demo start: a database seeded now also gets the demo member's lottery bets (decision 022);
// main.ts started on its own (tests, e2e servers) leaves them out unless DEMO_LOTTERY_BETS=1.
process.env.DEMO_LOTTERY_BETS ??= '1';
await import('../apps/server/src/main.ts');
