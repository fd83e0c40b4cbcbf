import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { WithdrawService } from './withdraw.service.ts';

export const AUTO_CONFIRM_JOB = 'withdraw.auto-confirm';

/**
 * WD-10/WD-12: every minute, payouts unanswered for the configured minutes count as received.
 * Each minute's window runs once across all instances (platform/jobs); a missed minute needs no
 * catching up, since each run takes every payout overdue at its window's end.
 */
export function registerWithdrawJobs(jobs: JobRunner, withdrawals: WithdrawService): void {
  jobs.register(AUTO_CONFIRM_JOB, { everyMs: 60_000 }, async ({ window, db }) => ({
    confirmed: await withdrawals.autoConfirm(window.end, db),
  }));
}
