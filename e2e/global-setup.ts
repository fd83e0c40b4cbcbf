import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockPath } from '../apps/server/src/db/data-dir-lock.ts';
import { startServer } from './server.ts';

/**
 * One server start with the demo seed for the whole run: its stopped data directory becomes the
 * template every later server of the run copies (E2E_DATA_TEMPLATE, read by startServer), so a
 * worker's server, a spec's own server and a worker restarted after a failure each start on a
 * migrated, seeded database instead of seeding their own (tens of seconds on a loaded machine:
 * once over the fixture's 90 s). A spec that names its own DATA_DIR still starts empty.
 */
export default async function globalSetup(): Promise<() => void> {
  const work = mkdtempSync(join(tmpdir(), 'e2e-template-'));
  const dataDir = join(work, 'data');
  // Migrating and seeding the demo data: 25 s quiet, over 120 s at a load of 30.
  const server = await startServer({ env: { DATA_DIR: dataDir }, startTimeoutMs: 360_000 });
  // Its own DATA_DIR lives outside the work directory stop() removes.
  await server.stop();
  rmSync(lockPath(dataDir), { force: true });
  process.env.E2E_DATA_TEMPLATE = dataDir;
  return () => rmSync(work, { recursive: true, force: true });
}
