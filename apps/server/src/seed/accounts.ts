import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AgentType, WEAK_DEFAULT_PASSWORD } from '@app/contract';
import type { DB } from '../db/schema.ts';
import type { Database } from '../db/connection.ts';
import { loadConfig } from '../config.ts';
import { BrandConfigStore } from '../modules/system/brand-config.ts';
import { createMember, type NewMemberInput } from '../modules/member/member.service.ts';
import { HouseAccount, WalletService } from '../modules/wallet/wallet.service.ts';
import { SEED_REFERENCE, dayMs } from './demo-content.ts';

interface SeedAccount extends NewMemberInput {
  /** Opening balance in major units, credited from the demo-credit (or free-play) house account. */
  money: number;
  affiliateCode?: string;
  referralCode?: string;
  upline?: string;
}

const farFuture = new Date(SEED_REFERENCE + 3650 * dayMs);

/** The demo accounts; passwords match demo-accounts.ts, which prints them at start. */
const accountsToSeed: SeedAccount[] = [
  {
    username: 'agent1',
    agentType: AgentType.agent1,
    password: 'Agent1234',
    email: 'agent1@luckylotus.example',
    mobileDialingCode: '66',
    mobileNumber: '812345678',
    payeeName: 'Somchai Agent',
    nickname: 'Lotus Agent',
    clubLabel: 'Diamond',
    rankLevel: 6,
    memberLabel: 'Agent',
    firstLogin: false,
    passwordExpiresAt: farFuture,
    money: 20_000,
    affiliateCode: 'LOTUS8',
  },
  {
    username: 'agent2',
    agentType: AgentType.agent2,
    password: 'Agent1234',
    email: 'agent2@luckylotus.example',
    payeeName: 'Nguyen Van Agent',
    nickname: 'Saigon Agent',
    clubLabel: 'Gold',
    rankLevel: 4,
    memberLabel: 'Agent',
    firstLogin: false,
    passwordExpiresAt: farFuture,
    money: 5_000,
    affiliateCode: 'AGENT2',
    upline: 'agent1',
    toUpline: true,
  },
  {
    username: 'demo',
    agentType: AgentType.member,
    password: 'Demo1234',
    paymentPassword: '246810',
    email: 'demo@luckylotus.example',
    mobileDialingCode: '84',
    mobileNumber: '912345678',
    payeeName: 'Demo Player',
    nickname: 'Lucky Demo',
    clubLabel: 'Gold',
    rankLevel: 3,
    memberLabel: 'VIP 3',
    firstLogin: false,
    passwordExpiresAt: farFuture,
    money: 8_888,
    referralCode: 'DEMO8888',
    upline: 'agent1',
    toUpline: true,
  },
  {
    username: 'agentonly41',
    agentType: AgentType.agentOnly41,
    password: 'Agent1234',
    nickname: 'Agent Office 41',
    memberLabel: 'Agent',
    firstLogin: false,
    passwordExpiresAt: farFuture,
    money: 0,
    upline: 'agent1',
  },
  {
    username: 'agentonly42',
    agentType: AgentType.agentOnly42,
    password: 'Agent1234',
    nickname: 'Agent Office 42',
    memberLabel: 'Agent',
    firstLogin: false,
    passwordExpiresAt: farFuture,
    money: 0,
    upline: 'agent1',
  },
  {
    username: 'weakpass',
    agentType: AgentType.member,
    password: WEAK_DEFAULT_PASSWORD,
    nickname: 'New Player',
    passwordExpiresAt: farFuture,
    money: 100,
  },
  {
    username: 'expired',
    agentType: AgentType.member,
    password: 'Expired1234',
    nickname: 'Returning Player',
    firstLogin: false,
    passwordChangedAt: new Date(SEED_REFERENCE - 200 * dayMs),
    passwordExpiresAt: new Date(SEED_REFERENCE - 110 * dayMs),
    money: 250,
  },
  {
    username: 'nonplay',
    agentType: AgentType.nonPlaying,
    password: 'Nonplay1234',
    nickname: 'House Account',
    passwordExpiresAt: farFuture,
    money: 0,
  },
  {
    username: 'guest00000001',
    agentType: AgentType.trial,
    nickname: 'Guest 0001',
    deviceKeyHash: createHash('sha256').update('freeplay|seeded-demo-guest-device').digest(),
    money: 2_000,
  },
];

const demoMessages = [
  {
    title: 'Welcome to Lucky Lotus',
    content:
      '<p>Your account is ready. Deposit from the top bar and claim your welcome bonus on the promotions page.</p>',
    daysAgo: 6,
    read: true,
  },
  {
    title: 'Your weekly cashback has arrived',
    content: '<p>We credited your cashback for last week. Thank you for playing with us.</p>',
    daysAgo: 2,
    read: false,
  },
  {
    title: 'Security tip: bind an authenticator',
    content: '<p>Bind Google Authenticator in My account → Security to protect logins from new devices.</p>',
    daysAgo: 1,
    read: false,
  },
];

/** Seeds the demo accounts, their money (ledger postings from house accounts), codes and messages. */
export async function seedAccounts(database: Database, trx: Kysely<DB>): Promise<void> {
  const brand = new BrandConfigStore(loadConfig().brandConfigPath, () => undefined);
  const wallet = new WalletService(database, brand);
  const { precision } = wallet.currency();
  const ids = new Map<string, number>();
  for (const account of accountsToSeed) {
    const { money, affiliateCode, referralCode, upline, ...input } = account;
    const id = await createMember(trx, {
      ...input,
      uplineId: upline ? (ids.get(upline) ?? null) : null,
      registerUrl: 'seed',
    });
    ids.set(account.username, id);
    await wallet.memberAccount(id, undefined, trx);
    if (money > 0) {
      const house = account.agentType === AgentType.trial ? HouseAccount.freePlay : HouseAccount.demoCredit;
      await wallet.creditFromHouse(
        id,
        house,
        Math.round(money * 10 ** precision),
        `seed:opening:${account.username}`,
        account.agentType === AgentType.trial ? 'FREE_PLAY_CREDIT' : 'DEMO_CREDIT',
        trx,
      );
    }
    if (affiliateCode)
      await trx
        .insertInto('invitation_code')
        .values({ code: affiliateCode, member_id: id, kind: 'AFFILIATE', domain: null })
        .execute();
    if (referralCode)
      await trx
        .insertInto('invitation_code')
        .values({ code: referralCode, member_id: id, kind: 'REFERRAL', domain: null })
        .execute();
  }
  for (const username of ['demo', 'agent1']) {
    await trx
      .insertInto('member_message')
      .values(
        demoMessages.map((m) => ({
          member_id: ids.get(username)!,
          title: m.title,
          content: m.content,
          read_at: m.read ? new Date(SEED_REFERENCE - (m.daysAgo - 1) * dayMs) : null,
          created_at: new Date(SEED_REFERENCE - m.daysAgo * dayMs),
        })),
      )
      .execute();
  }
}
