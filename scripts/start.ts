/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts
 * the server (migrations and demo data on an empty database happen there).
 */
import { ensureWebBuild } from './web-build.ts';

// The local demo reads its SMS and e-mail codes on /dev/outbox, which the server alone keeps off:
// npm start asks for it unless the caller chose (the server still refuses it in production or
// once a gateway is configured, and says so).
if (process.env.DEV_OUTBOX === undefined) {
  process.env.DEV_OUTBOX = '1';
  console.log('  npm start: DEV_OUTBOX=1 for this local demo (DEV_OUTBOX=0 npm start keeps /dev/outbox off)');
}

ensureWebBuild();
await import('../apps/server/src/main.ts');
