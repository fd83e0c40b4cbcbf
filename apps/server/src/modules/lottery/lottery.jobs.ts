import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { LotteryEngine } from './lottery-engine.ts';

export const NUMEROS_JOB = 'lottery.numeros';
export const DRAW_JOB = 'lottery.draw';
export const HELD_PRIZES_JOB = 'lottery.prizes.held';

/**
 * LT-08 (decision 022): numeros are created ahead every minute, and every 5 seconds the draw job
 * closes sales, draws and settles what is due. The job mechanism (decision 017) runs each window
 * once across instances; each numero's draw and settlement is, in addition, a conditional change
 * of its row taken FOR UPDATE, so overlapping windows, restarts and the operator's hand never
 * draw or pay twice. A window does not need to catch up: every run takes everything due.
 * Once a minute the held-prizes job pays the credits a settlement held because the winner's wallet
 * was at its ceiling (LOTTERY_PRIZE_HELD), each once its wallet has room.
 */
export function registerLotteryJobs(jobs: JobRunner, engine: LotteryEngine): void {
  jobs.register(NUMEROS_JOB, { everyMs: 60_000 }, async ({ window, db }) => ({
    created: await engine.ensureNumeros(window.end, db),
  }));
  jobs.register(DRAW_JOB, { everyMs: 5_000 }, async ({ window, db }) => engine.runDraws(window.end, db));
  jobs.register(HELD_PRIZES_JOB, { everyMs: 60_000 }, async ({ db }) => engine.payHeldPrizes(db));
}
