/**
 * Agent contracts (issue 30, decision 030): the pure core the server's settlement and the web's
 * simulator share, so that they cannot disagree. Kinds and tiers, tier validation, the status
 * state machine, periods, payouts, the differential, the higher-rate rule and the statement.
 */
export * from './kinds.ts';
export * from './status.ts';
export * from './tiers.ts';
export * from './days.ts';
export * from './periods.ts';
export * from './payout.ts';
export * from './differential.ts';
export * from './higher-rate.ts';
export * from './statement.ts';
export * from './simulate.ts';
