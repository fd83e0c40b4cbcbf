import { backoffice, periodAt, type PeriodCode } from '@app/contract';
import type { Database } from '../db/connection.ts';
import type { ContractSettlement, SettleSummary } from '../modules/agent/contract-settlement.ts';
import type { AgentsBoService } from '../modules/backoffice/agents-bo.service.ts';
import { cliActor } from './backoffice-command.ts';

export const CONTRACT_USAGE = `  contracts settle realtime|hourly [--at <ISO time>]
                                          settle the real-time (5-minute) or hourly salary window that holds
                                          the time (default now) at once, even before it closes; the scheduled
                                          run settles it again after it closes and moves only a difference
  contracts rerun <contractId> <periodKey> [--reason R]
                                          re-run a settled period of the contract's line (only differences
                                          are credited, once; audited); without --reason a dry run that
                                          shows what would change and keeps nothing`;

export interface ContractOpsServices {
  database?: Database;
  contractSettlement?: ContractSettlement;
  agentsBo?: AgentsBoService;
}

/** The window codes each kind of window salary is settled on (the jobs' own, contract-settlement.ts). */
const WINDOWS: Record<string, { name: string; codes: PeriodCode[] }> = {
  realtime: { name: 'Real-time salary', codes: ['fiveMinutes'] },
  hourly: { name: 'Hourly salary', codes: ['halfHour', 'hour'] },
};

/**
 * `npm run ops -- contracts settle ...`: an agent's window salary paid now, for the window still
 * open. Why it is safe: settlement is idempotent per (contract, period) and a re-run of a period
 * posts only the difference from what it paid (decision 030), so the scheduled run after the
 * window's close, and its re-run one window later, add the bets that came after this one, never
 * the same pay twice. An operator uses it to show or check a contract's pay without waiting for
 * the window to close; the end-to-end tests use it so as not to wait real minutes.
 */
export async function runContractCommand(
  services: ContractOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: (message: string) => Error,
  operator = 'unknown',
): Promise<string> {
  const { database, contractSettlement: settlement, agentsBo } = services;
  if (!database || !settlement || !agentsBo) throw usage('Contract settlement is not available in this mode');
  if (positional[0] === 'rerun') return rerun(agentsBo, named, positional, usage, operator);
  const [action, which, ...extra] = positional;
  const window = which === undefined ? undefined : WINDOWS[which];
  if (action !== 'settle' || !window || extra.length)
    throw usage(
      'Usage: contracts settle realtime|hourly [--at <ISO time>] | contracts rerun <contractId> <periodKey> [--reason R]',
    );
  for (const key of named.keys()) if (key !== 'at') throw usage(`Unknown option --${key} (allowed: --at)`);
  const atRaw = named.get('at');
  const at = atRaw === undefined ? Date.now() : new Date(atRaw).getTime();
  if (atRaw !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(atRaw) || Number.isNaN(at)))
    throw usage(`--at must be an ISO time such as 2026-12-01T06:00:00Z, got "${atRaw}"`);
  if (at > Date.now()) throw usage('--at is in the future: a window settles on the bets it holds so far');
  const lines: string[] = [];
  for (const code of window.codes) {
    const period = periodAt(code, at, settlement.timeZone);
    // One transaction per window, as a job's run, through the back office's audited path (the CLI
    // as its OS user): the settlement's lock keeps it from interleaving with the scheduled run.
    const s: SettleSummary = await agentsBo.settleWindow(cliActor(operator), code, period.end);
    lines.push(
      `${window.name}, window ${new Date(period.start).toISOString()}–${new Date(period.end).toISOString()}: ` +
        `${s.statements} statement(s), ${s.credited} credited, ${s.corrected} corrected (minor units).`,
    );
  }
  return lines.join('\n');
}

/** `contracts rerun <contractId> <periodKey> [--reason R]`: the back office's re-run, as the CLI. */
async function rerun(
  agentsBo: AgentsBoService,
  named: Map<string, string>,
  positional: string[],
  usage: (message: string) => Error,
  operator: string,
): Promise<string> {
  for (const key of named.keys())
    if (key !== 'reason') throw usage(`Unknown option --${key} (allowed: --reason)`);
  const [, contractId, periodKey, ...extra] = positional;
  const target = backoffice.AgentRerunTargetSchema.safeParse({ contractId, periodKey });
  if (!target.success || extra.length)
    throw usage(
      'Usage: contracts rerun <contractId> <periodKey> [--reason R] (the key as a statement shows it, e.g. D:2026-11-22)',
    );
  const reason = named.get('reason')?.trim() ?? null;
  if (reason !== null && (reason.length === 0 || reason.length > 200))
    throw usage('--reason is 1 to 200 characters');
  const r = await agentsBo.rerun(cliActor(operator), target.data, reason);
  const lines = [
    `${r.dryRun ? 'Dry run (nothing kept)' : 'Re-run'} of ${r.line.kind} ${r.line.productType}${r.line.period ? ` ${r.line.period}` : ''}, period ${r.period.key}: ` +
      `${r.corrected} corrected, ${r.credited} credited (minor units).`,
  ];
  for (const c of r.changes)
    lines.push(
      `  ${c.username.padEnd(20)} pay ${c.before?.pay ?? 0} -> ${c.after?.pay ?? 0}, paid ${c.paidBefore} -> ${c.paidAfter}${c.changed ? '' : ' (unchanged)'}`,
    );
  return lines.join('\n');
}
