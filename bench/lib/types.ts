/**
 * One line of the `npm run bench` table. Every bench module (bench/*.bench.ts) exports
 * `run(): Promise<BenchRow[]>`; the runner prints all rows in one table.
 */
export interface BenchRow {
  /** What was measured, e.g. "JS loaded by the home route (gzip)". */
  figure: string;
  /** The measured value with its unit, e.g. "118.4 kB". */
  value: string;
  /** The budget it is held to, e.g. "<= 150 kB"; "-" for a reference figure. */
  budget: string;
  pass: boolean;
}

export type BenchModule = { run(): Promise<BenchRow[]> };
