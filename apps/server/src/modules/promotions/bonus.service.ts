import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  Errors,
  minorToMajor,
  PROMOTION_PICTURES_MAX,
  PROMOTION_REMARK_MAX,
  WithdrawProofLimits,
  type BonusGrant,
  type BonusWallet,
  type ErrorDef,
  type Promotion,
  type PromotionBonus,
  type PromotionCategory,
  type PromotionEntry,
  type PromotionStatus,
  backoffice,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { BonusGrantTable, DB, PromotionEntryTable, PromotionRuleTable } from '../../db/schema.ts';
import { fail } from '../../platform/http/errors.ts';
import { HouseAccount, WalletType, type WalletService } from '../wallet/wallet.service.ts';
import type { AuditActor, AuditLog } from '../backoffice/audit.service.ts';
import { sanitizeContentHtml } from '../backoffice/content-bo.html.ts';
import { headerMatches, imageTypeOf } from '../withdraw/proof-image.ts';
import { startOfDay } from '../withdraw/withdraw-policy.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';

type RuleRow = Selectable<PromotionRuleTable>;
type EntryRow = Selectable<PromotionEntryTable>;
type GrantRow = Selectable<BonusGrantTable>;

export const BONUS_EXPIRE_JOB = 'bonus.expire';
const PROMOTION_TYPES = ['PR', 'PU'];

/** A settled valid bet's amount handed over by the points fold (decision 033), per member and product. */
export interface FoldedBets {
  memberId: number;
  product: string;
  /** Minor units; negative for a correction or a void of a bet folded before. */
  validBet: number;
}

export interface BonusDeps {
  database: Database;
  wallet: WalletService;
  audit: AuditLog;
  /** The site's time zone, for "once a day" (the withdrawals' day). */
  timeZone: () => string;
}

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/**
 * Promotions with real bonuses (issue 32, decision 041). A promotion is a PR or PU announcement
 * with bonus rules beside it (promotion_rule); a member joins it (promotion_entry), then claims the
 * bonus (a fixed one, or the match of the first qualifying deposit since joining) or asks for the
 * reward with pictures, which staff approve or reject.
 *
 * The bonus is money of the one ledger (decision 027): BONUS_GRANT from the house's bonus account
 * to the member's BONUS wallet, BONUS_RELEASE from it to the main wallet when the wagering is met,
 * BONUS_FORFEIT back to the house when the member gives it up (or withdraws giving it up) or it
 * expires. Each end is one movement under the key `bonus-end:<grant>`, so a grant ends once however
 * its ends race. A member holds one ACTIVE grant at a time (a unique index): two claims at once give
 * one bonus. Wagering progresses from the settled valid bets the points fold takes off its queue,
 * in the fold's transaction (`onFolded`), so each bet counts exactly once.
 */
export class BonusService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly audit: AuditLog;
  private readonly timeZone: () => string;

  constructor(deps: BonusDeps) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.audit = deps.audit;
    this.timeZone = deps.timeZone;
  }

  private get db() {
    return this.database.db;
  }

  private precision(): number {
    return this.wallet.currency().precision;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.precision());
  }

  private minor(major: number): number {
    return Math.round(major * 10 ** this.precision());
  }

  // ---- reading promotions ---------------------------------------------------------------------

  /** The promotions players see: PR and PU notices published, not deleted, not ended, for everyone. */
  private async shownNotices(db: Kysely<DB> = this.db) {
    const now = new Date();
    return db
      .selectFrom('announcement as a')
      .leftJoin('promotion_rule as r', 'r.announcement_id', 'a.id')
      .select(['a.id', 'a.title', 'a.content', 'a.published_at', 'a.ends_at', 'a.type'])
      .selectAll('r')
      .where('a.type', 'in', PROMOTION_TYPES)
      .where('a.active', '=', true)
      .where('a.deleted_at', 'is', null)
      .where('a.audience', '=', 'ALL')
      .where('a.published_at', '<=', now)
      .where((eb) => eb.or([eb('a.ends_at', 'is', null), eb('a.ends_at', '>', now)]))
      .orderBy('a.sort')
      .orderBy('a.published_at', 'desc')
      .execute();
  }

  private bonusWire(r: RuleRow): PromotionBonus {
    return {
      kind: r.kind,
      category: r.category as PromotionCategory,
      matchPercent: Number(r.match_percent),
      maxBonus: this.major(Number(r.max_bonus)),
      fixedBonus: this.major(Number(r.fixed_bonus)),
      minDeposit: this.major(Number(r.min_deposit)),
      wageringMultiplier: Number(r.wagering_multiplier),
      wageringBase: r.wagering_base,
      contributions: r.contributions,
      expiryHours: r.expiry_hours,
      newMembersOnly: r.new_members_only,
      oncePerMember: r.once_per_member,
      oncePerDay: r.once_per_day,
      minLevel: r.min_level,
    };
  }

  /** Running, coming or closed, from the rule's schedule (the notice's own schedule already filtered). */
  private phase(r: RuleRow | null, now = Date.now()): 'running' | 'coming soon' | 'close' {
    if (!r) return 'running';
    if (!r.enabled) return 'close';
    if (r.starts_at && new Date(r.starts_at).getTime() > now) return 'coming soon';
    if (r.ends_at && new Date(r.ends_at).getTime() <= now) return 'close';
    return 'running';
  }

  /**
   * The list (PR-06, PR-07): every promotion shown, with the member's status in each (a guest's:
   * join, coming soon or close), optionally of one category.
   */
  async list(memberId: number | null, category?: string): Promise<Promotion[]> {
    const rows = await this.shownNotices();
    const entries = memberId === null ? [] : await this.latestEntries(memberId);
    const grants = memberId === null ? new Map<number, GrantRow>() : await this.grantsByEntry(memberId);
    const out: Promotion[] = [];
    for (const row of rows) {
      const rule = row.kind ? (row as unknown as RuleRow) : null;
      const cat = (rule?.category ?? 'OTHER') as PromotionCategory;
      if (category && category !== 'ALL' && cat !== category) continue;
      const entry = entries.find((e) => e.promotion_id === row.id) ?? null;
      const status = this.statusOf(rule, entry, entry ? (grants.get(entry.id) ?? null) : null);
      let refusal: string | null = null;
      if (memberId !== null && rule && status === 'join')
        refusal = await this.refusalToJoin(this.db, memberId, rule).catch(() => null);
      out.push({
        id: row.id,
        title: row.title,
        content: await sanitizeContentHtml(row.content),
        category: cat,
        status,
        startDate: Math.max(ms(row.published_at)!, ms(rule?.starts_at ?? null) ?? 0),
        endDate: ms(rule?.ends_at ?? null) ?? ms(row.ends_at),
        bonus: rule ? this.bonusWire(rule) : null,
        refusal,
      });
    }
    return out;
  }

  /** The categories and how many promotions run in each. */
  async categories(): Promise<{ code: PromotionCategory; count: number }[]> {
    const rows = await this.shownNotices();
    const counts = new Map<PromotionCategory, number>();
    for (const r of rows) {
      const c = (r.category ?? 'OTHER') as PromotionCategory;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    return [...counts].map(([code, count]) => ({ code, count }));
  }

  /**
   * The ten statuses (PR-07) from the rule, the member's latest entry and its grant: coming soon
   * and close from the schedule; join with no entry (or a finished one the rules let the member
   * repeat); joined while a match waits for its deposit, claim once it can be claimed; applying,
   * rejected; process while the bonus is being wagered; issued (staff gave it) and claimed (the
   * member claimed it) once its wagering is over.
   */
  private statusOf(rule: RuleRow | null, entry: EntryRow | null, grant: GrantRow | null): PromotionStatus {
    const phase = this.phase(rule);
    if (phase === 'coming soon') return 'coming soon';
    if (!rule) return phase === 'close' ? 'close' : 'join';
    if (entry) {
      if (entry.status === 'JOINED') {
        if (phase === 'close') return 'close';
        if (rule.kind === 'FIXED') return 'claim';
        if (rule.kind === 'REQUEST') return 'joined';
        return entry.deposit_order_id !== null ? 'claim' : 'joined';
      }
      if (entry.status === 'APPLYING') return 'applying';
      if (grant?.status === 'ACTIVE') return 'process';
      const repeatable = !rule.once_per_member && phase === 'running';
      const today = startOfDay(new Date(), this.timeZone()).getTime();
      const sameDay = ms(entry.decided_at ?? entry.joined_at)! >= today;
      if (repeatable && !(rule.once_per_day && sameDay)) return 'join';
      if (entry.status === 'REJECTED') return 'rejected';
      if (entry.status === 'ISSUED') return 'issued';
      return 'claimed';
    }
    return phase === 'close' ? 'close' : 'join';
  }

  private async latestEntries(memberId: number, db: Kysely<DB> = this.db): Promise<EntryRow[]> {
    const rows = await db
      .selectFrom('promotion_entry')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .execute();
    const seen = new Set<number>();
    const out: EntryRow[] = [];
    for (const r of rows) {
      if (seen.has(r.promotion_id)) continue;
      seen.add(r.promotion_id);
      out.push(await this.withDeposit(db, r));
    }
    return out;
  }

  /** A JOINED match entry carries the qualifying deposit once one exists (found, not stored). */
  private async withDeposit(db: Kysely<DB>, e: EntryRow): Promise<EntryRow> {
    if (e.status !== 'JOINED' || e.deposit_order_id !== null) return e;
    const rule = await db
      .selectFrom('promotion_rule')
      .selectAll()
      .where('announcement_id', '=', e.promotion_id)
      .executeTakeFirst();
    if (!rule || (rule.kind !== 'DEPOSIT_MATCH' && rule.kind !== 'RELOAD')) return e;
    const dep = await this.qualifyingDeposit(db, e, rule);
    return dep ? { ...e, deposit_order_id: dep.id } : e;
  }

  private async grantsByEntry(memberId: number): Promise<Map<number, GrantRow>> {
    const rows = await this.db
      .selectFrom('bonus_grant')
      .selectAll()
      .where('member_id', '=', memberId)
      .execute();
    return new Map(rows.map((g) => [g.entry_id, g]));
  }

  /** The first successful deposit since the entry joined, of at least the minimum, that no other entry used. */
  private async qualifyingDeposit(db: Kysely<DB>, e: EntryRow, rule: RuleRow) {
    return db
      .selectFrom('deposit_order as d')
      .select(['d.id', 'd.amount'])
      .where('d.member_id', '=', e.member_id)
      .where('d.status', '=', 'SUCCESS')
      .where('d.completed_at', '>=', e.joined_at)
      .where('d.amount', '>=', rule.min_deposit)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('promotion_entry as o')
              .select('o.id')
              .whereRef('o.deposit_order_id', '=', 'd.id')
              .where('o.id', '<>', e.id),
          ),
        ),
      )
      .orderBy('d.completed_at')
      .orderBy('d.id')
      .executeTakeFirst();
  }

  // ---- eligibility ------------------------------------------------------------------------------

  /** Why the member may not take this promotion now (the operator's rules), or null. */
  private async refusalToJoin(db: Kysely<DB>, memberId: number, rule: RuleRow): Promise<string | null> {
    const member = await db
      .selectFrom('member')
      .select(['rank_level', 'agent_type'])
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (member.agent_type === 4) return 'Trial accounts take no promotions';
    if (member.rank_level < rule.min_level)
      return `This promotion is for members of level ${rule.min_level} and above (yours is ${member.rank_level})`;
    if (rule.new_members_only) {
      const any = await db
        .selectFrom('deposit_order')
        .select('id')
        .where('member_id', '=', memberId)
        .where('status', '=', 'SUCCESS')
        .limit(1)
        .executeTakeFirst();
      if (any) return 'This promotion is for new members only: you have deposited before';
    }
    if (rule.excluded_agents.length) {
      const under = await db
        .selectFrom('member_tree')
        .select('ancestor_id')
        .where('descendant_id', '=', memberId)
        .where('depth', '>', 0)
        .where('ancestor_id', 'in', rule.excluded_agents.map(Number))
        .limit(1)
        .executeTakeFirst();
      if (under) return "This promotion is not open to your agent's team";
    }
    const given = db
      .selectFrom('promotion_entry')
      .select(['id', 'decided_at', 'joined_at'])
      .where('member_id', '=', memberId)
      .where('promotion_id', '=', rule.announcement_id)
      .where('status', 'in', ['ISSUED', 'CLAIMED']);
    if (rule.once_per_member && (await given.limit(1).executeTakeFirst()))
      return 'This promotion is once per member: you have had its bonus';
    if (rule.once_per_day) {
      const today = startOfDay(new Date(), this.timeZone());
      const todays = await given
        .where((eb) => eb(eb.fn.coalesce('decided_at', 'joined_at'), '>=', today))
        .limit(1)
        .executeTakeFirst();
      if (todays) return 'This promotion is once a day: you have had its bonus today, come back tomorrow';
    }
    return null;
  }

  private refuse(error: ErrorDef, message?: string): never {
    throw fail(error, message ? { message } : undefined);
  }

  private async runningRule(db: Kysely<DB>, promotionId: number): Promise<RuleRow> {
    const shown = await db
      .selectFrom('announcement')
      .select('id')
      .where('id', '=', promotionId)
      .where('type', 'in', PROMOTION_TYPES)
      .where('active', '=', true)
      .where('deleted_at', 'is', null)
      .where('audience', '=', 'ALL')
      .executeTakeFirst();
    const rule = shown
      ? await db
          .selectFrom('promotion_rule')
          .selectAll()
          .where('announcement_id', '=', promotionId)
          .executeTakeFirst()
      : undefined;
    if (!rule) this.refuse(Errors.promotionNotFound);
    const phase = this.phase(rule);
    if (phase === 'coming soon')
      this.refuse(Errors.promotionNotRunning, 'This promotion has not started yet');
    if (phase === 'close') this.refuse(Errors.promotionNotRunning, 'This promotion has ended');
    return rule;
  }

  // ---- the member's steps -----------------------------------------------------------------------

  /** Joins a promotion (PR-08, PR-09); refused with the rule that stops it. */
  async join(memberId: number, promotionId: number): Promise<PromotionEntry> {
    const entry = await this.db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const rule = await this.runningRule(trx, promotionId);
      const open = await trx
        .selectFrom('promotion_entry')
        .select('id')
        .where('member_id', '=', memberId)
        .where('promotion_id', '=', promotionId)
        .where('status', 'in', ['JOINED', 'APPLYING'])
        .executeTakeFirst();
      if (open) this.refuse(Errors.promotionAlreadyJoined);
      const why = await this.refusalToJoin(trx, memberId, rule);
      if (why) this.refuse(Errors.promotionNotEligible, why);
      return trx
        .insertInto('promotion_entry')
        .values({ promotion_id: promotionId, member_id: memberId, status: 'JOINED' })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return this.entryWire(entry);
  }

  /** The reward request of a joined REQUEST promotion (PR-10, PR-12): pictures checked by signature and header. */
  async requestReward(
    memberId: number,
    input: { promotionId: number; pictures: string[]; remarks: string },
  ): Promise<PromotionEntry> {
    const remark = input.remarks.trim();
    if (remark.length > PROMOTION_REMARK_MAX)
      this.refuse(Errors.invalidInput, `A remark is at most ${PROMOTION_REMARK_MAX} characters`);
    if (input.pictures.length > PROMOTION_PICTURES_MAX)
      this.refuse(Errors.invalidInput, `At most ${PROMOTION_PICTURES_MAX} pictures`);
    const pictures: { mime: string; bytes: Buffer }[] = [];
    for (const p of input.pictures) {
      const bytes = Buffer.from(p.replace(/^data:[^,]*,/, ''), 'base64');
      const type = bytes.length <= WithdrawProofLimits.maxBytes ? imageTypeOf(bytes) : null;
      if (!type || !(await headerMatches(bytes, type))) this.refuse(Errors.promotionPictureInvalid);
      pictures.push({ mime: type, bytes });
    }
    const entry = await this.db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const rule = await this.runningRule(trx, input.promotionId);
      if (rule.kind !== 'REQUEST')
        this.refuse(Errors.promotionWrongStep, 'This promotion pays by a claim, not a reward request');
      let open = await trx
        .selectFrom('promotion_entry')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('promotion_id', '=', input.promotionId)
        .where('status', 'in', ['JOINED', 'APPLYING'])
        .forUpdate()
        .executeTakeFirst();
      if (!open) this.refuse(Errors.promotionNotJoined);
      if (open.status === 'APPLYING')
        this.refuse(Errors.promotionAlreadyJoined, 'Your reward request is waiting for a decision');
      const why = await this.refusalToJoin(trx, memberId, rule);
      if (why) this.refuse(Errors.promotionNotEligible, why);
      open = await trx
        .updateTable('promotion_entry')
        .set({ status: 'APPLYING', remark })
        .where('id', '=', open.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      for (const [n, p] of pictures.entries())
        await trx
          .insertInto('promotion_picture')
          .values({ entry_id: open.id, n, mime: p.mime, bytes: p.bytes })
          .execute();
      return open;
    });
    return this.entryWire(entry);
  }

  /**
   * Claims a joined promotion's bonus (PR-11): FIXED pays its bonus; a match pays the percent of
   * the first qualifying deposit since joining, up to the cap. The entry's row lock and the one
   * ACTIVE grant per member make two claims at once give one bonus.
   */
  async claim(memberId: number, promotionId: number): Promise<BonusGrant> {
    const grant = await this.db.transaction().execute(async (trx) => {
      await lockMember(trx, memberId);
      const rule = await this.runningRule(trx, promotionId);
      if (rule.kind === 'REQUEST')
        this.refuse(Errors.promotionWrongStep, 'This promotion pays on a reward request that staff approve');
      const entry = await trx
        .selectFrom('promotion_entry')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('promotion_id', '=', promotionId)
        .where('status', '=', 'JOINED')
        .forUpdate()
        .executeTakeFirst();
      if (!entry) this.refuse(Errors.promotionNotJoined);
      const why = await this.refusalToJoin(trx, memberId, rule);
      // New members only: the deposit this bonus matches may be the member's first.
      if (why && !(rule.new_members_only && why.startsWith('This promotion is for new members')))
        this.refuse(Errors.promotionNotEligible, why);
      let amount = Number(rule.fixed_bonus);
      let deposit: { id: number; amount: number } | undefined;
      if (rule.kind === 'DEPOSIT_MATCH' || rule.kind === 'RELOAD') {
        deposit = await this.qualifyingDeposit(trx, entry, rule);
        if (!deposit)
          this.refuse(
            Errors.promotionNoDeposit,
            Number(rule.min_deposit) > 0
              ? `No deposit of at least ${this.major(Number(rule.min_deposit))} since you joined: deposit, then claim`
              : undefined,
          );
        if (rule.new_members_only) {
          const earlier = await trx
            .selectFrom('deposit_order')
            .select('id')
            .where('member_id', '=', memberId)
            .where('status', '=', 'SUCCESS')
            .where('id', '<>', deposit.id)
            .limit(1)
            .executeTakeFirst();
          if (earlier)
            this.refuse(
              Errors.promotionNotEligible,
              'This promotion is for new members only: it matches a first deposit',
            );
        }
        amount = Math.floor((Number(deposit.amount) * Number(rule.match_percent)) / 100);
        if (Number(rule.max_bonus) > 0) amount = Math.min(amount, Number(rule.max_bonus));
      }
      if (amount <= 0) this.refuse(Errors.promotionNotEligible, 'This promotion has no bonus to give');
      await trx
        .updateTable('promotion_entry')
        .set({ status: 'CLAIMED', decided_at: new Date(), deposit_order_id: deposit?.id ?? null })
        .where('id', '=', entry.id)
        .execute();
      return this.grant(
        trx,
        rule,
        entry.id,
        memberId,
        amount,
        deposit ? Number(deposit.amount) : 0,
        'member',
      );
    });
    return this.grantWire(grant, await this.titleOf(grant.promotion_id));
  }

  /**
   * Credits a bonus to the member's BONUS wallet with its wagering requirement. Refused while the
   * member has another ACTIVE grant (the unique index decides a race). A requirement of 0 releases
   * the bonus to the main wallet at once.
   */
  private async grant(
    trx: Transaction<DB>,
    rule: RuleRow,
    entryId: number,
    memberId: number,
    amount: number,
    deposit: number,
    by: string,
  ): Promise<GrantRow> {
    const active = await trx
      .selectFrom('bonus_grant')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (active) this.refuse(Errors.bonusActive);
    const base = rule.wagering_base === 'BONUS' ? amount : amount + deposit;
    const required = (Number(rule.wagering_multiplier) * base).toFixed(2);
    let row: GrantRow;
    try {
      row = await trx
        .insertInto('bonus_grant')
        .values({
          member_id: memberId,
          promotion_id: rule.announcement_id,
          entry_id: entryId,
          amount,
          deposit,
          required,
          contributions: JSON.stringify(rule.contributions),
          expires_at: new Date(Date.now() + rule.expiry_hours * 3_600_000),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (e) {
      if ((e as { code?: string }).code === '23505') this.refuse(Errors.bonusActive);
      throw e;
    }
    await this.wallet.transfer(
      {
        from: { house: HouseAccount.bonus },
        to: { memberId, wallet: WalletType.bonus },
        amount,
        kind: 'BONUS_GRANT',
        reference: grantNo(row.id),
        memo: by === 'member' ? '' : 'Reward approved',
        idempotencyKey: `bonus-grant:${row.id}`,
      },
      trx,
    );
    if (Number(row.required) <= 0) return this.end(trx, row, 'COMPLETED', by);
    return row;
  }

  /**
   * Ends an ACTIVE grant (its row locked by the caller): COMPLETED releases the bonus to the main
   * wallet, FORFEITED and EXPIRED return it to the house. One key per grant's end.
   */
  private async end(
    trx: Kysely<DB>,
    g: GrantRow,
    status: 'COMPLETED' | 'FORFEITED' | 'EXPIRED',
    by: string,
  ): Promise<GrantRow> {
    await this.wallet.transfer(
      {
        from: { memberId: g.member_id, wallet: WalletType.bonus },
        to:
          status === 'COMPLETED'
            ? { memberId: g.member_id, wallet: WalletType.main }
            : { house: HouseAccount.bonus },
        amount: Number(g.amount),
        kind: status === 'COMPLETED' ? 'BONUS_RELEASE' : 'BONUS_FORFEIT',
        reference: grantNo(g.id),
        memo: status === 'EXPIRED' ? 'Bonus expired' : status === 'FORFEITED' ? 'Bonus forfeited' : '',
        idempotencyKey: `bonus-end:${g.id}`,
      },
      trx,
    );
    return trx
      .updateTable('bonus_grant')
      .set({ status, ended_at: new Date(), ended_by: by })
      .where('id', '=', g.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The member gives up the bonus being wagered. */
  async forfeit(memberId: number, grantId: number): Promise<BonusGrant> {
    const row = await this.db.transaction().execute(async (trx) => {
      const g = await trx
        .selectFrom('bonus_grant')
        .selectAll()
        .where('id', '=', grantId)
        .where('member_id', '=', memberId)
        .where('status', '=', 'ACTIVE')
        .forUpdate()
        .executeTakeFirst();
      if (!g) this.refuse(Errors.bonusNotFound);
      return this.end(trx, g, 'FORFEITED', 'member');
    });
    return this.grantWire(row, await this.titleOf(row.promotion_id));
  }

  /**
   * Staff forfeit a player's bonus being wagered (the back office's player page): the same
   * BONUS_FORFEIT under the grant's one end key, ended by `staff:<name>` (`operator:<name>` from
   * the CLI), and the audit entry (the
   * grant before and after, the reason) in the movement's transaction. A grant that has ended
   * meanwhile (released, expired, forfeited by the player) is refused, and nothing moves. The
   * operator CLI's `promo forfeit` comes this way too.
   */
  async forfeitByStaff(
    actor: AuditActor,
    memberId: number | null,
    grantId: number,
    reason: string,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('bonus_grant')
        .selectAll()
        .where('id', '=', grantId)
        .where('status', '=', 'ACTIVE');
      // The back office names the player whose page it is; the CLI names the grant alone.
      if (memberId !== null) q = q.where('member_id', '=', memberId);
      const g = await q.forUpdate().executeTakeFirst();
      if (!g)
        this.refuse(Errors.bonusNotFound, 'This player has no such bonus being wagered (it may have ended)');
      const by = `${actor.kind === 'staff' ? 'staff' : 'operator'}:${actor.name}`;
      const after = await this.end(trx, g, 'FORFEITED', by);
      const required = Math.ceil(Number(g.required));
      await this.audit.append(trx, actor, {
        action: 'player.bonus.forfeit',
        targetType: 'member',
        targetId: g.member_id,
        before: {
          grant: g.id,
          promotion: g.promotion_id,
          status: g.status,
          amount: this.major(Number(g.amount)),
          required: this.major(required),
          wagered: this.major(Math.floor(Math.min(Number(g.wagered), required))),
        },
        after: { grant: g.id, status: after.status, endedBy: after.ended_by, reason },
      });
    });
  }

  /** The bonus wallet as staff read it: the member's own view, with who ended each grant. */
  async walletForStaff(memberId: number) {
    const [wallet, ends] = await Promise.all([
      this.bonusWallet(memberId),
      this.db
        .selectFrom('bonus_grant')
        .select(['id', 'ended_by'])
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
    ]);
    const by = new Map(ends.map((e) => [e.id, e.ended_by]));
    const withEnd = (g: BonusGrant) => ({ ...g, endedBy: by.get(g.id) ?? null });
    return {
      balance: wallet.balance,
      active: wallet.active ? withEnd(wallet.active) : null,
      history: wallet.history.map(withEnd),
    };
  }

  /**
   * Called by a withdrawal request inside its transaction (after the member's lock): with a bonus
   * being wagered the request is refused, saying how much is left, unless the member forfeits it,
   * which then happens in the same transaction as the request.
   */
  async withdrawalGate(trx: Kysely<DB>, memberId: number, forfeit: boolean): Promise<void> {
    const g = await trx
      .selectFrom('bonus_grant')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'ACTIVE')
      .forUpdate()
      .executeTakeFirst();
    if (!g) return;
    if (forfeit) {
      await this.end(trx, g, 'FORFEITED', 'withdrawal');
      return;
    }
    const left = Math.max(0, Math.ceil(Number(g.required) - Number(g.wagered)));
    this.refuse(
      Errors.bonusWageringOpen,
      `Your bonus has ${this.major(left)} of wagering left (of ${this.major(Math.ceil(Number(g.required)))}): ` +
        'withdraw after completing it, or forfeit the bonus to withdraw now',
    );
  }

  /**
   * Wagering progress from the points fold (decision 033), in its transaction: each member's
   * settled valid bets since the last fold, weighted by the grant's contribution per product, are
   * added to the ACTIVE grant (a correction's negative amount takes back, never below 0); a grant
   * whose requirement is met is released.
   */
  async onFolded(trx: Kysely<DB>, bets: FoldedBets[]): Promise<number> {
    if (!bets.length) return 0;
    const members = [...new Set(bets.map((b) => b.memberId))].sort((a, b) => a - b);
    const grants = await trx
      .selectFrom('bonus_grant')
      .selectAll()
      .where('member_id', 'in', members)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .forUpdate()
      .execute();
    let completed = 0;
    for (const g of grants) {
      let add = 0;
      for (const b of bets)
        if (b.memberId === g.member_id) add += (b.validBet * (g.contributions[b.product] ?? 0)) / 100;
      if (add === 0) continue;
      const updated = await sql<{ wagered: string; required: string }>`
        update bonus_grant set wagered = greatest(0, wagered + ${add.toFixed(4)}::numeric)
        where id = ${g.id} returning wagered::text, required::text`.execute(trx);
      const u = updated.rows[0]!;
      if (Number(u.wagered) >= Number(u.required)) {
        await this.end(trx, g, 'COMPLETED', 'wagering');
        completed++;
      }
    }
    return completed;
  }

  /** The expiry job's work: every ACTIVE grant past its end returns to the house. */
  async expire(trx: Kysely<DB>, now = new Date()): Promise<number> {
    const due = await trx
      .selectFrom('bonus_grant')
      .selectAll()
      .where('status', '=', 'ACTIVE')
      .where('expires_at', '<=', now)
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .limit(1000)
      .execute();
    for (const g of due) await this.end(trx, g, 'EXPIRED', 'expiry');
    return due.length;
  }

  // ---- the member's reads -----------------------------------------------------------------------

  private async titleOf(promotionId: number): Promise<string> {
    const r = await this.db
      .selectFrom('announcement')
      .select('title')
      .where('id', '=', promotionId)
      .executeTakeFirst();
    return r?.title ?? '';
  }

  private grantWire(g: GrantRow, title: string): BonusGrant {
    const required = Number(g.required);
    const wagered = Math.min(Number(g.wagered), required);
    return {
      id: g.id,
      promotionId: g.promotion_id,
      title,
      amount: this.major(Number(g.amount)),
      deposit: this.major(Number(g.deposit)),
      required: this.major(Math.ceil(required)),
      wagered: this.major(Math.floor(wagered)),
      progress: g.status === 'COMPLETED' ? 100 : required > 0 ? Math.floor((wagered * 100) / required) : 100,
      contributions: g.contributions,
      status: g.status,
      createdAt: ms(g.created_at)!,
      expiresAt: ms(g.expires_at)!,
      endedAt: ms(g.ended_at),
    };
  }

  /** The bonus wallet: balance, the grant being wagered, the past ones (newest first). */
  async bonusWallet(memberId: number): Promise<BonusWallet> {
    const [grants, account] = await Promise.all([
      this.db
        .selectFrom('bonus_grant as g')
        .innerJoin('announcement as a', 'a.id', 'g.promotion_id')
        .selectAll('g')
        .select('a.title')
        .where('g.member_id', '=', memberId)
        .orderBy('g.id', 'desc')
        .limit(50)
        .execute(),
      this.db
        .selectFrom('ledger_account')
        .select('balance')
        .where('member_id', '=', memberId)
        .where('wallet_type', '=', WalletType.bonus)
        .where('currency', '=', this.wallet.currency().code)
        .executeTakeFirst(),
    ]);
    const wire = grants.map((g) => this.grantWire(g, g.title));
    return {
      balance: this.major(Number(account?.balance ?? 0)),
      active: wire.find((g) => g.status === 'ACTIVE') ?? null,
      history: wire.filter((g) => g.status !== 'ACTIVE'),
    };
  }

  private async entryWire(e: EntryRow, db: Kysely<DB> = this.db): Promise<PromotionEntry> {
    const [rule, grant, title] = await Promise.all([
      db
        .selectFrom('promotion_rule')
        .selectAll()
        .where('announcement_id', '=', e.promotion_id)
        .executeTakeFirst(),
      db.selectFrom('bonus_grant').selectAll().where('entry_id', '=', e.id).executeTakeFirst(),
      this.titleOf(e.promotion_id),
    ]);
    const withDep = await this.withDeposit(db, e);
    return {
      id: e.id,
      promotionId: e.promotion_id,
      title,
      status: this.entryStatus(rule ?? null, withDep, grant ?? null),
      joinedAt: ms(e.joined_at)!,
      remark: e.remark,
      reason: e.reason,
      bonus: grant ? this.major(Number(grant.amount)) : 0,
    };
  }

  /** An entry's own status (the claim list): as the list's, without the "join again" of a finished one. */
  private entryStatus(rule: RuleRow | null, e: EntryRow, g: GrantRow | null): PromotionStatus {
    if (e.status === 'JOINED') return this.statusOf(rule, e, g);
    if (e.status === 'APPLYING') return 'applying';
    if (e.status === 'REJECTED') return 'rejected';
    if (g?.status === 'ACTIVE') return 'process';
    return e.status === 'ISSUED' ? 'issued' : 'claimed';
  }

  /** The claim list: the member's entries, newest first. */
  async claimList(memberId: number): Promise<PromotionEntry[]> {
    const rows = await this.db
      .selectFrom('promotion_entry')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
    return Promise.all(rows.map((r) => this.entryWire(r)));
  }

  /** The raffle status call's answer for a promotion. */
  async claimStatus(memberId: number, promotionId: number) {
    const rule = await this.db
      .selectFrom('promotion_rule')
      .selectAll()
      .where('announcement_id', '=', promotionId)
      .executeTakeFirst();
    if (!rule) this.refuse(Errors.promotionNotFound);
    const claimed = await this.db
      .selectFrom('promotion_entry')
      .select('id')
      .where('member_id', '=', memberId)
      .where('promotion_id', '=', promotionId)
      .where('status', 'in', ['ISSUED', 'CLAIMED'])
      .limit(1)
      .executeTakeFirst();
    const phase = this.phase(rule);
    return {
      isClaimed: Boolean(claimed),
      hasStarted: phase !== 'coming soon',
      hasEnded: phase === 'close',
      due: ms(rule.ends_at),
      time: Date.now(),
    };
  }

  /**
   * The reward centre's claimable promotions (PR-01): each entry of a shown promotion whose status
   * is claim (a fixed bonus, or a match whose qualifying deposit arrived), with the bonus a claim
   * gives now (major units) and since when it can be claimed (epoch ms).
   */
  async claimables(
    memberId: number,
  ): Promise<{ entryId: number; promotionId: number; title: string; amount: number; since: number }[]> {
    const shown = new Map((await this.shownNotices()).map((n) => [n.id, n]));
    const out = [];
    for (const e of await this.latestEntries(memberId)) {
      const notice = shown.get(e.promotion_id);
      if (e.status !== 'JOINED' || !notice?.kind) continue;
      const rule = notice as unknown as RuleRow;
      if (this.statusOf(rule, e, null) !== 'claim') continue;
      let amount = Number(rule.fixed_bonus);
      let since = ms(e.joined_at)!;
      if (rule.kind === 'DEPOSIT_MATCH' || rule.kind === 'RELOAD') {
        const dep = await this.db
          .selectFrom('deposit_order')
          .select(['amount', 'completed_at'])
          .where('id', '=', e.deposit_order_id!)
          .executeTakeFirstOrThrow();
        amount = Math.floor((Number(dep.amount) * Number(rule.match_percent)) / 100);
        if (Number(rule.max_bonus) > 0) amount = Math.min(amount, Number(rule.max_bonus));
        since = ms(dep.completed_at) ?? since;
      }
      out.push({
        entryId: e.id,
        promotionId: e.promotion_id,
        title: notice.title,
        amount: this.major(amount),
        since,
      });
    }
    return out;
  }

  // ---- the operator -------------------------------------------------------------------------------

  private ruleWire(r: RuleRow, title: string, agents: Map<number, string>): backoffice.PromotionRule {
    const b = this.bonusWire(r);
    return {
      id: r.announcement_id,
      title,
      kind: b.kind,
      category: b.category,
      matchPercent: b.matchPercent,
      maxBonus: b.maxBonus,
      fixedBonus: b.fixedBonus,
      minDeposit: b.minDeposit,
      wageringMultiplier: b.wageringMultiplier,
      wageringBase: b.wageringBase,
      contributions: b.contributions,
      expiryHours: b.expiryHours,
      newMembersOnly: b.newMembersOnly,
      oncePerMember: b.oncePerMember,
      oncePerDay: b.oncePerDay,
      minLevel: b.minLevel,
      excludedAgents: r.excluded_agents.map((id) => agents.get(Number(id)) ?? `#${id}`),
      startsAt: ms(r.starts_at),
      endsAt: ms(r.ends_at),
      enabled: r.enabled,
    };
  }

  private async agentNames(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await this.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), r.username]));
  }

  /** Every promotion with rules, and the PR/PU notices without. */
  async rules(): Promise<{ list: backoffice.PromotionRule[]; without: { id: number; title: string }[] }> {
    const notices = await this.db
      .selectFrom('announcement as a')
      .leftJoin('promotion_rule as r', 'r.announcement_id', 'a.id')
      .select(['a.id', 'a.title'])
      .selectAll('r')
      .where('a.type', 'in', PROMOTION_TYPES)
      .where('a.deleted_at', 'is', null)
      .orderBy('a.id', 'desc')
      .execute();
    const agents = await this.agentNames(notices.flatMap((n) => (n.excluded_agents ?? []).map(Number)));
    return {
      list: notices.filter((n) => n.kind).map((n) => this.ruleWire(n as unknown as RuleRow, n.title, agents)),
      without: notices.filter((n) => !n.kind).map((n) => ({ id: n.id, title: n.title })),
    };
  }

  /** Creates or changes a promotion's bonus rules; audited. */
  async saveRule(actor: AuditActor, body: backoffice.PromotionRuleBody): Promise<backoffice.PromotionRule> {
    const parsed = backoffice.PromotionRuleBodySchema.safeParse(body);
    if (!parsed.success)
      this.refuse(
        Errors.invalidInput,
        parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
      );
    const input = parsed.data;
    const notice = await this.db
      .selectFrom('announcement')
      .select(['id', 'title'])
      .where('id', '=', input.id)
      .where('type', 'in', PROMOTION_TYPES)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!notice) this.refuse(Errors.promotionNotFound, 'No promotion (a PR or PU notice) with this id');
    const names = input.excludedAgents ?? [];
    const agents = names.length
      ? await this.db.selectFrom('member').select(['id', 'username']).where('username', 'in', names).execute()
      : [];
    const missing = names.filter((n) => !agents.some((a) => a.username.toLowerCase() === n.toLowerCase()));
    if (missing.length) this.refuse(Errors.invalidInput, `No member named ${missing.join(', ')}`);
    const kind = input.kind;
    const values = {
      category: input.category ?? 'OTHER',
      kind,
      match_percent: input.matchPercent ?? 0,
      max_bonus: this.minor(input.maxBonus ?? 0),
      fixed_bonus: this.minor(input.fixedBonus ?? 0),
      min_deposit: this.minor(input.minDeposit ?? 0),
      wagering_multiplier: input.wageringMultiplier ?? 0,
      wagering_base: input.wageringBase ?? 'BONUS_DEPOSIT',
      contributions: JSON.stringify(input.contributions ?? {}),
      expiry_hours: input.expiryHours ?? 168,
      new_members_only: input.newMembersOnly ?? false,
      once_per_member: input.oncePerMember ?? false,
      once_per_day: input.oncePerDay ?? false,
      min_level: input.minLevel ?? 0,
      excluded_agents: agents.map((a) => Number(a.id)),
      starts_at: input.startsAt ? new Date(input.startsAt) : null,
      ends_at: input.endsAt ? new Date(input.endsAt) : null,
      enabled: input.enabled ?? true,
      updated_at: new Date(),
    } as const;
    if ((kind === 'DEPOSIT_MATCH' || kind === 'RELOAD') && !(values.match_percent > 0))
      this.refuse(Errors.invalidInput, 'A deposit match or reload needs a match percent above 0');
    if (kind === 'FIXED' && values.fixed_bonus <= 0)
      this.refuse(Errors.invalidInput, 'A fixed bonus needs an amount');
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('promotion_rule')
        .selectAll()
        .where('announcement_id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      const after = await trx
        .insertInto('promotion_rule')
        .values({ announcement_id: input.id, ...values })
        .onConflict((oc) => oc.column('announcement_id').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: before ? 'promotion.rule.update' : 'promotion.rule.create',
        targetType: 'promotion',
        targetId: String(input.id),
        before: before ? ruleAudit(before) : null,
        after: ruleAudit(after),
      });
      return after;
    });
    return this.ruleWire(row, notice.title, new Map(agents.map((a) => [Number(a.id), a.username])));
  }

  private async requestWire(e: EntryRow) {
    const [wire, member, pictures] = await Promise.all([
      this.entryWire(e),
      this.db.selectFrom('member').select('username').where('id', '=', e.member_id).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('promotion_picture')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('entry_id', '=', e.id)
        .executeTakeFirst(),
    ]);
    return {
      ...wire,
      memberId: e.member_id,
      username: member.username,
      pictures: Number(pictures?.n ?? 0),
      decidedBy: e.decided_by,
    };
  }

  /** Reward requests waiting for staff, oldest first. */
  async requests(size = 50) {
    const rows = await this.db
      .selectFrom('promotion_entry')
      .selectAll()
      .where('status', '=', 'APPLYING')
      .orderBy('id')
      .limit(size)
      .execute();
    return Promise.all(rows.map((r) => this.requestWire(r)));
  }

  /**
   * The request desk's page (the back office): the queue (APPLYING, oldest first) or what was
   * decided (ISSUED, REJECTED or both, newest first), a player's username from its start; the count.
   */
  async requestPage(query: {
    status?: backoffice.PromotionRequestView;
    username?: string | undefined;
    page?: number;
    size?: number;
  }): Promise<{ list: Awaited<ReturnType<BonusService['requestWire']>>[]; total: number }> {
    const view = query.status ?? 'APPLYING';
    const page = query.page ?? 1;
    const size = query.size ?? 50;
    const statuses = view === 'DECIDED' ? (['ISSUED', 'REJECTED'] as const) : ([view] as const);
    const name = query.username?.trim().toLowerCase();
    let base = this.db
      .selectFrom('promotion_entry as e')
      // APPLYING is a request sent; ISSUED and REJECTED are only ever the desk's decisions.
      .where('e.status', 'in', [...statuses]);
    if (name) {
      const like = `${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('member as m')
            .select('m.id')
            .whereRef('m.id', '=', 'e.member_id')
            .where(sql<boolean>`lower(m.username) like ${like}`),
        ),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll('e')
        .orderBy('e.id', view === 'APPLYING' ? 'asc' : 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      list: await Promise.all(rows.map((r) => this.requestWire(r as EntryRow))),
      total: Number(count?.n ?? 0),
    };
  }

  /** One picture of a reward request, as the member sent it (PNG or JPEG), for the desk. */
  async requestPicture(entryId: number, n: number) {
    const p = await this.db
      .selectFrom('promotion_picture')
      .select(['entry_id', 'n', 'mime', 'bytes'])
      .where('entry_id', '=', entryId)
      .where('n', '=', n)
      .executeTakeFirst();
    if (!p) this.refuse(Errors.notFound, 'This request has no such picture');
    const bytes = Buffer.from(p.bytes);
    return {
      entryId: Number(p.entry_id),
      n: p.n,
      mime: p.mime,
      dataUrl: `data:${p.mime};base64,${bytes.toString('base64')}`,
    };
  }

  /** Switches a promotion's rules on or off (off: no joins or claims; bonuses given run on); audited. */
  async enableRule(actor: AuditActor, id: number, enabled: boolean): Promise<backoffice.PromotionRule> {
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('promotion_rule')
        .selectAll()
        .where('announcement_id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) this.refuse(Errors.promotionNotFound, 'This promotion has no bonus rules yet');
      const after = await trx
        .updateTable('promotion_rule')
        .set({ enabled, updated_at: new Date() })
        .where('announcement_id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'promotion.rule.enable',
        targetType: 'promotion',
        targetId: String(id),
        before: { enabled: before.enabled },
        after: { enabled: after.enabled },
      });
      return after;
    });
    const agents = await this.agentNames(row.excluded_agents.map(Number));
    return this.ruleWire(row, await this.titleOf(id), agents);
  }

  private async lockApplying(trx: Transaction<DB>, id: number): Promise<EntryRow> {
    const e = await trx
      .selectFrom('promotion_entry')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!e) this.refuse(Errors.notFound, 'No such reward request');
    if (e.status !== 'APPLYING') this.refuse(Errors.promotionEntryDecided);
    return e;
  }

  /**
   * Approves a reward request: the bonus (the amount given, else the fixed bonus, never above the
   * rule's maximum when it has one) with the rule's wagering; audited.
   */
  async approve(actor: AuditActor, id: number, amountMajor?: number) {
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await this.lockApplying(trx, id);
      const rule = await trx
        .selectFrom('promotion_rule')
        .selectAll()
        .where('announcement_id', '=', before.promotion_id)
        .executeTakeFirstOrThrow();
      const amount = amountMajor !== undefined ? this.minor(amountMajor) : Number(rule.fixed_bonus);
      if (amount <= 0)
        this.refuse(Errors.invalidInput, 'Give the amount of the reward (the promotion has no fixed bonus)');
      // A request's maximum (the Zalo reward "up to 131K", PR-13) bounds what staff give.
      if (Number(rule.max_bonus) > 0 && amount > Number(rule.max_bonus))
        this.refuse(
          Errors.invalidInput,
          `The reward of this promotion is at most ${this.major(Number(rule.max_bonus))}`,
        );
      const after = await trx
        .updateTable('promotion_entry')
        .set({ status: 'ISSUED', decided_by: actor.name, decided_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const g = await this.grant(trx, rule, id, before.member_id, amount, 0, actor.name);
      await this.audit.append(trx, actor, {
        action: 'promotion.request.approve',
        targetType: 'promotion-entry',
        targetId: String(id),
        before: { status: before.status },
        after: { status: after.status, bonus: Number(g.amount), grant: g.id },
      });
      return after;
    });
    return this.requestWire(row);
  }

  /** Rejects a reward request with the reason the member reads; audited. */
  async reject(actor: AuditActor, id: number, reason: string) {
    const why = reason.trim();
    if (!why || why.length > 200)
      this.refuse(Errors.invalidInput, 'A rejection gives a reason of 1 to 200 characters');
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await this.lockApplying(trx, id);
      const after = await trx
        .updateTable('promotion_entry')
        .set({ status: 'REJECTED', reason: why, decided_by: actor.name, decided_at: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.audit.append(trx, actor, {
        action: 'promotion.request.reject',
        targetType: 'promotion-entry',
        targetId: String(id),
        before: { status: before.status },
        after: { status: after.status, reason: why },
      });
      return after;
    });
    return this.requestWire(row);
  }
}

/** A grant's reference in the account records. */
export const grantNo = (id: number) => `BG${String(id).padStart(8, '0')}`;

function ruleAudit(r: RuleRow) {
  return {
    kind: r.kind,
    category: r.category,
    matchPercent: Number(r.match_percent),
    maxBonus: Number(r.max_bonus),
    fixedBonus: Number(r.fixed_bonus),
    minDeposit: Number(r.min_deposit),
    wageringMultiplier: Number(r.wagering_multiplier),
    wageringBase: r.wagering_base,
    contributions: r.contributions,
    expiryHours: r.expiry_hours,
    newMembersOnly: r.new_members_only,
    oncePerMember: r.once_per_member,
    oncePerDay: r.once_per_day,
    minLevel: r.min_level,
    excludedAgents: r.excluded_agents.map(Number),
    startsAt: ms(r.starts_at),
    endsAt: ms(r.ends_at),
    enabled: r.enabled,
  };
}

/** The member's row lock: a member's joins, claims and withdrawals take it first, one at a time. */
async function lockMember(trx: Kysely<DB>, memberId: number): Promise<void> {
  await trx.selectFrom('member').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
}

/** The expiry job: every minute, once per window across instances (platform/jobs). */
export function registerBonusJobs(jobs: JobRunner, bonus: BonusService): void {
  jobs.register(BONUS_EXPIRE_JOB, { everyMs: 60_000 }, async ({ db }) => ({
    expired: await bonus.expire(db),
  }));
}
