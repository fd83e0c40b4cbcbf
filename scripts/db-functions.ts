/**
 * `npm run db:functions`: writes apps/server/src/db/functions/ from a freshly migrated embedded
 * database, one file per SQL function with the triggers that call it (see db/sql-functions.ts).
 * Run it after a migration that creates or replaces a function, and commit the result.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openPglite } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { currentFunctionFiles, FUNCTIONS_DIR } from '../apps/server/src/db/sql-functions.ts';

const database = await openPglite({ lock: false });
try {
  await migrateToLatest(database);
  const files = await currentFunctionFiles(database);
  const dir = fileURLToPath(FUNCTIONS_DIR);
  mkdirSync(dir, { recursive: true });
  for (const old of readdirSync(dir)) if (old.endsWith('.sql')) rmSync(`${dir}/${old}`);
  for (const [name, text] of files) writeFileSync(`${dir}/${name}`, text);
  console.log(`wrote ${files.size} functions to ${dir}`);
} finally {
  await database.close();
}
