import { sql, type Kysely } from 'kysely';
import {
  AgentType,
  memberSeriesBand,
  type BetProduct,
  type ContractTerms,
  type RebateProduct,
} from '@app/contract';
import type { Database } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../platform/crypto/password-hash.ts';
import { BrandConfigStore } from '../modules/system/brand-config.ts';
import { prepareMember, type NewMemberInput } from '../modules/member/member.service.ts';
import { HouseAccount, WalletService, WalletType } from '../modules/wallet/wallet.service.ts';
import { RecordsService } from '../modules/records/records.service.ts';
import { AgentContractService } from '../modules/agent/contracts.service.ts';
import { orderNo as withdrawalNo } from '../modules/withdraw/withdraw.service.ts';
import { GAMES_HOUSE } from '../modules/games/seamless-wallet.ts';
import { LOTTERY_VENDOR } from '../modules/lottery/lottery-engine.ts';
import type { DemoAccount } from './demo-accounts.ts';
import { SEED_REFERENCE, dayMs } from './demo-content.ts';

/**
 * The demo agent tree (issue 29), so the agent centre has a team to show on a demo's first start:
 * agent1 (the demo top agent, seed/accounts.ts) → agent2 → subagent3 → subagent4, three levels of
 * sub-agents, with players spread over the levels and a few days of history each (deposits, bets
 * on several products, withdrawals), every movement through the ledger.
 *
 * Prize groups fall down the chain and no downline's group or product rebate is above its
 * upline's (decision 028). Times are relative to the seed's moment and everything else comes
 * from a seeded generator, so two seeds made at the same moment are the same.
 *
 * Limitation of an append-only ledger (decision 027): a movement's time is the moment it was
 * posted, so every seeded movement is dated at the seed. The business rows that carry times of
 * their own (bets' bet_at and settled_at, deposit orders, withdrawals and their timeline) are dated
 * over the past days.
 */

const AGENT_PASSWORD = 'Agent1234';
const PLAYER_PASSWORD = 'Player1234';
const PLAYER_PAYMENT_PASSWORD = '246810';
const farFuture = new Date(SEED_REFERENCE + 3650 * dayMs);
const hourMs = 3_600_000;
/** Days of history before the seed's moment. */
export const HISTORY_DAYS = 5;

type Rebates = Partial<Record<RebateProduct, number>>;

export interface DemoTreeMember {
  username: string;
  /** Its upline's username; agent1 tops the tree (its own upline is none). */
  upline: string | null;
  /** True for the agents seed/accounts.ts creates, whose prize group and rebates are set here. */
  existing?: boolean;
  agentType: number;
  lotterySeries: number;
  /** Rebates in basis points of valid bet. */
  rebates: Rebates;
  nickname?: string;
  payeeName?: string;
  /** The games the player plays (a player has history; an agent has none). */
  games?: readonly DemoGame[];
}

export interface DemoGame {
  vendor: string;
  product: BetProduct;
  gameCode: string;
  gameName: string;
  /** A lottery's family (migration 015): its series band. */
  family?: string;
}

// Games of the demo catalogue (games-catalogue.ts) and lotteries of migration 015; demo-agents.test.ts
// checks they exist. No fishing games: a test reads the fishing winners board from empty.
const game = {
  evoBaccarat: { vendor: 'EVO', product: 'LIVE', gameCode: 'EVO-LIVE-1', gameName: 'Baccarat' },
  evoRoulette: { vendor: 'EVO', product: 'LIVE', gameCode: 'EVO-LIVE-2', gameName: 'Roulette' },
  sexyBaccarat: { vendor: 'SEXY', product: 'LIVE', gameCode: 'SEXY-LIVE-5', gameName: 'Baccarat' },
  goldenTreasure: { vendor: 'PG', product: 'RNG', gameCode: 'PG-00009', gameName: 'Golden Treasure' },
  goldenKoi: { vendor: 'PP', product: 'RNG', gameCode: 'PP-00007', gameName: 'Golden Koi' },
  goldenLotus: { vendor: 'JILI', product: 'RNG', gameCode: 'JILI-00006', gameName: 'Golden Lotus' },
  saba: { vendor: 'SABA', product: 'SPORTS', gameCode: 'SABA-SPORTS-LOBBY', gameName: 'Saba Sportsbook' },
  ds88: { vendor: 'DS88', product: 'SPORTS', gameCode: 'DS88-SPORTS-LOBBY', gameName: 'DS88 Sabong Arena' },
  vnFast5: {
    vendor: LOTTERY_VENDOR,
    product: 'LOTT',
    gameCode: 'VNF5',
    gameName: 'Vietnam fast 5 minutes',
    family: 'VNFAST',
  },
  north: {
    vendor: LOTTERY_VENDOR,
    product: 'LOTT',
    gameCode: 'XSMB',
    gameName: 'Miền Bắc',
    family: 'VNNORTH',
  },
  ssc1: {
    vendor: LOTTERY_VENDOR,
    product: 'ELOTT',
    gameCode: 'SSC1',
    gameName: '5D 1 minute',
    family: 'SSC',
  },
  fast3: {
    vendor: LOTTERY_VENDOR,
    product: 'ELOTT',
    gameCode: 'K31',
    gameName: 'Fast 3 1 minute',
    family: 'K3',
  },
} as const satisfies Record<string, DemoGame>;

/** The tree, uplines first. */
export const demoTree: readonly DemoTreeMember[] = [
  {
    username: 'agent1',
    upline: null,
    existing: true,
    agentType: AgentType.agent1,
    lotterySeries: 1956,
    rebates: { LIVE: 100, RNG: 150, SPORTS: 80 },
  },
  {
    username: 'agent2',
    upline: 'agent1',
    existing: true,
    agentType: AgentType.agent2,
    lotterySeries: 1950,
    rebates: { LIVE: 90, RNG: 130, SPORTS: 70 },
  },
  {
    username: 'subagent3',
    upline: 'agent2',
    agentType: AgentType.agent2,
    lotterySeries: 1940,
    rebates: { LIVE: 70, RNG: 110, SPORTS: 50 },
    nickname: 'Hanoi Sub-agent',
    payeeName: 'Tran Thi Sub',
  },
  {
    username: 'subagent4',
    upline: 'subagent3',
    agentType: AgentType.agent2,
    lotterySeries: 1930,
    rebates: { LIVE: 50, RNG: 90, SPORTS: 30 },
    nickname: 'Danang Sub-agent',
    payeeName: 'Le Van Sub',
  },
  {
    username: 'demoplayer1',
    upline: 'agent1',
    agentType: AgentType.member,
    lotterySeries: 1950,
    rebates: { LIVE: 80, RNG: 120 },
    nickname: 'Bangkok Player',
    payeeName: 'Anan Player',
    games: [game.evoBaccarat, game.goldenTreasure, game.vnFast5],
  },
  {
    username: 'demoplayer2',
    upline: 'agent2',
    agentType: AgentType.member,
    lotterySeries: 1944,
    rebates: { RNG: 100, SPORTS: 60 },
    nickname: 'Saigon Player',
    payeeName: 'Pham Van Player',
    games: [game.goldenKoi, game.ssc1, game.saba],
  },
  {
    username: 'demoplayer3',
    upline: 'subagent3',
    agentType: AgentType.member,
    lotterySeries: 1936,
    rebates: { LIVE: 60, SPORTS: 40 },
    nickname: 'Hue Player',
    payeeName: 'Nguyen Thi Player',
    games: [game.sexyBaccarat, game.saba, game.north],
  },
  {
    username: 'demoplayer4',
    upline: 'subagent4',
    agentType: AgentType.member,
    lotterySeries: 1926,
    rebates: { LIVE: 40, RNG: 80 },
    nickname: 'Hai Phong Player',
    payeeName: 'Vu Van Player',
    games: [game.goldenLotus, game.fast3, game.evoRoulette],
  },
  {
    username: 'demoplayer5',
    upline: 'subagent4',
    agentType: AgentType.member,
    lotterySeries: 1920,
    rebates: { RNG: 60, SPORTS: 20 },
    nickname: 'Can Tho Player',
    payeeName: 'Do Thi Player',
    games: [game.vnFast5, game.ds88, game.goldenTreasure],
  },
];

const isPlayer = (m: DemoTreeMember) => m.agentType === AgentType.member;
const depthUnderAgent1 = (m: DemoTreeMember): number =>
  m.upline === null ? 0 : 1 + depthUnderAgent1(demoTree.find((u) => u.username === m.upline)!);

/** The accounts this file adds, printed at start with the other demo accounts (demo-accounts.ts). */
export const demoTreeAccounts: DemoAccount[] = demoTree
  .filter((m) => !m.existing)
  .map((m) =>
    isPlayer(m)
      ? {
          username: m.username,
          password: PLAYER_PASSWORD,
          kind: `player under ${m.upline} (group ${m.lotterySeries}) with ${HISTORY_DAYS} days of bets and deposits`,
        }
      : {
          username: m.username,
          password: AGENT_PASSWORD,
          kind: `agent, type 2, level ${depthUnderAgent1(m)} under agent1 (group ${m.lotterySeries})`,
        },
  );

// ---- contracts (issue 30) --------------------------------------------------------------------

const P = 'P' as const;
/**
 * The demo contracts, so the agent centre shows them on first start (decision 030 "Server"):
 * agent1 holds each kind with the platform, and two platform offers wait for its answer (daily
 * salary on deposits, a weekly lottery dividend); agent1 gave agent2 a daily salary and a monthly
 * dividend, both signed, and offers it an hourly and a real-time salary; agent2 offers subagent3 a
 * dividend. So agent1's modal holds a daily salary and a dividend request, agent2's an hourly and
 * a real-time one (the request keys the accounts' seed gave them). Amounts are minor units, rates
 * basis points, each within its offerer's.
 */
export const demoContracts: {
  upline: string | null;
  downline: string;
  status: 'A' | 'P';
  terms: ContractTerms;
}[] = [
  {
    upline: null,
    downline: 'agent1',
    status: 'A',
    terms: {
      kind: 'dividend',
      productType: 'CONS',
      computationPeriod: 'M',
      resetFrequency: 1,
      periodicTotalBetRequired: 'N',
      tiers: [
        { minimumBet: 100_000, netLoss: 50_000, activeMember: 1, periodicTotalBet: 0, contractRate: 2000 },
        { minimumBet: 1_000_000, netLoss: 500_000, activeMember: 3, periodicTotalBet: 0, contractRate: 3000 },
      ],
    },
  },
  {
    upline: null,
    downline: 'agent1',
    status: 'A',
    terms: {
      kind: 'dailySalary',
      productType: 'LOTT',
      // The first tier within the demo team's daily Vietnamese-lottery bets (tens of units a day),
      // so the demo's daily statements pay from the first start; the second above them.
      tiers: [
        { betVolume: 500, activeMember: 1, rateType: P, rate: 100 },
        { betVolume: 1_000_000, activeMember: 3, rateType: P, rate: 150 },
      ],
    },
  },
  {
    upline: null,
    downline: 'agent1',
    status: 'A',
    terms: {
      kind: 'hourlySalary',
      productType: 'LOTT',
      frequency: 'H',
      unitValue: null,
      tiers: [{ minimumBet: 50_000, activeMember: 1, rateType: P, rate: 50 }],
    },
  },
  {
    upline: null,
    downline: 'agent1',
    status: 'A',
    terms: {
      kind: 'realTimeSalary',
      productType: 'LOTT',
      tiers: [
        { betAmount: 1_000, lossRate: 100, winRate: 50 },
        { betAmount: 10_000, lossRate: 150, winRate: 80 },
      ],
    },
  },
  {
    upline: null,
    downline: 'agent1',
    status: 'P',
    terms: {
      kind: 'dailySalary',
      productType: 'DEPOSIT',
      tiers: [{ betVolume: 500_000, activeMember: 2, rateType: P, rate: 50 }],
    },
  },
  {
    upline: null,
    downline: 'agent1',
    status: 'P',
    terms: {
      kind: 'dividend',
      productType: 'LOTT',
      computationPeriod: 'W',
      resetFrequency: 1,
      periodicTotalBetRequired: 'N',
      tiers: [
        { minimumBet: 200_000, netLoss: 100_000, activeMember: 2, periodicTotalBet: 0, contractRate: 1500 },
      ],
    },
  },
  {
    upline: 'agent1',
    downline: 'agent2',
    status: 'A',
    terms: {
      kind: 'dailySalary',
      productType: 'LOTT',
      tiers: [{ betVolume: 500, activeMember: 1, rateType: P, rate: 80 }],
    },
  },
  {
    upline: 'agent1',
    downline: 'agent2',
    status: 'A',
    terms: {
      kind: 'dividend',
      productType: 'CONS',
      computationPeriod: 'M',
      resetFrequency: 1,
      periodicTotalBetRequired: 'N',
      tiers: [
        { minimumBet: 100_000, netLoss: 50_000, activeMember: 1, periodicTotalBet: 0, contractRate: 1500 },
      ],
    },
  },
  {
    upline: 'agent1',
    downline: 'agent2',
    status: 'P',
    terms: {
      kind: 'hourlySalary',
      productType: 'LOTT',
      frequency: 'H',
      unitValue: null,
      tiers: [{ minimumBet: 50_000, activeMember: 1, rateType: P, rate: 30 }],
    },
  },
  {
    upline: 'agent1',
    downline: 'agent2',
    status: 'P',
    terms: {
      kind: 'realTimeSalary',
      productType: 'LOTT',
      tiers: [{ betAmount: 1_000, lossRate: 80, winRate: 40 }],
    },
  },
  {
    upline: 'agent2',
    downline: 'subagent3',
    status: 'P',
    terms: {
      kind: 'dividend',
      productType: 'CONS',
      computationPeriod: 'M',
      resetFrequency: 1,
      periodicTotalBetRequired: 'N',
      tiers: [
        { minimumBet: 100_000, netLoss: 50_000, activeMember: 1, periodicTotalBet: 0, contractRate: 1000 },
      ],
    },
  },
];

// ---- history ---------------------------------------------------------------------------------

/** A small deterministic generator (mulberry32), as the game catalogue's: no Math.random in a seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type HistoryEvent =
  | { type: 'deposit'; at: Date; amount: number; orderNo: string }
  | { type: 'bet'; at: Date; settledAt: Date; game: DemoGame; betNo: string; stake: number; payout: number }
  | { type: 'withdrawal'; at: Date; amount: number };

export interface PlayerHistory {
  username: string;
  /** In time order; amounts in minor units. */
  events: HistoryEvent[];
  /** The main wallet's balance after them. */
  balance: number;
}

/**
 * Each player's history in minor units: a deposit five days back (a second one two days back for
 * some), two to four settled bets a day on the player's games over the last five days, never more
 * than the balance, and for some a withdrawal, paid, about two days back. Pure: `now` and the currency's
 * precision decide it all.
 */
export function demoHistory(now: number, precision: number): PlayerHistory[] {
  const rand = prng(20261129);
  const minor = (major: number) => Math.round(major * 10 ** precision);
  const between = (lo: number, hi: number, step: number) =>
    lo + step * Math.floor(rand() * ((hi - lo) / step + 1));
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replaceAll('-', '');
  return demoTree.filter(isPlayer).map((player, p) => {
    const events: HistoryEvent[] = [];
    const deposit = (at: Date, amount: number) => {
      let tail = '';
      for (let i = 0; i < 10; i++) tail += alphabet[Math.floor(rand() * alphabet.length)];
      events.push({ type: 'deposit', at, amount: minor(amount), orderNo: `D${yymmdd(at)}${tail}` });
    };
    deposit(new Date(now - HISTORY_DAYS * dayMs - between(2, 8, 1) * hourMs), between(1_000, 3_000, 100));
    if (rand() < 0.5)
      deposit(new Date(now - 2 * dayMs - between(1, 3, 1) * hourMs), between(300, 1_500, 100));
    let seq = 0;
    for (let d = HISTORY_DAYS - 1; d >= 0; d--) {
      const count = between(2, 4, 1);
      for (let i = 0; i < count; i++) {
        const g = player.games![Math.floor(rand() * player.games!.length)]!;
        // Within the day, at least an hour before the seed, settled a few minutes later.
        const at = new Date(now - d * dayMs - between(60, 20 * 60, 1) * 60_000);
        const settledAt = new Date(at.getTime() + between(1, 30, 1) * 60_000);
        const { stake, payout } = outcome(g.product, rand, between);
        seq += 1;
        events.push({
          type: 'bet',
          at,
          settledAt,
          game: g,
          betNo: `DEMO${p + 1}${String(seq).padStart(4, '0')}`,
          stake: minor(stake),
          payout: minor(payout),
        });
      }
    }
    const withdraws = rand() < 0.6;
    const withdrawAt = new Date(now - 1 * dayMs - between(21, 23, 1) * hourMs);
    // One lottery ticket of 10.00 to 40.00 settled within the hour before the seed, for a player who
    // plays a lottery: the real-time salary's first start settles the last hour's windows (its job's
    // catch-up), so the demo's real-time statements show pay from the first start, at the tier from
    // a 10.00 draw (drawn after the rest, so the other events stay as they were).
    const lottery = player.games!.find((g) => g.product === 'LOTT' || g.product === 'ELOTT');
    if (lottery) {
      const at = new Date(now - between(15, 40, 1) * 60_000);
      const stake = between(10, 40, 2);
      const payout = rand() < 0.2 ? (stake * between(19, 60, 1)) / 10 : 0;
      seq += 1;
      events.push({
        type: 'bet',
        at,
        settledAt: new Date(at.getTime() + between(1, 5, 1) * 60_000),
        game: lottery,
        betNo: `DEMO${p + 1}${String(seq).padStart(4, '0')}`,
        stake: minor(stake),
        payout: minor(payout),
      });
    }
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    // Bets beyond the balance are left out, as the wallet would refuse them.
    let balance = 0;
    const kept: HistoryEvent[] = [];
    let withdrawn = !withdraws;
    for (const e of events) {
      if (!withdrawn && e.at.getTime() > withdrawAt.getTime()) {
        withdrawn = true;
        const amount = Math.floor((balance * 0.4) / minor(100)) * minor(100);
        if (amount >= minor(100)) {
          kept.push({ type: 'withdrawal', at: withdrawAt, amount });
          balance -= amount;
        }
      }
      if (e.type === 'deposit') balance += e.amount;
      else if (e.type === 'bet') {
        if (e.stake > balance) continue;
        balance += e.payout - e.stake;
      }
      kept.push(e);
    }
    return { username: player.username, events: kept, balance };
  });
}

/** A bet's stake and payout in major units, by product: roughly each product's odds, the house's edge included. */
function outcome(
  product: BetProduct,
  rand: () => number,
  between: (lo: number, hi: number, step: number) => number,
): { stake: number; payout: number } {
  const roll = rand();
  switch (product) {
    case 'LIVE': {
      const stake = between(20, 200, 10);
      return { stake, payout: roll < 0.47 ? stake * 2 : 0 };
    }
    case 'RNG': {
      // Spins: most pay nothing, some part of the stake back, a few a multiple of it.
      const stake = between(1, 10, 1);
      const multiple =
        roll < 0.6
          ? 0
          : roll < 0.88
            ? between(2, 15, 1) / 10
            : roll < 0.985
              ? between(2, 5, 1)
              : between(10, 20, 1);
      return { stake, payout: stake * multiple };
    }
    case 'SPORTS': {
      const stake = between(20, 300, 10);
      return { stake, payout: roll < 0.45 ? (stake * between(170, 230, 5)) / 100 : 0 };
    }
    default: {
      // The lotteries: most tickets lose, a winning one pays a few times its stake.
      const stake = between(2, 40, 2);
      return { stake, payout: roll < 0.2 ? (stake * between(19, 60, 1)) / 10 : 0 };
    }
  }
}

// ---- seeding ---------------------------------------------------------------------------------

/**
 * Seeds the tree under agent1 and the players' history, after seed/accounts.ts (agent1, agent2)
 * and the game catalogue, inside the seed's transaction.
 */
export async function seedDemoAgents(database: Database, trx: Kysely<DB>, now = Date.now()): Promise<void> {
  const brand = new BrandConfigStore(loadConfig().brandConfigPath, () => undefined);
  const wallet = new WalletService(database, brand);
  const records = new RecordsService(database, wallet);
  const { code: currency, precision } = wallet.currency();

  // One argon2id hash per published password, shared by the accounts that use it: the same hashing
  // as every account, without a hash's tens of milliseconds per account. Started at once, they run
  // on the thread pool while the statements below run.
  const hashes = {
    agent: hashPassword(AGENT_PASSWORD),
    player: hashPassword(PLAYER_PASSWORD),
    payment: hashPassword(PLAYER_PAYMENT_PASSWORD),
  };

  const ids = new Map<string, number>();
  for (const row of await trx
    .selectFrom('member')
    .select(['id', 'username'])
    .where(
      'username',
      'in',
      demoTree.filter((m) => m.existing).map((m) => m.username),
    )
    .where('register_url', '=', 'seed')
    .execute())
    ids.set(row.username, row.id);

  for (const m of demoTree) {
    if (m.existing) {
      await trx
        .updateTable('member')
        .set({ lottery_series: m.lotterySeries })
        .where('id', '=', ids.get(m.username)!)
        .execute();
    } else {
      const player = isPlayer(m);
      const input: NewMemberInput = {
        username: m.username,
        agentType: m.agentType,
        nickname: m.nickname ?? m.username,
        payeeName: m.payeeName ?? null,
        memberLabel: player ? 'VIP 1' : 'Agent',
        firstLogin: false,
        toUpline: true,
        uplineId: ids.get(m.upline!)!,
        registerUrl: 'seed',
      };
      const row = await prepareMember(input);
      const inserted = await trx
        .insertInto('member')
        .values({
          ...row,
          password_hash: await (player ? hashes.player : hashes.agent),
          payment_password_hash: player ? await hashes.payment : null,
          password_changed_at: new Date(now),
          password_expires_at: farFuture,
          lottery_series: m.lotterySeries,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(m.username, inserted.id);
    }
    const rates = Object.entries(m.rebates);
    if (rates.length)
      await trx
        .insertInto('member_rebate')
        .values(
          rates.map(([product, rate]) => ({
            member_id: ids.get(m.username)!,
            product: product as RebateProduct,
            rate_bp: rate,
          })),
        )
        .execute();
  }

  const contracts = new AgentContractService({ database });
  for (const c of demoContracts)
    await contracts.writeContract(trx, {
      uplineId: c.upline === null ? null : ids.get(c.upline)!,
      downlineId: ids.get(c.downline)!,
      terms: c.terms,
      status: c.status,
    });

  // The accounts every movement touches, found once: movements then name them by id.
  const house = {
    deposits: await wallet.houseAccount(HouseAccount.bankDeposits, trx),
    withdrawals: await wallet.houseAccount(HouseAccount.withdrawalPayouts, trx),
    lottery: await wallet.houseAccount(HouseAccount.cash, trx),
    games: await wallet.houseAccount(GAMES_HOUSE, trx),
  };
  const bankChannel = await trx
    .selectFrom('deposit_channel')
    .select(['code', 'bank_account'])
    .where('code', '=', 'BANK')
    .executeTakeFirstOrThrow();
  const bank = await trx
    .selectFrom('bank')
    .select(['code', 'name'])
    .where('code', '=', 'VCB')
    .executeTakeFirstOrThrow();

  const settled: { vendor: string; betNo: string; payout: number; at: Date; settledAt: Date }[] = [];
  for (const [p, history] of demoHistory(now, precision).entries()) {
    const memberId = ids.get(history.username)!;
    const member = demoTree.find((m) => m.username === history.username)!;
    const main = await wallet.memberAccount(memberId, WalletType.main, trx);

    // The betting records first, placed as the games place them (bet_record_place), one
    // statement per game.
    const bets = history.events.filter((e) => e.type === 'bet');
    for (const g of member.games!) {
      const ofGame = bets.filter((b) => b.game === g);
      if (!ofGame.length) continue;
      await records.placeBets(
        {
          memberId,
          vendor: g.vendor,
          product: g.product,
          gameCode: g.gameCode,
          gameName: g.gameName,
          bets: ofGame.map((b) => ({
            betNo: b.betNo,
            betAmount: b.stake,
            // A lottery ticket at the highest series the player's prize group allows (no rebate of its own).
            detail: g.family
              ? {
                  series: memberSeriesBand(g.family, g.product as 'LOTT' | 'ELOTT', member.lotterySeries)
                    .maxBetSeries,
                  freePlay: false,
                }
              : { freePlay: false },
          })),
        },
        trx,
      );
    }

    for (const e of history.events) {
      if (e.type === 'deposit') {
        // As an operator's approval of a bank transfer credits it (deposit.service.ts).
        const moved = await wallet.transfer(
          {
            from: house.deposits,
            to: main,
            amount: e.amount,
            kind: 'DEPOSIT',
            reference: e.orderNo,
            idempotencyKey: `deposit:${e.orderNo}`,
          },
          trx,
        );
        await trx
          .insertInto('deposit_order')
          .values({
            order_no: e.orderNo,
            member_id: memberId,
            channel_code: bankChannel.code,
            channel_type: 'BANK_TRANSFER',
            amount: e.amount,
            currency,
            status: 'SUCCESS',
            idempotency_key: `seed:${e.orderNo}`,
            bank_account: bankChannel.bank_account ? JSON.stringify(bankChannel.bank_account) : null,
            ledger_transaction_id: moved.transactionId,
            reviewed_by: 'seed',
            created_at: e.at,
            updated_at: new Date(e.at.getTime() + 10 * 60_000),
            completed_at: new Date(e.at.getTime() + 10 * 60_000),
          })
          .execute();
      } else if (e.type === 'bet') {
        const gameHouse = e.game.vendor === LOTTERY_VENDOR ? house.lottery : house.games;
        await wallet.transfer(
          {
            from: main,
            to: gameHouse,
            amount: e.stake,
            kind: 'BET_STAKE',
            reference: e.betNo,
            idempotencyKey: `seed:bet:${e.game.vendor}:${e.betNo}:stake`,
          },
          trx,
        );
        if (e.payout > 0)
          await wallet.transfer(
            {
              from: gameHouse,
              to: main,
              amount: e.payout,
              kind: 'BET_PAYOUT',
              reference: e.betNo,
              idempotencyKey: `seed:bet:${e.game.vendor}:${e.betNo}:payout`,
            },
            trx,
          );
        settled.push({
          vendor: e.game.vendor,
          betNo: e.betNo,
          payout: e.payout,
          at: e.at,
          settledAt: e.settledAt,
        });
      } else {
        await seedWithdrawal(trx, wallet, {
          memberId,
          main,
          clearing: house.withdrawals,
          payeeName: member.payeeName!,
          accountNumber: `00710${String(482_137 + p * 7_919).padStart(8, '0')}`,
          bank,
          currency,
          amount: e.amount,
          at: e.at,
        });
      }
    }
  }

  // Every bet settled at its own time, in one statement (as a draw's settlement writes them).
  if (settled.length)
    await sql`
      update bet_record b
      set status = 'SETTLED', payout = d.payout, valid_bet = b.bet_amount, bet_at = d.bet_at, settled_at = d.settled_at
      from unnest(${settled.map((s) => s.vendor)}::text[], ${settled.map((s) => s.betNo)}::text[],
                  ${settled.map((s) => s.payout)}::bigint[], ${settled.map((s) => s.at.toISOString())}::timestamptz[],
                  ${settled.map((s) => s.settledAt.toISOString())}::timestamptz[])
        as d(vendor, bet_no, payout, bet_at, settled_at)
      where b.vendor = d.vendor and b.bet_no = d.bet_no and b.status = 'PENDING'`.execute(trx);
}

/**
 * A withdrawal paid and confirmed, written as the withdraw service leaves one (withdraw.service.ts):
 * the request row with its bank details, the hold into the member's pending account, the payout
 * to the clearing account, and the timeline of a request, approval, payout and receipt.
 */
async function seedWithdrawal(
  trx: Kysely<DB>,
  wallet: WalletService,
  w: {
    memberId: number;
    main: number;
    clearing: number;
    payeeName: string;
    accountNumber: string;
    bank: { code: string; name: string };
    currency: string;
    amount: number;
    at: Date;
  },
): Promise<void> {
  const later = (minutes: number) => new Date(w.at.getTime() + minutes * 60_000);
  const account = await trx
    .insertInto('bank_account')
    .values({
      member_id: w.memberId,
      bank_code: w.bank.code,
      payee_name: w.payeeName,
      account_number: w.accountNumber,
      created_at: later(-3 * 24 * 60),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await trx
    .insertInto('withdrawal')
    .values({
      member_id: w.memberId,
      amount: w.amount,
      currency: w.currency,
      bank_account_id: account.id,
      bank_code: w.bank.code,
      bank_name: w.bank.name,
      payee_name: w.payeeName,
      account_number: w.accountNumber,
      status: 'RECEIVED',
      created_at: w.at,
      updated_at: later(120),
      paid_at: later(40),
      confirmed_at: later(120),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pending = await wallet.memberAccount(w.memberId, WalletType.pendingWithdrawal, trx);
  const reference = withdrawalNo(row.id);
  await wallet.transfer(
    {
      from: w.main,
      to: pending,
      amount: w.amount,
      kind: 'WITHDRAW_HOLD',
      reference,
      idempotencyKey: `withdraw:${row.id}:hold`,
    },
    trx,
  );
  await wallet.transfer(
    {
      from: pending,
      to: w.clearing,
      amount: w.amount,
      kind: 'WITHDRAW_PAYOUT',
      reference,
      idempotencyKey: `withdraw:${row.id}:payout`,
    },
    trx,
  );
  await trx
    .insertInto('withdrawal_event')
    .values([
      { withdrawal_id: row.id, status: 'PENDING', actor: 'member', at: w.at },
      { withdrawal_id: row.id, status: 'APPROVED', actor: 'operator', at: later(15) },
      { withdrawal_id: row.id, status: 'PAID', actor: 'operator', at: later(40) },
      { withdrawal_id: row.id, status: 'RECEIVED', actor: 'member', at: later(120) },
    ])
    .execute();
}
