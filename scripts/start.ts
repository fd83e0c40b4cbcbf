/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts
 * the server (migrations and demo data on an empty database happen there).
 */
import { ensureWebBuild } from './web-build.ts';

// /dev/outbox stays off unless the person starting the server asks for it (DEV_OUTBOX=1 npm start):
// the server's start line says how to read the kept SMS and e-mail codes either way.
ensureWebBuild();
await import('../apps/server/src/main.ts');
