/**
 * `npm run mutation [module ...]`: StrykerJS over each module of mutation/modules.mjs in turn
 * (all of them by default), one at a time so that a run keeps to the machine's two cores.
 */
import { spawnSync } from 'node:child_process';
import { modules } from './modules.mjs';

const asked = process.argv.slice(2);
const unknown = asked.filter((m) => !(m in modules));
if (unknown.length) {
  console.error(`Unknown module ${unknown.join(', ')}; known: ${Object.keys(modules).join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of asked.length ? asked : Object.keys(modules)) {
  console.log(`\n▶ mutation testing: ${name}`);
  const res = spawnSync('stryker', ['run', 'mutation/stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, MUTATION_MODULE: name },
  });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
