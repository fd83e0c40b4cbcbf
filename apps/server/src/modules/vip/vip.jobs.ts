import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { MISSIONS_SETTLE_JOB, type MissionService } from './missions.service.ts';
import { VIP_LEVELS_JOB, type VipService } from './vip.service.ts';

/**
 * The level job every 5 minutes and the missions' settlement every minute, each once per window
 * across instances (platform/jobs) and under a lock of its own, so a run by hand (the CLI) and a
 * scheduled one never overlap; both are safe to run again (decision 042).
 */
export function registerVipJobs(jobs: JobRunner, vip: VipService, missions: MissionService): void {
  jobs.register(VIP_LEVELS_JOB, { everyMs: 300_000 }, async ({ db, window }) => {
    const r = await vip.recompute(db, window.end);
    return { changed: r.changed, rewarded: r.rewarded };
  });
  jobs.register(MISSIONS_SETTLE_JOB, { everyMs: 60_000 }, async ({ db, window }) => {
    const r = await missions.settle(db, window.end);
    return { rewarded: r.rewarded };
  });
}
