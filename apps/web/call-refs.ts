import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { argv } from 'node:process';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import * as contract from '@app/contract';
import type { CallDef } from '@app/contract';
import * as agentContracts from '../../packages/contract/src/agent-contracts-calls.ts';
import * as agentNotices from '../../packages/contract/src/agent-notices.ts';
import * as agentRegister from '../../packages/contract/src/agent-register.ts';
import * as agentReports from '../../packages/contract/src/agent-reports.ts';
import * as agentTeam from '../../packages/contract/src/agent-team.ts';
import * as chat from '../../packages/contract/src/chat.ts';
import * as crash from '../../packages/contract/src/house-games/crash-calls.ts';
import * as deposit from '../../packages/contract/src/deposit.ts';
import * as events from '../../packages/contract/src/events.ts';
import * as games from '../../packages/contract/src/games.ts';
import * as houseGames from '../../packages/contract/src/house-games/calls.ts';
import * as lottery from '../../packages/contract/src/lottery.ts';
import * as member from '../../packages/contract/src/member.ts';
import * as messages from '../../packages/contract/src/messages.ts';
import * as notices from '../../packages/contract/src/notices.ts';
import * as points from '../../packages/contract/src/points.ts';
import * as profile from '../../packages/contract/src/profile.ts';
import * as promotions from '../../packages/contract/src/promotions.ts';
import * as raffles from '../../packages/contract/src/raffles.ts';
import * as records from '../../packages/contract/src/records.ts';
import * as referral from '../../packages/contract/src/referral.ts';
import * as responsible from '../../packages/contract/src/responsible.ts';
import * as registration from '../../packages/contract/src/registration.ts';
import * as session from '../../packages/contract/src/session.ts';
import * as socialSignIn from '../../packages/contract/src/social-sign-in.ts';
import * as support from '../../packages/contract/src/support.ts';
import * as system from '../../packages/contract/src/system.ts';
import * as verification from '../../packages/contract/src/verification.ts';
import * as vip from '../../packages/contract/src/vip.ts';
import * as wallet from '../../packages/contract/src/wallet.ts';
import * as withdraw from '../../packages/contract/src/withdraw.ts';

/**
 * Writes src/shared/http/call-refs/<domain>.ts: every call of the contract as the web's http
 * client needs it (shared/http/call-ref.ts), its wire shape without its zod schemas, so zod stays
 * out of the bundles while a call's method and path have one source. One file per contract module:
 * a bundler puts a module whole into one chunk, so the lottery's refs stay in the lottery's chunk
 * and only the shell's reach the entry. Run after changing a call:
 *
 *     npx node apps/web/call-refs.ts
 *
 * call-refs.test.ts fails while the committed files differ from what this writes, or a contract
 * call belongs to no file here.
 */

/** The contract's modules that declare calls, by the name of their refs file. */
const DOMAINS: Record<string, Record<string, unknown>> = {
  'agent-contracts': agentContracts,
  'agent-notices': agentNotices,
  'agent-register': agentRegister,
  'agent-reports': agentReports,
  'agent-team': agentTeam,
  chat,
  crash,
  deposit,
  events,
  games,
  'house-games': houseGames,
  lottery,
  member,
  messages,
  notices,
  points,
  profile,
  promotions,
  raffles,
  responsible,
  records,
  referral,
  registration,
  session,
  'social-sign-in': socialSignIn,
  support,
  system,
  verification,
  vip,
  wallet,
  withdraw,
};

const isCall = (value: unknown): value is CallDef =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const callsOf = (mod: Record<string, unknown>): [string, CallDef][] =>
  Object.entries(mod)
    .filter((entry): entry is [string, CallDef] => isCall(entry[1]))
    // By path, then method: like strings side by side compress best in the chunks that carry them.
    .sort(([, a], [, b]) => compare(a.path, b.path) || compare(a.method, b.method));

/** The contract's calls (as exported by @app/contract) that no domain above declares: none, or a module is missing. */
export function callsWithoutRefs(): string[] {
  const covered = new Set(Object.values(DOMAINS).flatMap((mod) => callsOf(mod).map(([name]) => name)));
  return callsOf(contract as Record<string, unknown>)
    .map(([name]) => name)
    .filter((name) => !covered.has(name));
}

/** Each generated file's text by its name (`lottery.ts`), formatted as the repository formats it. */
export async function renderCallRefs(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [domain, mod] of Object.entries(DOMAINS)) {
    const lines = callsOf(mod).map(([name, def]) => {
      const ref = {
        id: def.id,
        method: def.method,
        path: def.path,
        wire: def.wire,
        token: def.token,
        encrypted: def.encrypted,
      };
      return `export const ${name}Ref: CallRef<typeof C.${name}> = ${JSON.stringify(ref)};`;
    });
    const text = [
      "// Generated by apps/web/call-refs.ts from the contract's calls: do not edit, run `npx node apps/web/call-refs.ts`.",
      "import type * as C from '@app/contract';",
      "import type { CallRef } from '../call-ref.ts';",
      '',
      ...lines,
      '',
    ].join('\n');
    out[`${domain}.ts`] = await format(text, {
      parser: 'typescript',
      singleQuote: true,
      semi: true,
      printWidth: 110,
      trailingComma: 'all',
    });
  }
  return out;
}

if (import.meta.url.startsWith('file:') && fileURLToPath(import.meta.url) === argv[1]) {
  const dir = fileURLToPath(new URL('./src/shared/http/call-refs/', import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(await renderCallRefs())) writeFileSync(join(dir, name), text);
  console.log(`wrote ${readdirSync(dir).length} files in ${dir}`);
}
