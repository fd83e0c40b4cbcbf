import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { pruneBetWins } from './games.repo.ts';
import { WINNER_DAYS } from './games.service.ts';

export const BET_WIN_PRUNE_JOB = 'games.bet-win-prune';
/** Rows one delete statement removes at most (about 25 ms on PostgreSQL, decision 024). */
export const BET_WIN_PRUNE_BATCH = 5_000;
/**
 * Statements one run makes at most. A run is one transaction (the job's), so this bounds what a
 * run holds: 20,000 rows, about 0.1 s on PostgreSQL. One run every 5 s removes up to 4,000 rows a
 * second, above the winning spins a busy site writes; a backlog (a first start on a long history,
 * days without a server) drains at that pace instead of in one huge delete.
 */
export const BET_WIN_PRUNE_BATCHES_PER_RUN = 4;

/**
 * Deletes the bet_win rows that fell out of the winners board's window at `now`, in batches of
 * BET_WIN_PRUNE_BATCH, stopping at the first batch that finds fewer (nothing is left) or after
 * BET_WIN_PRUNE_BATCHES_PER_RUN; the number deleted. A row settled exactly at the window's start
 * stays: the board reads `settled_at >= now - window`.
 */
export async function pruneOldBetWins(db: Kysely<DB>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WINNER_DAYS * 86_400_000);
  let deleted = 0;
  for (let i = 0; i < BET_WIN_PRUNE_BATCHES_PER_RUN; i++) {
    const n = await pruneBetWins(db, before, BET_WIN_PRUNE_BATCH);
    deleted += n;
    if (n < BET_WIN_PRUNE_BATCH) break;
  }
  return deleted;
}

/**
 * bet_win holds every winning bet (thousands a second at peak) and the board reads only its last
 * WINNER_DAYS days (decision 024). Every 5 s the rows older than that at the window's end go. The
 * work runs in the job's transaction: on PGlite it holds the one connection, which is why a run is
 * bounded. A missed window needs no catching up: each run takes the oldest rows still there.
 */
export function registerGamesJobs(jobs: JobRunner): void {
  jobs.register(BET_WIN_PRUNE_JOB, { everyMs: 5_000 }, async ({ window, db }) => ({
    pruned: await pruneOldBetWins(db, window.end),
  }));
}
