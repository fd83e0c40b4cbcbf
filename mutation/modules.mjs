import { readFileSync } from 'node:fs';

/**
 * Stryker's `file:start-end` ranges of the named functions and methods of a file, found by name
 * when the config loads, so the ranges follow the file as it changes.
 */
function functionsOf(file, names) {
  const lines = readFileSync(new URL(`../${file}`, import.meta.url), 'utf8').split('\n');
  return names
    .map((name) => {
      const head = new RegExp(
        `^\\s*(export\\s+)?(private\\s+)?(static\\s+)?(async\\s+)?(function\\s+)?${name}\\(`,
      );
      const start = lines.findIndex((l) => head.test(l));
      if (start < 0) {
        // Renamed or gone: said, and the rest of the module still runs.
        console.warn(`mutation: no function ${name} in ${file}; update mutation/modules.mjs`);
        return null;
      }
      // It ends at the first closing brace on its own line at the indentation it starts at.
      const close = `${lines[start].match(/^\s*/)[0]}}`;
      const end = lines.findIndex((l, i) => i > start && l.trimEnd() === close);
      if (end > start) return `${file}:${start + 1}-${end + 1}`;
      throw new Error(`mutation: no end to ${name} in ${file}`);
    })
    .filter((range) => range !== null);
}

/**
 * The modules under mutation testing (docs/mutation-testing.md): the files Stryker mutates and
 * the test files that run against each mutant. Only these tests run, so a run stays within what
 * a shared 2-core machine can give; a test elsewhere that would kill a mutant does not count.
 */
export const modules = {
  // Money: the ledger's rules in the wallet service (a request's checks, the movement ceiling,
  // refusals, fingerprint and house shard; transfers; balances; the ledger check). Posting itself
  // and the wallet transfers run every wallet test file for each mutant (over a minute each on a
  // loaded machine) and are left to those tests; ledger.repo.ts is SQL text whose mutants any
  // database test kills.
  wallet: {
    project: 'server',
    mutate: functionsOf('apps/server/src/modules/wallet/wallet.service.ts', [
      'shardOf',
      'validate',
      'withinMovementCeiling',
      'ledgerRefusal',
      'fingerprint',
      'transfer',
      'balance',
      'check',
    ]),
    // Not wallet.race.test.ts: 64 clients racing for 85 s a run; its invariants (no cent created
    // or lost) are asserted on single movements by the other files.
    tests: ['src/modules/wallet/*.test.ts', '!src/modules/wallet/wallet.race.test.ts'],
  },
  // The lottery's rules, shared by the server and the web: the money and settlement core (stakes
  // and payouts, the draw, a play's settlement, the verifier).
  'lottery-rules': {
    project: 'contract',
    mutate: [
      'packages/contract/src/lottery-rules/money.ts',
      'packages/contract/src/lottery-rules/draw.ts',
      'packages/contract/src/lottery-rules/play.ts',
      'packages/contract/src/lottery-rules/verify.ts',
      'packages/contract/src/lottery-rules/registry.ts',
      'packages/contract/src/lottery-rules/families.ts',
    ],
    // Not exhaustive.test.ts: it walks every result of every play (10 s a run, far more under
    // Stryker's instrumentation) and per-test coverage would run it for nearly every mutant.
    tests: ['src/lottery-rules/*.test.ts', '!src/lottery-rules/exhaustive.test.ts'],
  },
  // The per-family play tables (1,600 lines): about 4 minutes on two cores from scratch (45 were feared before it was first run), kept apart.
  'lottery-plays': {
    project: 'contract',
    mutate: ['packages/contract/src/lottery-rules/plays/*.ts'],
    tests: ['src/lottery-rules/*.test.ts', '!src/lottery-rules/exhaustive.test.ts'],
  },
  // Sessions: the token check, idle and absolute expiry, revocation and the trial bar
  // (platform/auth/session.ts), the lockouts (second-factor-limit.ts and the login's own). The
  // login itself is left to the route tests: its mutants each cost a run of session.routes.test.ts
  // (23 logins through argon2), hours on a shared machine.
  session: {
    project: 'server',
    mutate: [
      'apps/server/src/platform/auth/session.ts',
      'apps/server/src/modules/session/second-factor-limit.ts',
      ...functionsOf('apps/server/src/modules/session/session.service.ts', ['lockedUntil', 'allowedToLogIn']),
    ],
    tests: [
      'src/modules/session/credential-revocation.test.ts',
      'src/modules/session/second-factor-limit.test.ts',
      'src/modules/session/*.mutation.test.ts',
      'src/platform/auth/*.test.ts',
    ],
  },
};

/** The module named by MUTATION_MODULE (set by mutation/run.mjs). */
export function currentModule() {
  const name = process.env.MUTATION_MODULE ?? '';
  const found = modules[name];
  if (!found)
    throw new Error(`MUTATION_MODULE must be one of ${Object.keys(modules).join(', ')}; got "${name}"`);
  return { name, ...found };
}
