/**
 * What `npm start` (scripts/start.ts) sets before it starts the server, unless already set: the
 * same server as `node apps/server/src/main.ts`, set up for a person trying the site.
 */
export function startEnvironment(env: NodeJS.ProcessEnv): void {
  // A demo start: a database seeded now also gets the demo member's lottery bets (decision 022);
  // main.ts started on its own (tests, e2e servers) leaves them out unless DEMO_LOTTERY_BETS=1.
  env.DEMO_LOTTERY_BETS ??= '1';
  // A demo start: the chat room open, with a few of the demo players' words in its Lobby
  // (seed/demo-chat.ts); tests and e2e servers keep it closed and empty unless DEMO_CHAT=1.
  env.DEMO_CHAT ??= '1';
  // A demo start: an empty database gets the demo accounts, games and content beside the reference
  // data (seed/seed.ts); a plain `node apps/server/src/main.ts` seeds reference data only. Not
  // asked for with NODE_ENV=production, which refuses it (config.ts): reference data only there.
  if (env.NODE_ENV !== 'production') env.SEED_DEMO ??= '1';
  // Readable log lines for the person who started it, also through `npm start | tee` (not a
  // terminal); production keeps JSON lines for its log collector.
  if (env.NODE_ENV !== 'production') env.LOG_FORMAT ??= 'pretty';
}
