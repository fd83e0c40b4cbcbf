import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { DepositService } from './deposit.service.ts';
import type { SandboxGateway } from './sandbox-gateway.ts';

export const GATEWAY_NOTIFY_JOB = 'sandbox-gateway.notify';
export const RECONCILE_JOB = 'deposit.reconcile';

/**
 * Issue 28, defect 5: no paid deposit may stay uncredited.
 *
 * - sandbox-gateway.notify (every 10 s) is the gateway's side: the notifications its table says
 *   are due (a first delivery refused or lost with its process) are claimed in the run's
 *   transaction and sent once it committed, until the merchant acknowledges them.
 * - deposit.reconcile (every minute) is ours: every open gateway order is settled by the
 *   gateway's record of its payment, so a notification that never comes costs one run at most.
 *
 * Each window runs once across all instances (platform/jobs); a missed window needs no catching
 * up, since each run takes everything due at its window's end.
 */
export function registerDepositJobs(
  jobs: JobRunner,
  deposits: DepositService,
  gateway: SandboxGateway,
): void {
  jobs.register(GATEWAY_NOTIFY_JOB, { everyMs: 10_000 }, async ({ db, window, afterCommit }) => {
    const due = await gateway.claimDue(db, window.end);
    for (const payment of due) afterCommit(async () => void (await gateway.deliver(payment)));
    return { notifications: due.length };
  });
  jobs.register(RECONCILE_JOB, { everyMs: 60_000 }, async ({ db, window }) => {
    // Orders found failed or expired are not failures of the run (a count named `failed` is).
    const { credited, failed } = await deposits.reconcile(db, window.end);
    return { credited, closedUnpaid: failed };
  });
}
