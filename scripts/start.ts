/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then starts
 * the server (migrations and demo data on an empty database happen there).
 */
import { ensureWebBuild } from './web-build.ts';

ensureWebBuild();
await import('../apps/server/src/main.ts');
