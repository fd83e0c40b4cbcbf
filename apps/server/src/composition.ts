/**
 * The composition root: every service of the server is built here, once, from the configuration
 * and the database, and every route plugin is listed here. `buildApp` and the operator CLI's direct
 * mode both use it, so a service is wired the same way whichever door the caller came in by.
 *
 * Adding a domain: construct its service in `createServices` (after the services it needs) and put
 * it in the returned object; add its route plugin to `routePlugins`. Modules never build each
 * other's services; they receive them through `app.ctx` (routes) or their constructor (services).
 */
import { pino, type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database } from './db/connection.ts';
import { ChangeFeed } from './platform/change-feed.ts';
import { defaultSessionPolicy, type SessionPolicy } from './platform/auth/session.ts';
import { PayloadKeys, type PayloadKeyPolicy } from './platform/crypto/payload-keys.ts';
import { RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import {
  Outbox,
  transportsFromEnv,
  type OutboxChannel,
  type OutboxTransport,
} from './platform/outbox/outbox.ts';
import { CaptchaService } from './platform/captcha/captcha.ts';
import { SliderChallenge } from './platform/challenge/slider-challenge.ts';
import { devOutboxRoutes } from './platform/outbox/dev-outbox.routes.ts';
import { opsRoutes } from './cli/ops.routes.ts';
import { BrandConfigStore } from './modules/system/brand-config.ts';
import { SystemService } from './modules/system/system.service.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { NoticesService } from './modules/notices/notices.service.ts';
import { noticesRoutes } from './modules/notices/notices.routes.ts';
import { cdnRoutes } from './modules/cdn/cdn.routes.ts';
import { WalletService } from './modules/wallet/wallet.service.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { DepositService } from './modules/deposit/deposit.service.ts';
import { SandboxGateway } from './modules/deposit/sandbox-gateway.ts';
import { depositRoutes } from './modules/deposit/deposit.routes.ts';
import { MemberService } from './modules/member/member.service.ts';
import { memberRoutes } from './modules/member/member.routes.ts';
import { PasswordResetService } from './modules/member/password-reset.service.ts';
import { VerificationService, type VerificationPolicy } from './modules/verification/verification.service.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { SessionService, type LoginPolicy } from './modules/session/session.service.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { RegistrationService, type RegistrationPolicy } from './modules/registration/registration.service.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { SocialSignIn, type SocialPolicy } from './modules/social/social.service.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { AgentRegisterService } from './modules/agent/register.service.ts';
import { agentRegisterRoutes } from './modules/agent/register.routes.ts';
import { MemberEvents } from './platform/realtime/member-events.ts';
import { EventStreams, type StreamPolicy } from './platform/realtime/event-streams.ts';
import { realtimeRoutes } from './platform/realtime/realtime.routes.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { MemberNotices } from './modules/messages/member-notices.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { RecordsService } from './modules/records/records.service.ts';
import { recordsRoutes } from './modules/records/records.routes.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { PointsService, registerPointsJobs } from './modules/points/points.service.ts';
import { MallService } from './modules/points/mall.service.ts';
import { pointsBoRoutes } from './modules/points/points-bo.routes.ts';
import { ReferralService, registerReferralJobs } from './modules/referral/referral.service.ts';
import { referralRoutes } from './modules/referral/referral.routes.ts';
import { SupportService } from './modules/support/support.service.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { ChatService } from './modules/chat/chat.service.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { BonusService, registerBonusJobs } from './modules/promotions/bonus.service.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { promotionsBoRoutes } from './modules/promotions/promotions-bo.routes.ts';
import { engagementBoRoutes } from './modules/backoffice/engagement-bo.routes.ts';
import { VipService } from './modules/vip/vip.service.ts';
import { MissionService } from './modules/vip/missions.service.ts';
import { registerVipJobs } from './modules/vip/vip.jobs.ts';
import { RaffleService, registerRaffleJobs } from './modules/raffles/raffles.service.ts';
import { rafflesRoutes } from './modules/raffles/raffles.routes.ts';
import { vipRoutes } from './modules/vip/vip.routes.ts';
import { GamesService } from './modules/games/games.service.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { registerGamesJobs } from './modules/games/games.jobs.ts';
import { LotteryGames } from './modules/lottery/lottery-games.ts';
import { LotteryEngine } from './modules/lottery/lottery-engine.ts';
import { LotteryService } from './modules/lottery/lottery.service.ts';
import { lotteryRoutes } from './modules/lottery/lottery.routes.ts';
import { registerLotteryJobs } from './modules/lottery/lottery.jobs.ts';
import { LotteryDemoBets } from './modules/lottery/lottery-demo-bets.ts';
import { SeamlessWallet } from './modules/games/seamless-wallet.ts';
import { SandboxVendor, SANDBOX_VENDOR_CODE } from './modules/games/sandbox-vendor.ts';
import { RemoteVendor, remoteVendorsFromEnv } from './modules/games/remote-vendor.ts';
import { VendorRegistry } from './modules/games/vendors.ts';
import { GameLaunchService } from './modules/games/game-launch.service.ts';
import { HouseGamesService } from './modules/house-games/house-games.service.ts';
import { DEFAULT_ORIGINAL_LIMITS } from './modules/house-games/house-games.service.ts';
import { CrashService, type CrashPolicy } from './modules/crash/crash.service.ts';
import { crashRoutes } from './modules/crash/crash.routes.ts';
import { houseGamesRoutes } from './modules/house-games/house-games.routes.ts';
import { JobRunner, type JobRunnerOptions } from './platform/jobs/job-runner.ts';
import { WithdrawService } from './modules/withdraw/withdraw.service.ts';
import { withdrawRoutes } from './modules/withdraw/withdraw.routes.ts';
import { registerWithdrawJobs } from './modules/withdraw/withdraw.jobs.ts';
import { registerDepositJobs } from './modules/deposit/deposit.jobs.ts';
import { withdrawPolicyFromEnv, type WithdrawPolicy } from './modules/withdraw/withdraw-policy.ts';
import { databaseProofStore, directoryProofStore } from './modules/withdraw/proof-store.ts';
import { ProfileService } from './modules/profile/profile.service.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { ResponsibleService, type ResponsiblePolicy } from './modules/responsible/responsible.service.ts';
import { responsibleRoutes } from './modules/responsible/responsible.routes.ts';
import { AgentStats, registerAgentStatsJobs, reportTimeZoneFromEnv } from './modules/agent/stats.ts';
import { AgentRebates, registerRebateJobs } from './modules/agent/rebate-job.ts';
import { AgentReportsService } from './modules/agent/reports.service.ts';
import { AgentTeamBalance, registerTeamBalanceJobs } from './modules/agent/team-balance.ts';
import { agentReportsRoutes } from './modules/agent/reports.routes.ts';
import { TeamService } from './modules/agent/team.service.ts';
import { teamRoutes } from './modules/agent/team.routes.ts';
import { AgentTransferService } from './modules/agent/agent-transfer.service.ts';
import { agentTransferRoutes } from './modules/agent/agent-transfer.routes.ts';
import { AgentContractService } from './modules/agent/contracts.service.ts';
import { ContractSettlement, registerContractJobs } from './modules/agent/contract-settlement.ts';
import { ContractReads } from './modules/agent/contract-reads.ts';
import { agentContractRoutes } from './modules/agent/contracts.routes.ts';
import { AuditLog } from './modules/backoffice/audit.service.ts';
import { StaffService, type StaffPolicy } from './modules/backoffice/staff.service.ts';
import { backofficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { approvalsRoutes } from './modules/backoffice/approvals.routes.ts';
import { PlayersService } from './modules/backoffice/players.service.ts';
import { OperationsService } from './modules/backoffice/operations.service.ts';
import { playersRoutes } from './modules/backoffice/players.routes.ts';
import { ContentService } from './modules/backoffice/content-bo.service.ts';
import { contentBoRoutes } from './modules/backoffice/content-bo.routes.ts';
import { ContentVersionsBo } from './modules/backoffice/content-bo.versions.ts';
import { ContentVersions } from './modules/content-language/content-versions.ts';
import { AgentsBoService } from './modules/backoffice/agents-bo.service.ts';
import { agentsBoRoutes } from './modules/backoffice/agents-bo.routes.ts';
import { DashboardService } from './modules/backoffice/dashboard.service.ts';
import { GamesBoService } from './modules/backoffice/games-bo.service.ts';
import { gamesBoRoutes } from './modules/backoffice/games-bo.routes.ts';
import { SiteBoService } from './modules/backoffice/site-bo.service.ts';
import { siteBoRoutes } from './modules/backoffice/site-bo.routes.ts';
import { dashboardRoutes } from './modules/backoffice/dashboard.routes.ts';
import { registerSiteFiguresJobs, SiteFigures } from './modules/backoffice/site-figures.ts';
import { ReportsBoService } from './modules/backoffice/reports-bo.service.ts';
import { reportsBoRoutes } from './modules/backoffice/reports-bo.routes.ts';
import { LotteryBoService } from './modules/backoffice/lottery-bo.service.ts';
import { lotteryBoRoutes } from './modules/backoffice/lottery-bo.routes.ts';
import {
  ApprovalsService,
  approvalPolicyFromEnv,
  type ApprovalPolicy,
} from './modules/backoffice/approvals.service.ts';

/** What the services are built from. */
export interface ServiceDeps {
  config: AppConfig;
  database: Database;
  /** Token the operator CLI presents to /ops (null: the endpoint is closed). */
  opsToken?: string | null;
  /** Session time-outs; by default from the configuration. */
  sessionPolicy?: SessionPolicy;
  /** Where a brand config edit that fails validation is reported (the server's log). */
  onBrandConfigInvalid?: (message: string) => void;
  /** The server's log; a silent one when the server was built without one (most tests). */
  log?: Logger;
}

/** Tunables of the services; every field has a production default (tests shorten them). */
export interface ServiceOptions {
  payloadKeys?: Partial<PayloadKeyPolicy>;
  /** Encrypts the stored RSA private keys (PKCS#8 with AES-256-CBC); env PAYLOAD_KEY_PASSPHRASE. */
  payloadKeyPassphrase?: string;
  login?: Partial<LoginPolicy>;
  verification?: Partial<VerificationPolicy>;
  registration?: Partial<RegistrationPolicy>;
  /** Social sign-in's flow and ticket lifetimes (decision 045). */
  social?: Partial<SocialPolicy>;
  /** Delivery routes; by default from the environment (none: messages stay in the outbox). */
  outboxTransports?: Partial<Record<OutboxChannel, OutboxTransport>>;
  /** HMAC secret shared with the sandbox payment gateway; by default the configuration's (SANDBOX_PAY_SECRET). */
  sandboxPaySecret?: string;
  /** Withdrawal limits; by default from the environment (WITHDRAW_*, README). */
  withdraw?: Partial<WithdrawPolicy>;
  /** The scheduled jobs' tick (tests set tickMs 0 and call runDue themselves). */
  jobs?: JobRunnerOptions;
  /** The live event stream's heartbeat, session check and ticket lifetime. */
  streams?: Partial<StreamPolicy>;
  /**
   * Crash's schedule (decision 055). Its loop starts with the services unless `autostart` is false
   * (the default under Vitest, where a test starts it, or the first Crash call does).
   */
  crash?: Partial<CrashPolicy> & { autostart?: boolean };
  /** Signs the sandbox game vendor's launch tokens and callbacks; by default the configuration's (GAME_SANDBOX_SECRET). */
  gameSandboxSecret?: string;
  /** IANA name of the agent reports' time zone; by default env REPORT_TIME_ZONE, else GMT+8 (Asia/Shanghai). */
  reportTimeZone?: string;
  /** The back office's staff sessions and sign-in limits (decision 031). */
  staff?: Partial<StaffPolicy>;
  /** The approval queues' four-eyes threshold; by default env APPROVAL_FOUR_EYES_ABOVE (decision 031). */
  approvals?: Partial<ApprovalPolicy>;
  /** Responsible gambling's time zone, clock and cooling-off (decision 039). */
  responsible?: Partial<ResponsiblePolicy>;
}

/** Builds every service. Constructors only: nothing starts until `startServices`. */
export function createServices(deps: ServiceDeps, options: ServiceOptions = {}) {
  const { config, database } = deps;
  const feed = new ChangeFeed(database);
  const brand = new BrandConfigStore(config.brandConfigPath, deps.onBrandConfigInvalid);
  const sessionPolicy = deps.sessionPolicy ?? config.session ?? defaultSessionPolicy;

  const system = new SystemService(database, feed);
  // The operator's brand settings (decision 040) come with the system snapshot and its reloads.
  brand.attach(system);
  const notices = new NoticesService(database, feed);
  const payloadKeys = new PayloadKeys(
    database,
    options.payloadKeys,
    options.payloadKeyPassphrase ?? process.env.PAYLOAD_KEY_PASSPHRASE,
  );
  const rateLimiter = new RateLimiter(database);
  const outbox = new Outbox(database, options.outboxTransports ?? transportsFromEnv());
  const captcha = new CaptchaService(database, {
    limiter: rateLimiter,
    ...(config.captchaCheck ? { check: config.captchaCheck } : {}),
  });
  const challenge = new SliderChallenge(database);
  const members = new MemberService(database, system, brand);
  const wallet = new WalletService(database, brand, { feed, limiter: rateLimiter, members });
  // Limits, time-outs and self-exclusion, checked by every money path and launch (decision 039).
  const responsible = new ResponsibleService(
    { database, currency: () => wallet.currency() },
    options.responsible,
  );
  const sandboxPaySecret = options.sandboxPaySecret ?? config.secrets.sandboxPay;
  const sandboxGateway = new SandboxGateway(database, sandboxPaySecret, () => wallet.currency().precision);
  // Deposits and withdrawals tell the member in their inbox; the live events are built further down.
  const memberNotices = new MemberNotices(() => memberEvents);
  const deposits = new DepositService({
    notices: memberNotices,
    database,
    wallet,
    gateway: sandboxGateway,
    feed,
    sandboxSecret: sandboxPaySecret,
    responsible,
  });
  const verification = new VerificationService(
    { database, system, brand, outbox, challenge },
    options.verification,
  );
  const sessions = new SessionService(
    {
      database,
      system,
      members,
      verification,
      wallet,
      captcha,
      limiter: rateLimiter,
      sessionPolicy,
      responsible,
    },
    options.login,
  );
  const withdrawals = new WithdrawService({
    notices: memberNotices,
    database,
    wallet,
    members,
    policy: { ...withdrawPolicyFromEnv(brand.get().currency.precision), ...options.withdraw },
    proofs: database.kind === 'postgres' ? databaseProofStore : directoryProofStore(config.dataDir),
    // A withdrawal while a bonus is being wagered (decision 041); `bonus` is made below.
    bonusGate: (...args: Parameters<BonusService['withdrawalGate']>): Promise<void> =>
      bonus.withdrawalGate(...args),
  });
  const profile = new ProfileService({
    database,
    wallet,
    limiter: rateLimiter,
    verification,
    members,
    withdrawals,
    minimumAge: () => brand.get().minimumAge,
  });
  // Scheduled work of every module, run once per window across all instances (platform/jobs).
  const jobs = new JobRunner(database, options.jobs);
  registerWithdrawJobs(jobs, withdrawals);
  // The gateway's notification retries and our reconciliation of its payments (issue 28).
  registerDepositJobs(jobs, deposits, sandboxGateway);
  // The agent centre's team figures, folded from the triggers' queue with the rebates they earn,
  // the jobs that credit the agents' once a minute and the players' own hourly, and the reports
  // that read them (issue 29, decision 028).
  const reportTimeZone = options.reportTimeZone ?? reportTimeZoneFromEnv();
  const agentRebates = new AgentRebates({ database, wallet });
  registerRebateJobs(jobs, agentRebates);
  const agentStats = new AgentStats({ database, timeZone: reportTimeZone });
  registerAgentStatsJobs(jobs, agentStats);
  // Points earned on settled bets, folded from their queue (decision 033).
  const points = new PointsService({ database, precision: () => wallet.currency().precision });
  registerPointsJobs(jobs, points);
  // The site's day figures the Dashboard and the Reports read, folded from their queue (decision 038).
  const siteFigures = new SiteFigures({ database, timeZone: reportTimeZone });
  registerSiteFiguresJobs(jobs, siteFigures);
  // The large teams' balances, taken every minute for the overview (decision 064).
  const agentTeamBalance = new AgentTeamBalance({ database, currency: () => wallet.currency().code });
  registerTeamBalanceJobs(jobs, agentTeamBalance);
  const agentReports = new AgentReportsService({
    database,
    wallet,
    teamBalance: agentTeamBalance,
    timeZone: reportTimeZone,
  });
  const memberEvents = new MemberEvents(database);
  const messages = new MessagesService(database, memberEvents);
  const records = new RecordsService(database, wallet, { withdrawals });
  // The lottery vendor of our own (issue 9, decision 022) and its draw and settlement jobs.
  const lotteryGames = new LotteryGames(database, feed);
  const lotteryEngine = new LotteryEngine({ database, wallet, records, games: (db) => lotteryGames.all(db) });
  const lottery = new LotteryService({
    database,
    wallet,
    records,
    games: lotteryGames,
    engine: lotteryEngine,
    responsible,
  });
  registerLotteryJobs(jobs, lotteryEngine);
  // The demo member's bets on a database the seed marked for them (a demo start), once the numero
  // job has made the numeros; tried on the jobs' tick until placed.
  const lotteryDemoBets = new LotteryDemoBets({ database, lottery }, { tickMs: options.jobs?.tickMs });
  const games = new GamesService({ database, feed, wallet });
  // The winners board's table keeps only the board's window (decision 024).
  registerGamesJobs(jobs);
  const seamlessWallet = new SeamlessWallet({
    database,
    wallet,
    records,
    responsible,
    batch: config.spinBatch,
  });
  // Game vendors (decision 019): the sandbox vendor launches every code without an adapter of its
  // own, but takes wallet callbacks over HTTP only under its own code (SBX).
  const sandboxVendor = new SandboxVendor({
    database,
    wallet: seamlessWallet,
    secret: options.gameSandboxSecret ?? config.secrets.gameSandbox,
  });
  const vendors = new VendorRegistry(sandboxVendor, SANDBOX_VENDOR_CODE);
  const houseGames = new HouseGamesService({
    database,
    wallet,
    seamless: seamlessWallet,
    launches: sandboxVendor,
  });
  // Crash: the shared rounds of one loop per instance, the game's lock deciding who works (decision 055).
  const { autostart: crashAutostart, ...crashPolicy } = options.crash ?? {};
  const crash = new CrashService({
    database,
    wallet,
    seamless: seamlessWallet,
    originalLimits: DEFAULT_ORIGINAL_LIMITS,
    policy: crashPolicy,
    autostart: crashAutostart ?? !process.env.VITEST,
  });
  for (const remote of remoteVendorsFromEnv(process.env))
    vendors.register(new RemoteVendor(remote, seamlessWallet));
  const gameLaunch = new GameLaunchService({ database, games, seamlessWallet, vendors, wallet, responsible });
  const streams = new EventStreams(
    {
      database,
      events: memberEvents,
      sources: {
        balance: (memberId) => wallet.balance(memberId),
        unread: async (memberId) => ({ count: await messages.unreadCount(memberId) }),
        // The chat room's unread count (decision 054); `chat` is built below.
        chat: (memberId) => chat.unreadOf(memberId),
      },
    },
    options.streams,
  );
  // The agent centre's register centre; registration reads its links (issue 29).
  const agentRegister = new AgentRegisterService({ database, system, members, wallet });
  const registration = new RegistrationService(
    {
      database,
      system,
      members,
      sessions,
      verification,
      wallet,
      captcha,
      limiter: rateLimiter,
      links: agentRegister,
      minimumAge: () => brand.get().minimumAge,
    },
    options.registration,
  );
  // Social sign-in through the configured OpenID providers (RG-06, decision 045).
  const social = new SocialSignIn(
    { database, sessions, registration, limiter: rateLimiter, providers: config.socialProviders },
    options.social,
  );
  // The agent centre's team management and transfers (issue 29).
  const agentTeam = new TeamService({ database, wallet, messages, teamBalance: agentTeamBalance });
  const agentTransfers = new AgentTransferService({ database, wallet, members, system });
  // Agent contracts' store and offer/answer flow (issue 30).
  const agentContracts = new AgentContractService({ database });
  // Their settlement on the job runner, statements and simulator (decision 030, "Settlement").
  const contractSettlement = new ContractSettlement({ database, wallet, timeZone: reportTimeZone });
  registerContractJobs(jobs, contractSettlement);
  const contractReads = new ContractReads({ database, timeZone: reportTimeZone });
  const passwordReset = new PasswordResetService({
    database,
    system,
    brand,
    members,
    verification,
    sessions,
    outbox,
    limiter: rateLimiter,
  });
  // The back office's staff and its audit log (issue 31, decision 031).
  const audit = new AuditLog(database);
  const staff = new StaffService(
    { database, audit, limiter: rateLimiter },
    { issuer: `${brand.get().brandName} back office`, ...options.staff },
  );
  // The approval queues: the one path of an operator's approve, reject and pay (CLI and back office).
  const approvals = new ApprovalsService({
    database,
    deposits,
    withdrawals,
    wallet,
    audit,
    policy: { ...approvalPolicyFromEnv(brand.get().currency.precision), ...options.approvals },
  });
  // The points mall: goods, redeems, conversions and the operator's decisions (decision 033).
  const mall = new MallService({ database, wallet, audit });
  // Invite friends: codes, friends and the reward paid once by its job (decision 043).
  const referral = new ReferralService({ database, system, wallet, audit });
  registerReferralJobs(jobs, referral);
  // Customer service addresses and the feedback form (decision 043).
  const support = new SupportService({ database, system, limiter: rateLimiter, audit });
  // The chat room: groups by VIP rank, messages, read marks and staff's moderation (decision 054).
  const chat = new ChatService({ database, system, events: memberEvents, audit });
  // Promotions with real bonuses: the bonus wallet, its wagering from the points fold's bets and
  // its expiry on the job runner (decision 041).
  const bonus: BonusService = new BonusService({
    database,
    wallet,
    audit,
    timeZone: (): string => withdrawals.policy.timeZone,
  });
  points.observe((trx, bets) => bonus.onFolded(trx, bets));
  registerBonusJobs(jobs, bonus);
  // VIP levels from the agent fold's member-day figures, and missions, on the job runner (decision 042).
  const vip = new VipService({ database, wallet, audit, feed, timeZone: reportTimeZone });
  const missions = new MissionService({ database, wallet, audit, timeZone: reportTimeZone });
  registerVipJobs(jobs, vip, missions);
  // Raffles: entries by the claim call, the draw on the job runner, prizes through the ledger (decision 053).
  const raffles = new RaffleService({ database, wallet, audit });
  registerRaffleJobs(jobs, raffles);
  // The operator's settings and sends (deposit channels, wallet mode, messages, job runs), audited.
  const operations = new OperationsService({ database, audit, deposits, wallet, messages, jobs, feed });
  // The Players section and the Dashboard's figures (issue 31, decision 031).
  const players = new PlayersService({ database, wallet, audit, responsible, bonus, points });
  // The Games and Site sections: the one audited path of catalogue and site changes, CLI too (decision 035).
  const gamesBo = new GamesBoService({ database, games, audit });
  const siteBo = new SiteBoService({ database, system, audit, brand });
  const dashboard = new DashboardService({ database, wallet, timeZone: reportTimeZone });
  // The Content section: notices, promotions, banners and help, sanitised and audited (decision 036).
  const content = new ContentService({ database, audit, feed });
  const reportsBo = new ReportsBoService({ database, wallet, timeZone: reportTimeZone });
  // Content in the player's language: the players' answers and the staff's versions (decision 047).
  const contentVersions = new ContentVersions({ database, feed, brand });
  const contentVersionsBo = new ContentVersionsBo({ database, audit, feed, brand });
  // The Lottery section: results, corrections and voids previewed, settled and audited (decision 034).
  const lotteryBo = new LotteryBoService({ database, wallet, lottery, audit });
  // The Agents section: the tree, an agent's page, and the audited re-run of a settled period.
  const agentsBo = new AgentsBoService({
    database,
    wallet,
    audit,
    reports: agentReports,
    contractReads,
    settlement: contractSettlement,
  });

  return {
    log: deps.log ?? pino({ enabled: false }),
    lottery,
    lotteryDemoBets,
    config,
    database,
    feed,
    brand,
    sessionPolicy,
    opsToken: deps.opsToken ?? null,
    system,
    notices,
    payloadKeys,
    rateLimiter,
    outbox,
    captcha,
    challenge,
    wallet,
    responsible,
    sandboxGateway,
    deposits,
    members,
    verification,
    sessions,
    registration,
    social,
    agentRegister,
    passwordReset,
    withdrawals,
    profile,
    jobs,
    memberEvents,
    messages,
    records,
    games,
    seamlessWallet,
    sandboxVendor,
    vendors,
    gameLaunch,
    houseGames,
    crash,
    streams,
    agentStats,
    siteFigures,
    points,
    mall,
    referral,
    support,
    chat,
    bonus,
    vip,
    missions,
    raffles,
    agentRebates,
    agentReports,
    agentTeamBalance,
    agentTeam,
    agentTransfers,
    agentContracts,
    contractSettlement,
    contractReads,
    audit,
    staff,
    approvals,
    operations,
    players,
    content,
    gamesBo,
    contentVersions,
    contentVersionsBo,
    siteBo,
    dashboard,
    reportsBo,
    lotteryBo,
    agentsBo,
  };
}

/** Every service, by name: what a route reaches as `app.ctx`. */
export type Services = ReturnType<typeof createServices>;

/** Starts the background work of the services (change notices, outbox delivery). */
export async function startServices(services: Services): Promise<void> {
  await services.feed.start();
  // The brand settings loaded before the first request (they are read without waiting after).
  await services.brand.current().catch(() => undefined);
  await services.memberEvents.start();
  services.outbox.start();
  services.jobs.start();
  services.lotteryDemoBets.start();
  services.crash.onError = (err) => services.log.warn({ err }, 'crash loop failed');
  if (services.crash.autostart) await services.crash.start();
}

/** Stops what `startServices` started; pending deliveries finish first. */
export async function stopServices(services: Services): Promise<void> {
  await services.crash.stop();
  await services.lotteryDemoBets.stop();
  await services.jobs.stop();
  await services.outbox.stop();
  await services.memberEvents.stop();
  await services.feed.stop();
}

/** Every route plugin of the server, in registration order. */
export function routePlugins(config: AppConfig): Array<(app: FastifyInstance) => Promise<void>> {
  return [
    systemRoutes,
    noticesRoutes,
    opsRoutes,
    cdnRoutes,
    sessionRoutes,
    memberRoutes,
    registrationRoutes,
    socialRoutes,
    agentRegisterRoutes,
    verificationRoutes,
    walletRoutes,
    depositRoutes,
    messagesRoutes,
    recordsRoutes,
    pointsRoutes,
    referralRoutes,
    supportRoutes,
    chatRoutes,
    promotionsRoutes,
    vipRoutes,
    gamesRoutes,
    houseGamesRoutes,
    crashRoutes,
    realtimeRoutes,
    withdrawRoutes,
    profileRoutes,
    responsibleRoutes,
    lotteryRoutes,
    agentReportsRoutes,
    teamRoutes,
    agentTransferRoutes,
    agentContractRoutes,
    backofficeRoutes,
    approvalsRoutes,
    pointsBoRoutes,
    promotionsBoRoutes,
    engagementBoRoutes,
    rafflesRoutes,
    playersRoutes,
    contentBoRoutes,
    dashboardRoutes,
    gamesBoRoutes,
    siteBoRoutes,
    reportsBoRoutes,
    lotteryBoRoutes,
    agentsBoRoutes,
    ...(config.devOutbox ? [devOutboxRoutes] : []),
  ];
}
