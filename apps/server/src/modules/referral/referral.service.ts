import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  EngageErrors,
  Errors,
  FeatureSwitch,
  REFERRAL_BIND_DAYS,
  REFERRAL_CODE_LENGTH,
  type ReferralInvitee,
  type ReferralStatus,
  type ReferralSummary,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { SystemService } from '../system/system.service.ts';
import { HouseAccount, type WalletService } from '../wallet/wallet.service.ts';
import type { backoffice } from '@app/contract';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';

export const REFERRAL_REWARD_JOB = 'referral.reward';
/** Friends looked at per run of the job (the rest wait for the next window). */
const REWARD_BATCH = 200;
const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The programme's terms, minor units of the site's currency. */
export interface ReferralTermsMinor {
  reward: number;
  minFirstDeposit: number;
  minValidBet: number;
}

export interface ReferralDeps {
  database: Database;
  system: Pick<SystemService, 'isOn' | 'setSwitchIn' | 'changed'>;
  wallet: WalletService;
  /** The back office's changes of the programme are audited (decision 051). */
  audit: AuditLog;
}

/** A member's invitation link: the site's address with the code (the QR image draws the same, cdn.routes.ts). */
export function referralLink(origin: string, code: string): string {
  return `${origin}/?referralCode=${encodeURIComponent(code)}`;
}

/** `ab***yz`: enough for a member to recognise a friend, not enough to log in as one. */
export function maskUsername(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}***`;
  if (name.length <= 4) return `${name.slice(0, 1)}***${name.slice(-1)}`;
  return `${name.slice(0, 2)}***${name.slice(-2)}`;
}

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Whether a friend's figures meet the terms: a first successful deposit of at least the minimum, and the valid bets. */
export function qualifies(
  terms: ReferralTermsMinor,
  friend: { firstDeposit: number | null; validBet: number },
): boolean {
  return (
    friend.firstDeposit !== null &&
    friend.firstDeposit >= terms.minFirstDeposit &&
    friend.validBet >= terms.minValidBet
  );
}

/**
 * Invite friends (issue 32, decision 043). A member's referral code is an invitation_code row of
 * kind REFERRAL, made on first ask: 8 letters and digits, never the 12 of an agent's registration
 * link (and never a code a link or another invitation has), so the registration's lookup, which
 * tries the agents' links first, can never take one for the other. A friend registers with it
 * (member.referrer_id) or binds it within REFERRAL_BIND_DAYS of registering; one's own code and a
 * code whose chain of referrers leads back to the member (a cycle) are refused.
 *
 * The reward: the job `referral.reward` finds friends who meet the terms and have no reward row,
 * and in its run's transaction pays each referrer from the house's bonus account (ledger kind
 * REFERRAL_REWARD, idempotency key `referral:<friend>`) and writes the friend's reward row (its
 * key is the friend): exactly once, whichever instance runs the window and however often.
 */
export class ReferralService {
  private readonly database: Database;
  private readonly system: ReferralDeps['system'];
  private readonly wallet: WalletService;
  private readonly audit: AuditLog;

  constructor(deps: ReferralDeps) {
    this.database = deps.database;
    this.system = deps.system;
    this.wallet = deps.wallet;
    this.audit = deps.audit;
  }

  async requireOn(): Promise<void> {
    if (!(await this.system.isOn(FeatureSwitch.referral))) throw fail(EngageErrors.referralOff);
  }

  async terms(db: Kysely<DB> = this.database.db): Promise<ReferralTermsMinor> {
    const row = await db.selectFrom('referral_config').selectAll().executeTakeFirst();
    return {
      reward: Number(row?.reward ?? 0),
      minFirstDeposit: Number(row?.min_first_deposit ?? 0),
      minValidBet: Number(row?.min_valid_bet ?? 0),
    };
  }

  /** Sets the terms (an operator; the tests). */
  async setTerms(terms: ReferralTermsMinor): Promise<void> {
    for (const v of Object.values(terms))
      if (!Number.isSafeInteger(v) || v < 0) throw new Error(`referral: terms are whole minor units ≥ 0`);
    await this.database.db
      .updateTable('referral_config')
      .set({
        reward: terms.reward,
        min_first_deposit: terms.minFirstDeposit,
        min_valid_bet: terms.minValidBet,
        updated_at: new Date(),
      })
      .execute();
  }

  /** The programme as the back office shows it: the switch, the terms (major units), what it paid. */
  async programme(db: Kysely<DB> = this.database.db): Promise<backoffice.ReferralProgramme> {
    const [row, on, invited, paid] = await Promise.all([
      db.selectFrom('referral_config').selectAll().executeTakeFirst(),
      db
        .selectFrom('feature_switch')
        .select('enabled')
        .where('mod_id', '=', FeatureSwitch.referral)
        .executeTakeFirst(),
      db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('referrer_id', 'is not', null)
        .executeTakeFirst(),
      db
        .selectFrom('referral_reward')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('sum')])
        .executeTakeFirst(),
    ]);
    const major = (m: unknown) => this.wallet.toMajor(Number(m ?? 0));
    return {
      enabled: on?.enabled ?? false,
      reward: major(row?.reward),
      minFirstDeposit: major(row?.min_first_deposit),
      minValidBet: major(row?.min_valid_bet),
      updatedAt: row?.updated_at ? new Date(row.updated_at).getTime() : null,
      invited: Number(invited?.n ?? 0),
      rewarded: Number(paid?.n ?? 0),
      paid: major(paid?.sum),
    };
  }

  /**
   * The back office's change of the programme: the switch (REFERRAL3) and the terms in one
   * transaction with one audit entry (`referral.terms`, before and after). Rewards already paid
   * stay as they were; the job reads the new terms from its next run.
   */
  async saveProgramme(
    actor: AuditActor,
    body: backoffice.ReferralSaveBody,
  ): Promise<backoffice.ReferralProgramme> {
    const precision = this.wallet.currency().precision;
    const minor = (major: number) => Math.round(major * 10 ** precision);
    const terms = {
      reward: minor(body.reward),
      min_first_deposit: minor(body.minFirstDeposit),
      min_valid_bet: minor(body.minValidBet),
    };
    for (const v of Object.values(terms))
      if (!Number.isSafeInteger(v) || v < 0)
        throw fail(Errors.invalidInput, { message: 'Amounts are 0 or more' });
    const result = await this.database.db.transaction().execute(async (trx) => {
      const before = await this.programme(trx);
      const switched = await this.system.setSwitchIn(trx, FeatureSwitch.referral, body.enabled);
      if (!switched)
        throw fail(Errors.notFound, { message: `No feature switch "${FeatureSwitch.referral}"` });
      await trx
        .updateTable('referral_config')
        .set({ ...terms, updated_at: new Date() })
        .execute();
      const after = await this.programme(trx);
      const audited = (p: backoffice.ReferralProgramme) => ({
        enabled: p.enabled,
        reward: p.reward,
        minFirstDeposit: p.minFirstDeposit,
        minValidBet: p.minValidBet,
      });
      await this.audit.append(trx, actor, {
        action: 'referral.terms',
        targetType: 'referral',
        targetId: FeatureSwitch.referral,
        before: audited(before),
        after: audited(after),
      });
      return { after, switchChanged: before.enabled !== body.enabled };
    });
    if (result.switchChanged) await this.system.changed(`switch:${FeatureSwitch.referral}`);
    return result.after;
  }

  /** The member's referral code, made on first ask. */
  async code(memberId: number): Promise<string> {
    const db = this.database.db;
    const find = () =>
      db
        .selectFrom('invitation_code')
        .select('code')
        .where('member_id', '=', memberId)
        .where('kind', '=', 'REFERRAL')
        .where('active', '=', true)
        .orderBy('created_at')
        .executeTakeFirst();
    const found = await find();
    if (found) return found.code;
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newReferralCode();
      // Never a code an agent's link has; the unique index on lower(code) keeps invitations apart.
      const r = await sql<{ code: string }>`
        insert into invitation_code (code, member_id, kind, domain)
        select ${code}, ${memberId}, 'REFERRAL', null
        where not exists (select 1 from affiliate_link where lower(code) = ${code})
          and not exists (select 1 from invitation_code where member_id = ${memberId} and kind = 'REFERRAL' and active)
        on conflict do nothing
        returning code`.execute(db);
      if (r.rows[0]) return r.rows[0].code;
      // Another request of the same member made one meanwhile.
      const again = await find();
      if (again) return again.code;
    }
    throw new Error('referral: no free code after 5 draws');
  }

  async summary(memberId: number, origin: string): Promise<ReferralSummary> {
    await this.requireOn();
    const code = await this.code(memberId);
    const terms = await this.terms();
    const db = this.database.db;
    const [friends, me] = await Promise.all([
      this.friendFigures(db, memberId, terms, { limit: 100_000, offset: 0 }),
      db
        .selectFrom('member')
        .select(['referrer_id', 'created_at'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow(),
    ]);
    const major = (m: number) => this.wallet.toMajor(m);
    return {
      code,
      link: referralLink(origin, code),
      terms: {
        reward: major(terms.reward),
        minFirstDeposit: major(terms.minFirstDeposit),
        minValidBet: major(terms.minValidBet),
      },
      invited: friends.total,
      qualified: friends.rows.filter((f) => f.status !== 'PENDING').length,
      earned: major(friends.rows.reduce((sum, f) => sum + f.rewardMinor, 0)),
      canBind: me.referrer_id === null && this.withinBindWindow(new Date(me.created_at)),
    };
  }

  private withinBindWindow(registeredAt: Date, now = Date.now()): boolean {
    return now - registeredAt.getTime() <= REFERRAL_BIND_DAYS * 86_400_000;
  }

  async invitees(
    memberId: number,
    page: number,
    size: number,
  ): Promise<{ total: number; content: ReferralInvitee[] }> {
    await this.requireOn();
    const terms = await this.terms();
    const r = await this.friendFigures(this.database.db, memberId, terms, {
      limit: size,
      offset: (page - 1) * size,
    });
    const major = (m: number) => this.wallet.toMajor(m);
    return {
      total: r.total,
      content: r.rows.map((f) => ({
        username: maskUsername(f.username),
        registeredAt: f.registeredAt.getTime(),
        firstDeposit: major(f.firstDeposit ?? 0),
        validBet: major(f.validBet),
        status: f.status,
        reward: major(f.rewardMinor),
      })),
    };
  }

  /** The member's friends, newest first, with their first deposit, valid bets and status. */
  private async friendFigures(
    db: Kysely<DB>,
    memberId: number,
    terms: ReferralTermsMinor,
    page: { limit: number; offset: number },
  ) {
    const rows = await sql<{
      id: number;
      username: string;
      created_at: Date;
      first_deposit: string | null;
      valid_bet: string;
      reward: string | null;
      total: string;
    }>`
      select m.id, m.username, m.created_at,
             (select d.amount from deposit_order d where d.member_id = m.id and d.status = 'SUCCESS'
                order by d.id limit 1) as first_deposit,
             (select coalesce(sum(b.valid_bet), 0) from bet_record b
                where b.member_id = m.id and b.status = 'SETTLED') as valid_bet,
             rr.amount as reward,
             count(*) over () as total
      from member m
      left join referral_reward rr on rr.invitee_id = m.id
      where m.referrer_id = ${memberId}
      order by m.created_at desc, m.id desc
      limit ${page.limit} offset ${page.offset}`.execute(db);
    return {
      total: Number(rows.rows[0]?.total ?? 0),
      rows: rows.rows.map((r) => {
        const friend = {
          firstDeposit: r.first_deposit === null ? null : Number(r.first_deposit),
          validBet: Number(r.valid_bet),
        };
        const status: ReferralStatus =
          r.reward !== null ? 'REWARDED' : qualifies(terms, friend) ? 'QUALIFIED' : 'PENDING';
        return {
          id: Number(r.id),
          username: r.username,
          registeredAt: new Date(r.created_at),
          ...friend,
          status,
          rewardMinor: r.reward === null ? 0 : Number(r.reward),
        };
      }),
    };
  }

  /**
   * Binds a friend's code to a member who registered without one, once, within the bind window.
   * Refused: one's own code (referral.self), a code whose owner was invited, directly or further
   * down, by this member (referral.cycle), an agent's link or an unknown code
   * (invitation.code.error). Binds take one lock in turn, so two members binding each other's
   * codes at once cannot both pass the cycle check.
   */
  async bind(memberId: number, rawCode: string, now = new Date()): Promise<void> {
    await this.requireOn();
    const code = rawCode.trim();
    await this.database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtextextended('referral-bind' || current_schema(), 0))`.execute(
        trx,
      );
      const me = await trx
        .selectFrom('member')
        .select(['referrer_id', 'created_at'])
        .where('id', '=', memberId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const inv = await trx
        .selectFrom('invitation_code')
        .select(['member_id', 'kind'])
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .where('active', '=', true)
        .executeTakeFirst();
      if (!inv || inv.kind !== 'REFERRAL') throw fail(Errors.invitationCodeError);
      const referrerId = Number(inv.member_id);
      if (referrerId === memberId) throw fail(EngageErrors.referralSelf);
      if (me.referrer_id !== null) throw fail(EngageErrors.referralAlreadyBound);
      if (!this.withinBindWindow(new Date(me.created_at), now.getTime()))
        throw fail(EngageErrors.referralBindClosed);
      // The referrer's chain upward: if it meets this member, binding would close a circle.
      const chain = await sql<{ found: boolean }>`
        with recursive up(id, depth) as (
          select referrer_id, 1 from member where id = ${referrerId} and referrer_id is not null
          union all
          select m.referrer_id, up.depth + 1 from member m join up on m.id = up.id
          where m.referrer_id is not null and up.depth < 1000
        )
        select exists (select 1 from up where id = ${memberId}) as found`.execute(trx);
      if (chain.rows[0]?.found) throw fail(EngageErrors.referralCycle);
      await trx
        .updateTable('member')
        .set({ referrer_id: referrerId, referral_bound_at: now })
        .where('id', '=', memberId)
        .where('referrer_id', 'is', null)
        .execute();
    });
  }

  /**
   * Pays the rewards now owed, inside the caller's transaction (the job's run): friends who meet
   * the terms and have no reward row yet, at most REWARD_BATCH. Nothing while the switch is off or
   * the reward is 0.
   */
  async payRewards(trx: Kysely<DB>): Promise<{ paid: number }> {
    // Read through the run's transaction: on PGlite its one connection is held by it, and the
    // system snapshot, reloading after a switch changed, would wait for that connection for ever.
    const on = await trx
      .selectFrom('feature_switch')
      .select('enabled')
      .where('mod_id', '=', FeatureSwitch.referral)
      .executeTakeFirst();
    if (!on?.enabled) return { paid: 0 };
    const terms = await this.terms(trx);
    if (terms.reward <= 0) return { paid: 0 };
    const due = await sql<{ invitee_id: number; referrer_id: number }>`
      select m.id as invitee_id, m.referrer_id
      from member m
      cross join lateral (
        select d.amount from deposit_order d where d.member_id = m.id and d.status = 'SUCCESS'
        order by d.id limit 1) fd
      where m.referrer_id is not null
        and not exists (select 1 from referral_reward rr where rr.invitee_id = m.id)
        and fd.amount >= ${terms.minFirstDeposit}
        and (select coalesce(sum(b.valid_bet), 0) from bet_record b
               where b.member_id = m.id and b.status = 'SETTLED') >= ${terms.minValidBet}
      order by m.id
      limit ${REWARD_BATCH}`.execute(trx);
    let paid = 0;
    for (const row of due.rows) {
      const invitee = Number(row.invitee_id);
      const referrer = Number(row.referrer_id);
      const posted = await this.wallet.transfer(
        {
          from: { house: HouseAccount.bonus },
          to: { memberId: referrer },
          amount: terms.reward,
          kind: 'REFERRAL_REWARD',
          reference: `REF${invitee}`,
          idempotencyKey: `referral:${invitee}`,
          memo: 'Referral reward',
        },
        trx,
      );
      const inserted = await trx
        .insertInto('referral_reward')
        .values({
          invitee_id: invitee,
          referrer_id: referrer,
          amount: terms.reward,
          ledger_transaction_id: posted.transactionId,
        })
        .onConflict((oc) => oc.column('invitee_id').doNothing())
        .returning('invitee_id')
        .executeTakeFirst();
      if (inserted && !posted.replayed) paid++;
    }
    return { paid };
  }

  /** One payment run in a transaction of its own (tests, an operator). */
  payNow(): Promise<{ paid: number }> {
    return this.database.db.transaction().execute((trx) => this.payRewards(trx));
  }
}

/**
 * The reward job: every 10 seconds (a friend who qualifies sees the reward soon after), once per
 * window across instances (platform/jobs); a run reads only referred members without a reward.
 */
export function registerReferralJobs(jobs: JobRunner, referral: ReferralService): void {
  jobs.register(REFERRAL_REWARD_JOB, { everyMs: 10_000 }, async ({ db }) => referral.payRewards(db));
}
