import { formatMinor, WithdrawStatuses, type WithdrawStatus } from '@app/contract';
import type { ApprovalsService } from '../modules/backoffice/approvals.service.ts';
import type { OperationsService } from '../modules/backoffice/operations.service.ts';
import type { WithdrawService } from '../modules/withdraw/withdraw.service.ts';
import { cliActor } from './backoffice-command.ts';
import { orderNo } from '../modules/withdraw/withdraw.service.ts';
import type { JobRunner } from '../platform/jobs/job-runner.ts';

export const WITHDRAW_USAGE = `  withdraw list [--status S|OPEN|ALL] [--limit N]
                                          list withdrawal requests (default OPEN: pending, approved, disputed)
  withdraw show <id>                      one request: bank details to pay to, proofs and timeline
  withdraw approve <id> [--note T]        approve a pending request for payment (above APPROVAL_FOUR_EYES_ABOVE
                                          a second, different person approves too)
  withdraw reject <id> [--reason T]       refuse a request not paid yet; the held amount returns to the member
  withdraw pay <id> [--note T]            the bank transfer is made; the member is asked to confirm receipt
  withdraw refund <id> [--note T]         a disputed payout: return the missing money to the member
  withdraw dismiss <id> --note T          a disputed payout shown to have arrived: close it as received
  jobs [--job NAME] [--limit N]           the newest scheduled job runs
  jobs run <NAME> [--at <ISO time>]       run the job's window that closed before now (or --at); a finished window does nothing`;

export interface WithdrawOpsServices {
  withdrawals?: WithdrawService;
  jobs?: JobRunner;
  /** The back office's approvals: the CLI's approve, reject, pay, refund and dismiss go through them. */
  approvals?: ApprovalsService;
  /** A job's window run by hand is audited through it. */
  operations?: OperationsService;
}

type Usage = (message: string) => Error;

/** Statuses that wait for the operator. */
const OPEN: WithdrawStatus[] = ['PENDING', 'APPROVED', 'PARTLY_RECEIVED', 'NOT_RECEIVED'];

function onlyKnown(named: Map<string, string>, allowed: string[], usage: Usage): void {
  for (const key of named.keys())
    if (!allowed.includes(key))
      throw usage(
        `Unknown option --${key}${allowed.length ? ` (allowed: ${allowed.map((a) => `--${a}`).join(', ')})` : ''}`,
      );
}

/** A request number as listed: 12 or WD00000012. */
function parseId(raw: string | undefined, action: string, usage: Usage): number {
  const m = /^(?:WD)?0*(\d{1,15})$/i.exec(raw ?? '');
  const id = m ? Number(m[1]) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0)
    throw usage(`Usage: withdraw ${action} <id> (a number or WD… number from "withdraw list")`);
  return id;
}

function text(named: Map<string, string>, key: string, fallback: string, usage: Usage): string {
  const value = (named.get(key) ?? fallback).trim();
  if (value.length > 200) throw usage(`--${key} is at most 200 characters`);
  return value;
}

/** `npm run ops -- withdraw ...`: the operator's side of withdrawals (decision 017). */
export async function runWithdrawCommand(
  services: WithdrawOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
  operator = 'unknown',
): Promise<string> {
  const { withdrawals, approvals } = services;
  if (!withdrawals || !approvals) throw usage('Withdrawals are not available in this mode');
  const actor = cliActor(operator);
  const [action, rawId, ...extra] = positional;
  if (extra.length) throw usage(`Unexpected argument "${extra[0]}"`);
  const precision = withdrawals.currencyPrecision();
  const money = (minor: number) => formatMinor(minor, precision);

  if (action === 'list') {
    onlyKnown(named, ['status', 'limit'], usage);
    if (rawId) throw usage('Usage: withdraw list [--status S|OPEN|ALL] [--limit N]');
    const rawStatus = (named.get('status') ?? 'OPEN').toUpperCase();
    let statuses: WithdrawStatus[];
    if (rawStatus === 'OPEN') statuses = OPEN;
    else if (rawStatus === 'ALL') statuses = [];
    else if ((WithdrawStatuses as readonly string[]).includes(rawStatus))
      statuses = [rawStatus as WithdrawStatus];
    else throw usage(`--status must be one of ${WithdrawStatuses.join(', ')}, OPEN or ALL`);
    const limitRaw = named.get('limit');
    const limit = limitRaw === undefined ? 50 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw usage(`--limit must be a whole number from 1 to 500, got "${limitRaw}"`);
    const rows = await withdrawals.listForOperator(statuses, limit);
    if (!rows.length)
      return `No ${rawStatus === 'ALL' ? '' : `${rawStatus.toLowerCase()} `}withdrawal requests.`;
    return rows
      .map(
        (w) =>
          `${String(w.id).padStart(6)}  ${orderNo(w.id)}  ${w.status.padEnd(15)}  ${new Date(w.created_at).toISOString()}  ${w.username.padEnd(16)}  ${w.currency} ${money(w.amount).padStart(12)}  ${w.bank_code} ${w.account_number}`,
      )
      .join('\n');
  }

  const id = parseId(rawId, action ?? '', usage);
  if (action === 'show') {
    onlyKnown(named, [], usage);
    const d = await withdrawals.operatorDetail(id);
    const lines = [
      `${d.orderNo}  ${d.status}  member ${d.memberId}`,
      `amount    ${d.currency} ${d.amount.toFixed(precision)}`,
      `pay to    ${d.bankName} (${d.bankCode}), ${d.payeeName}, account ${d.fullAccountNumber}`,
      ...(d.receivedAmount !== null
        ? [`received  ${d.currency} ${d.receivedAmount.toFixed(precision)} (member says)`]
        : []),
      ...(d.refundAmount !== null ? [`refunded  ${d.currency} ${d.refundAmount.toFixed(precision)}`] : []),
      ...(d.forcedReceived ? ['counted as received by the auto-confirm job; refund forfeited'] : []),
      ...(d.remark ? [`remark    ${d.remark}`] : []),
      `proofs    ${d.proofs.length ? d.proofs.map((p) => `#${p.id} ${p.contentType} ${p.size} bytes`).join(', ') : 'none'}`,
      'timeline:',
      ...d.timeline.map(
        (e) => `  ${new Date(e.at).toISOString()}  ${e.status.padEnd(15)}  ${e.actor.padEnd(8)}  ${e.note}`,
      ),
    ];
    return lines.join('\n');
  }
  if (action === 'approve') {
    onlyKnown(named, ['note'], usage);
    const { outcome, item: w } = await approvals.approveWithdrawal(actor, id, text(named, 'note', '', usage));
    const amount = `${w.currency} ${w.amount.toFixed(precision)}`;
    if (outcome === 'awaiting-second')
      return `Withdrawal ${w.orderNo} (${amount}): first of two approvals recorded; a second, different person must approve it before it is paid.`;
    const d = await withdrawals.operatorDetail(id);
    return `Withdrawal ${w.orderNo} approved: pay ${amount} to ${w.bankName} ${d.fullAccountNumber} (${w.payeeName}), then "withdraw pay ${w.id}".`;
  }
  if (action === 'reject') {
    onlyKnown(named, ['reason'], usage);
    const { item: w } = await approvals.rejectWithdrawal(
      actor,
      id,
      text(named, 'reason', 'Rejected by the operator', usage),
    );
    return `Withdrawal ${w.orderNo} rejected: ${w.currency} ${w.amount.toFixed(precision)} returned to member ${w.memberId}'s main wallet.`;
  }
  if (action === 'pay') {
    onlyKnown(named, ['note'], usage);
    const { item: w } = await approvals.payWithdrawal(actor, id, text(named, 'note', '', usage));
    return `Withdrawal ${w.orderNo} paid: the member has ${withdrawals.policy.autoConfirmMinutes} minutes to confirm receipt.`;
  }
  if (action === 'refund') {
    onlyKnown(named, ['note'], usage);
    await approvals.refundWithdrawal(actor, id, text(named, 'note', '', usage));
    const d = await withdrawals.operatorDetail(id);
    return `Withdrawal ${d.orderNo} refunded: ${d.currency} ${(d.refundAmount ?? 0).toFixed(precision)} returned to member ${d.memberId}'s main wallet.`;
  }
  if (action === 'dismiss') {
    onlyKnown(named, ['note'], usage);
    const note = text(named, 'note', '', usage);
    if (!note) throw usage('withdraw dismiss needs --note: say how the payout was shown to have arrived');
    await approvals.dismissWithdrawal(actor, id, note);
    return `Withdrawal ${orderNo(id)} closed as received.`;
  }
  throw usage('Usage: withdraw list|show|approve|reject|pay|refund|dismiss');
}

/** `npm run ops -- jobs ...`: scheduled runs, and a safe manual run of a window (audited). */
export async function runJobsCommand(
  services: WithdrawOpsServices,
  named: Map<string, string>,
  positional: string[],
  usage: Usage,
  operator = 'unknown',
): Promise<string> {
  const { jobs, operations } = services;
  if (!jobs || !operations) throw usage('Jobs are not available in this mode');
  const [action, name, ...extra] = positional;
  if (extra.length) throw usage(`Unexpected argument "${extra[0]}"`);
  if (action === undefined || action === 'list') {
    onlyKnown(named, ['job', 'limit'], usage);
    const limitRaw = named.get('limit');
    const limit = limitRaw === undefined ? 20 : Number(limitRaw);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      throw usage(`--limit must be a whole number from 1 to 500, got "${limitRaw}"`);
    const job = named.get('job');
    if (job !== undefined && !jobs.names().includes(job))
      throw usage(`Unknown job "${job}" (jobs: ${jobs.names().join(', ')})`);
    const rows = await jobs.history(limit, job);
    const head = `Jobs: ${jobs.names().join(', ')}`;
    if (!rows.length) return `${head}\nNo runs yet.`;
    return [
      head,
      ...rows.map(
        (r) =>
          `${r.job.padEnd(24)}  ${new Date(r.window_start).toISOString()}  ${r.status.padEnd(7)}  attempts ${r.attempts}  ${r.instance}${r.last_error ? `  error: ${r.last_error}` : ''}`,
      ),
    ].join('\n');
  }
  if (action === 'run') {
    onlyKnown(named, ['at'], usage);
    if (!name || !jobs.names().includes(name))
      throw usage(`Usage: jobs run <NAME> [--at <ISO time>] (jobs: ${jobs.names().join(', ')})`);
    const atRaw = named.get('at');
    const at = atRaw === undefined ? new Date() : new Date(atRaw);
    if (atRaw !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(atRaw) || Number.isNaN(at.getTime())))
      throw usage(`--at must be an ISO time such as 2026-12-01T06:00:00Z, got "${atRaw}"`);
    if (at.getTime() > Date.now()) throw usage('--at is in the future: only closed windows run');
    const windows = jobs.dueWindows(name, at);
    const window = windows[windows.length - 1]!;
    const outcome = await operations.runJobWindow(cliActor(operator), name, window);
    const said = {
      ran: 'ran',
      'done-already': 'was done already: nothing ran again',
      busy: 'is running on another instance right now',
      failed: 'failed (see "jobs")',
    }[outcome];
    return `Job ${name}, window ${window.start.toISOString()}–${window.end.toISOString()}: ${said}.`;
  }
  throw usage('Usage: jobs [list] [--job NAME] [--limit N] | jobs run <NAME> [--at <ISO time>]');
}
