import type { z } from 'zod';
import { sql, type Kysely, type Transaction } from 'kysely';
import { backoffice, Errors, minorToMajor, type LedgerKind } from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { revokeMemberSessions } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import { HouseAccount, WalletType, type WalletService } from '../wallet/wallet.service.ts';
import type { AuditActor, AuditLog } from './audit.service.ts';
import type { ResponsibleService } from '../responsible/responsible.service.ts';
import type { BonusService } from '../promotions/bonus.service.ts';
import type { PointsService } from '../points/points.service.ts';

type SearchQuery = z.output<typeof backoffice.PlayerSearchQuerySchema>;
type LedgerQuery = z.output<typeof backoffice.PlayerLedgerQuerySchema>;
type BetsQuery = z.output<typeof backoffice.PlayerBetsQuerySchema>;
type NotesQuery = z.output<typeof backoffice.PlayerNotesQuerySchema>;
type AdjustBody = z.output<typeof backoffice.PlayerAdjustBodySchema>;
type Profile = backoffice.PlayerProfile;

const E = backoffice.BackofficeErrors;
const CAP = backoffice.PLAYER_SEARCH_COUNT_CAP;

/** The member statuses of decision 031: `locked` is the operator's, only staff lift it. */
export const PlayerStatus = {
  active: 'active',
  loginForbidden: 'login_forbidden',
  locked: 'locked',
} as const;

const ms = (d: Date | string | null): number | null => (d === null ? null : new Date(d).getTime());

/**
 * The first text after every text that starts with `prefix`, in byte order (text_pattern_ops):
 * the prefix with its last character moved one code point on. `key ~>=~ prefix and key ~<~ next`
 * is then exactly "starts with" (UTF-8's byte order is code point order), `%` and `_` typed in the
 * box match as themselves, and a btree in text_pattern_ops reads it as one range whatever the
 * plan's parameters (a LIKE with a bound parameter may be planned without the index, and its
 * filter would only blur the planner's estimate of the range).
 */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()!;
  const next = last.codePointAt(0)! + 1;
  // A lone surrogate is no character: the code point after U+D7FF in UTF-8's order is U+E000.
  return chars.join('') + String.fromCodePoint(next >= 0xd800 && next <= 0xdfff ? 0xe000 : next);
}

interface SearchHit {
  member_id: number;
  matched: string;
}

/**
 * The back office's Players section (issue 31, decision 031 "Players"): the search, the reads of a
 * player's page, and the actions on a player. Each action changes the player through the same
 * statements and services as the rest of the server (session revocation, the wallet's one posting
 * path) and appends its audit entry, with the state before and after, in the same transaction as
 * the change.
 */
export class PlayersService {
  private readonly deps: {
    database: Database;
    wallet: WalletService;
    audit: AuditLog;
    responsible?: ResponsibleService;
    bonus?: BonusService;
    points?: Pick<PointsService, 'balance'>;
  };

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    audit: AuditLog;
    /** A player's limits and blocks (decision 039). */
    responsible?: ResponsibleService;
    /** The bonus wallet (decision 041): the player's bonuses, and staff's forfeit. */
    bonus?: BonusService;
    /** The points balance (decision 033). */
    points?: Pick<PointsService, 'balance'>;
  }) {
    this.deps = deps;
  }

  private get db() {
    return this.deps.database.db;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.deps.wallet.currency().precision);
  }

  // ---- search -----------------------------------------------------------------------------------

  /**
   * Players by a key's prefix, in the key's order then by id. Every branch reads its index's range
   * in order and stops after the page (`limit offset + size`), and the count stops at CAP, so a
   * one-letter prefix at a million members reads no more than a thousand index entries.
   */
  async search(q: SearchQuery) {
    const { key, page, size } = q;
    const offset = (page - 1) * size;
    let prefix = q.q.trim();
    if (key === 'username' || key === 'email') prefix = prefix.toLowerCase();
    if (key === 'phone') {
      prefix = prefix.replace(/[\s()+-]/g, '');
      if (!/^\d{1,20}$/.test(prefix))
        throw fail(Errors.invalidInput, { message: 'A phone number prefix is digits only' });
    }
    if (key === 'ip' && !/^[0-9A-Fa-f.:]{2,45}$/.test(prefix))
      throw fail(Errors.invalidInput, { message: 'An IP prefix is digits, dots and colons (2 or more)' });
    if (key === 'bank' && !/^[0-9A-Za-z-]{1,40}$/.test(prefix))
      throw fail(Errors.invalidInput, { message: 'A bank account prefix is letters and digits' });
    if (key === 'ip') prefix = prefix.toLowerCase();

    const end = prefixEnd(prefix);
    const branches = (limit: number) => this.searchBranches(key, prefix, end, limit);

    if (offset >= CAP) return { list: [], total: CAP, capped: true, page, size };
    const [hits, counted] = await Promise.all([
      sql<SearchHit>`select member_id, matched from (${branches(offset + size)}) u
        order by matched using ~<~, member_id limit ${size} offset ${offset}`.execute(this.db),
      sql<{ n: number }>`select count(*)::int as n from (
        select 1 from (${branches(CAP + 1)}) u limit ${CAP + 1}) c`.execute(this.db),
    ]);
    const n = Number(counted.rows[0]?.n ?? 0);
    const ids = hits.rows.map((h) => Number(h.member_id));
    const members = ids.length
      ? await this.db
          .selectFrom('member')
          .select([
            'id',
            'username',
            'status',
            'agent_type',
            'email',
            'mobile_dialing_code',
            'mobile_number',
            'created_at',
            'register_ip',
            'last_login_at',
            'last_login_ip',
          ])
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(members.map((m) => [Number(m.id), m]));
    const list = hits.rows.flatMap((h) => {
      const m = byId.get(Number(h.member_id));
      if (!m) return [];
      return [
        {
          id: Number(m.id),
          username: m.username,
          status: m.status,
          agentType: m.agent_type,
          email: m.email,
          phone: phoneOf(m.mobile_dialing_code, m.mobile_number),
          registeredAt: ms(m.created_at)!,
          registerIp: m.register_ip,
          lastLoginAt: ms(m.last_login_at),
          lastLoginIp: m.last_login_ip,
          matched: h.matched,
        },
      ];
    });
    return { list, total: Math.min(n, CAP), capped: n > CAP, page, size };
  }

  /**
   * The ordered, limited index ranges a key searches (one per column it looks at). Ordered `using
   * ~<~`, the byte order of the text_pattern_ops indexes, so each branch reads its index in order
   * and stops at `limit` (an order by the database's collation would sort every match first).
   */
  private searchBranches(key: backoffice.PlayerSearchKey, prefix: string, end: string, limit: number) {
    switch (key) {
      case 'username':
        return sql`select id as member_id, lower(username) as matched from member
          where lower(username) ~>=~ ${prefix} and lower(username) ~<~ ${end}
          order by lower(username) using ~<~, id limit ${limit}`;
      case 'email':
        return sql`select id as member_id, lower(email) as matched from member
          where email is not null and lower(email) ~>=~ ${prefix} and lower(email) ~<~ ${end}
          order by lower(email) using ~<~, id limit ${limit}`;
      case 'phone':
        return sql`select id as member_id, mobile_number as matched from member
          where mobile_number is not null and mobile_number ~>=~ ${prefix} and mobile_number ~<~ ${end}
          order by mobile_number using ~<~, id limit ${limit}`;
      case 'bank':
        // One row per player and number: a player with two matching accounts shows once per number.
        return sql`select distinct member_id, account_number as matched from (
            select member_id, account_number from bank_account
            where account_number ~>=~ ${prefix} and account_number ~<~ ${end}
            order by account_number using ~<~, member_id limit ${limit}) b`;
      case 'ip':
        // The registration IP, the last login IP and every IP logged in from: each branch the top
        // `limit` of its index, so the union's top `limit` is among them.
        return sql`(select id as member_id, register_ip as matched from member
            where register_ip ~>=~ ${prefix} and register_ip ~<~ ${end}
            order by register_ip using ~<~, id limit ${limit})
          union
          (select id, last_login_ip from member
            where last_login_ip is not null and last_login_ip ~>=~ ${prefix} and last_login_ip ~<~ ${end}
            order by last_login_ip using ~<~, id limit ${limit})
          union
          (select member_id, ip from member_known_ip
            where ip ~>=~ ${prefix} and ip ~<~ ${end}
            order by ip using ~<~, member_id limit ${limit})`;
    }
  }

  // ---- a player's page --------------------------------------------------------------------------

  async profile(id: number, db: Kysely<DB> = this.db): Promise<Profile> {
    const m = await db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
    if (!m) throw fail(E.boPlayerNotFound);
    const [upline, banks] = await Promise.all([
      m.upline_id === null
        ? Promise.resolve(undefined)
        : db.selectFrom('member').select(['id', 'username']).where('id', '=', m.upline_id).executeTakeFirst(),
      db.selectFrom('bank_account').selectAll().where('member_id', '=', id).orderBy('id').execute(),
    ]);
    const expires = ms(m.password_expires_at);
    return {
      id: Number(m.id),
      username: m.username,
      status: m.status,
      agentType: m.agent_type,
      nickname: m.nickname,
      realName: m.payee_name,
      email: m.email,
      phone: phoneOf(m.mobile_dialing_code, m.mobile_number),
      language: m.language,
      rankLevel: m.rank_level,
      upline: upline ? { id: Number(upline.id), username: upline.username } : null,
      registeredAt: ms(m.created_at)!,
      registerIp: m.register_ip,
      registerMethod: m.register_method,
      registerDomain: m.register_domain,
      lastLoginAt: ms(m.last_login_at),
      lastLoginIp: m.last_login_ip,
      passwordChangedAt: ms(m.password_changed_at),
      mustChangePassword: m.password_change_required || (expires !== null && expires <= Date.now()),
      twoFactor: m.totp_secret !== null,
      bankAccounts: banks.map((b) => ({
        id: Number(b.id),
        bankCode: b.bank_code,
        payeeName: b.payee_name,
        accountNumber: b.account_number,
        createdAt: ms(b.created_at)!,
        removedAt: ms(b.deleted_at),
      })),
    };
  }

  private async exists(id: number): Promise<void> {
    const row = await this.db.selectFrom('member').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw fail(E.boPlayerNotFound);
  }

  async balances(id: number, db: Kysely<DB> = this.db): Promise<backoffice.PlayerBalances> {
    const { code, precision } = this.deps.wallet.currency();
    const [member, rows] = await Promise.all([
      db.selectFrom('member').select('id').where('id', '=', id).executeTakeFirst(),
      db
        .selectFrom('ledger_account')
        .select(['wallet_type', 'balance'])
        .where('member_id', '=', id)
        .where('currency', '=', code)
        .orderBy('wallet_type')
        .execute(),
    ]);
    if (!member) throw fail(E.boPlayerNotFound);
    const wallets = rows.map((r) => ({ wallet: r.wallet_type, balance: this.major(Number(r.balance)) }));
    if (!rows.some((r) => r.wallet_type === WalletType.main))
      wallets.unshift({ wallet: WalletType.main, balance: 0 });
    const total = rows.reduce((s, r) => s + Number(r.balance), 0);
    return { currency: code, precision, wallets, total: this.major(total) };
  }

  /** The player's postings, newest first: the ledger_posting_account index per account, merged. */
  async ledger(q: LedgerQuery) {
    await this.exists(q.id);
    let query = this.db
      .selectFrom('ledger_posting as p')
      .innerJoin('ledger_account as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_transaction as t', 't.id', 'p.transaction_id')
      .select([
        'p.id',
        'p.transaction_id',
        'p.amount',
        'p.created_at',
        'a.wallet_type',
        't.kind',
        't.reference',
        't.memo',
      ])
      .where('a.member_id', '=', q.id)
      .orderBy('p.id', 'desc')
      .limit(q.size + 1);
    if (q.before !== undefined) query = query.where('p.id', '<', q.before);
    if (q.kind !== undefined) query = query.where('t.kind', '=', q.kind);
    const rows = await query.execute();
    const page = rows.slice(0, q.size);
    return {
      list: page.map((r) => ({
        postingId: Number(r.id),
        transactionId: Number(r.transaction_id),
        at: ms(r.created_at)!,
        kind: r.kind,
        reference: r.reference,
        memo: r.memo,
        wallet: r.wallet_type,
        amount: this.major(Number(r.amount)),
      })),
      next: rows.length > q.size ? Number(page[page.length - 1]!.id) : null,
    };
  }

  /** Bets across every product, newest first by bet time (bet_record_member_time). */
  async bets(q: BetsQuery) {
    await this.exists(q.id);
    let query = this.db
      .selectFrom('bet_record')
      .select([
        'id',
        'vendor',
        'product',
        'bet_no',
        'game_code',
        'game_name',
        'bet_amount',
        'valid_bet',
        'payout',
        'status',
        'bet_at',
        'settled_at',
      ])
      .where('member_id', '=', q.id)
      .orderBy('bet_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size + 1);
    if (q.product !== undefined) query = query.where('product', '=', q.product);
    if (q.before !== undefined) {
      const [t, id] = q.before.split(':').map(Number) as [number, number];
      const at = new Date(t);
      query = query.where((eb) =>
        eb.or([eb('bet_at', '<', at), eb.and([eb('bet_at', '=', at), eb('id', '<', id)])]),
      );
    }
    const rows = await query.execute();
    const page = rows.slice(0, q.size);
    const last = page[page.length - 1];
    return {
      list: page.map((r) => ({
        id: Number(r.id),
        vendor: r.vendor,
        product: r.product,
        betNo: r.bet_no,
        gameCode: r.game_code,
        gameName: r.game_name,
        betAmount: this.major(Number(r.bet_amount)),
        validBet: this.major(Number(r.valid_bet)),
        payout: this.major(Number(r.payout)),
        status: r.status,
        betAt: ms(r.bet_at)!,
        settledAt: ms(r.settled_at),
      })),
      next: rows.length > q.size && last ? `${ms(last.bet_at)}:${Number(last.id)}` : null,
    };
  }

  async sessions(id: number) {
    const [member, sessions, devices] = await Promise.all([
      this.db.selectFrom('member').select(['id', 'device_key_hash']).where('id', '=', id).executeTakeFirst(),
      this.db
        .selectFrom('session')
        .select([
          'id',
          'ip',
          'created_at',
          'last_seen_at',
          'revoked_at',
          'remember_id',
          sql<boolean>`revoked_at is null and idle_expires_at > now() and absolute_expires_at > now()`.as(
            'live',
          ),
        ])
        .where('member_id', '=', id)
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
      this.db
        .selectFrom('remember_token')
        .select(['id', 'created_at', 'expires_at', 'revoked_at'])
        .where('member_id', '=', id)
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
    ]);
    if (!member) throw fail(E.boPlayerNotFound);
    const list = sessions.map((s) => ({
      id: Number(s.id),
      ip: s.ip,
      createdAt: ms(s.created_at)!,
      lastSeenAt: ms(s.last_seen_at)!,
      live: Boolean(s.live),
      revokedAt: ms(s.revoked_at),
      remembered: s.remember_id !== null,
    }));
    list.sort((a, b) => Number(b.live) - Number(a.live));
    return {
      sessions: list,
      devices: devices.map((d) => ({
        id: Number(d.id),
        createdAt: ms(d.created_at)!,
        expiresAt: ms(d.expires_at)!,
        revokedAt: ms(d.revoked_at),
      })),
      deviceBound: member.device_key_hash !== null,
    };
  }

  async logins(id: number) {
    const member = await this.db
      .selectFrom('member')
      .select(['username'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!member) throw fail(E.boPlayerNotFound);
    const [ips, failures] = await Promise.all([
      this.db
        .selectFrom('member_known_ip')
        .select(['ip', 'first_seen', 'last_seen'])
        .where('member_id', '=', id)
        .orderBy('last_seen', 'desc')
        .limit(100)
        .execute(),
      this.db
        .selectFrom('login_failure')
        .select(['ip', 'at'])
        .where('username_key', '=', member.username.toLowerCase())
        .orderBy('at', 'desc')
        .limit(50)
        .execute(),
    ]);
    return {
      ips: ips.map((r) => ({ ip: r.ip, firstSeen: ms(r.first_seen)!, lastSeen: ms(r.last_seen)! })),
      failures: failures.map((r) => ({ ip: r.ip, at: ms(r.at)! })),
    };
  }

  async notes(q: NotesQuery) {
    await this.exists(q.id);
    let query = this.db
      .selectFrom('player_note')
      .selectAll()
      .where('member_id', '=', q.id)
      .orderBy('id', 'desc')
      .limit(q.size + 1);
    if (q.before !== undefined) query = query.where('id', '<', q.before);
    const rows = await query.execute();
    const page = rows.slice(0, q.size);
    return {
      list: page.map(noteOf),
      next: rows.length > q.size ? Number(page[page.length - 1]!.id) : null,
    };
  }

  async addNote(actor: AuditActor, id: number, body: string) {
    return this.db.transaction().execute(async (trx) => {
      const member = await trx.selectFrom('member').select('id').where('id', '=', id).executeTakeFirst();
      if (!member) throw fail(E.boPlayerNotFound);
      const row = await trx
        .insertInto('player_note')
        .values({ member_id: id, staff_id: actor.id, staff_name: actor.name, body })
        .returningAll()
        .executeTakeFirstOrThrow();
      const note = noteOf(row);
      await this.deps.audit.append(trx, actor, {
        action: 'player.note',
        targetType: 'member',
        targetId: id,
        before: null,
        after: { noteId: note.id, body },
      });
      return note;
    });
  }

  // ---- bonuses and wagering (decision 041) ------------------------------------------------------

  private get bonus(): BonusService {
    if (!this.deps.bonus) throw new Error('players: no bonus service');
    return this.deps.bonus;
  }

  /** The player's bonus wallet (the bonus being wagered, the past ones), VIP level and points. */
  async bonuses(id: number): Promise<backoffice.PlayerBonuses> {
    const member = await this.db
      .selectFrom('member')
      .select(['rank_level', 'club_label'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!member) throw fail(E.boPlayerNotFound);
    const [wallet, points] = await Promise.all([
      this.bonus.walletForStaff(id),
      this.deps.points ? this.deps.points.balance(id) : Promise.resolve(0),
    ]);
    const { code, precision } = this.deps.wallet.currency();
    return {
      currency: code,
      precision,
      ...wallet,
      vip: { rankLevel: member.rank_level, label: member.club_label },
      points: points / 100,
    };
  }

  /**
   * Forfeits the player's bonus being wagered, with a reason: through the bonus service's one end
   * of a grant (BONUS_FORFEIT back to the house, once), audited in that transaction.
   */
  async forfeitBonus(actor: AuditActor, body: backoffice.PlayerBonusForfeitBody) {
    await this.exists(body.id);
    await this.bonus.forfeitByStaff(actor, body.id, body.grantId, body.reason);
    return this.bonuses(body.id);
  }

  // ---- responsible gambling (decision 039) ------------------------------------------------------

  private get rg(): ResponsibleService {
    if (!this.deps.responsible) throw new Error('players: no responsible-gambling service');
    return this.deps.responsible;
  }

  /** A player's limits, pending raises, reality check and any time-out or self-exclusion. */
  async responsible(id: number) {
    await this.exists(id);
    return this.rg.settings(id);
  }

  /**
   * A stricter limit, at once (a looser one is refused: only the player loosens, after the
   * cooling-off), audited with the limit before and after in the change's transaction.
   */
  async setRgLimit(actor: AuditActor, body: backoffice.PlayerRgLimitBody) {
    await this.exists(body.id);
    if ((body.kind === 'session') !== (body.period === 'session'))
      throw fail(Errors.invalidInput, { message: 'The session limit has the period session, and only it' });
    const precision = this.deps.wallet.currency().precision;
    const amount =
      body.kind === 'session' ? Math.round(body.amount) : Math.round(body.amount * 10 ** precision);
    if (amount <= 0) throw fail(Errors.invalidInput, { message: 'The limit must be above zero' });
    await this.db.transaction().execute(async (trx) => {
      const change = await this.rg.setLimit(
        body.id,
        body.kind,
        body.period,
        amount,
        { kind: 'staff', name: actor.name },
        trx,
      );
      await this.deps.audit.append(trx, actor, {
        action: 'player.rg-limit',
        targetType: 'member',
        targetId: body.id,
        before: { kind: body.kind, period: body.period, limit: change.before },
        after: { kind: body.kind, period: body.period, limit: change.after, reason: body.reason },
      });
    });
    return this.rg.settings(body.id);
  }

  /** A time-out: every session ends, no login until its end; never shortens a running block. */
  async rgTimeOut(actor: AuditActor, body: backoffice.PlayerRgTimeOutBody) {
    await this.exists(body.id);
    await this.db.transaction().execute(async (trx) => {
      const change = await this.rg.block(body.id, 'timeout', body.duration, `staff:${actor.name}`, trx);
      const live = await liveSessions(trx, body.id);
      await this.deps.audit.append(trx, actor, {
        action: 'player.rg-timeout',
        targetType: 'member',
        targetId: body.id,
        before: { block: change.before, liveSessions: live },
        after: { block: change.after, liveSessions: 0, duration: body.duration, reason: body.reason },
      });
    });
    await revokeMemberSessions(this.deps.database, body.id);
    return this.rg.settings(body.id);
  }

  // ---- actions ----------------------------------------------------------------------------------

  /**
   * One status action: under the member's row lock, check the status it applies to, change it and
   * append the audit entry (before and after) in one transaction; then end the player's sessions,
   * remember tokens and pending logins through revokeMemberSessions (its own transaction, which
   * also ends their live streams). A locked player's token is refused from the commit on anyway:
   * the token check admits active members only.
   */
  private async statusAction(
    actor: AuditActor,
    id: number,
    reason: string,
    action: string,
    change: (
      trx: Transaction<DB>,
      before: { status: string; password_expires_at: Date | null },
    ) => Promise<boolean>,
    endSessions: boolean,
  ) {
    const live = await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('member')
        .select(['status', 'password_expires_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw fail(E.boPlayerNotFound);
      if (!(await change(trx, before))) throw fail(E.boPlayerState);
      const after = await trx
        .selectFrom('member')
        .select(['status', 'password_expires_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const live = endSessions ? await liveSessions(trx, id) : 0;
      await this.deps.audit.append(trx, actor, {
        action,
        targetType: 'member',
        targetId: id,
        before: { status: before.status, passwordExpiresAt: before.password_expires_at, liveSessions: live },
        after: {
          status: after.status,
          passwordExpiresAt: after.password_expires_at,
          ...(endSessions ? { liveSessions: 0 } : {}),
          reason,
        },
      });
      return live;
    });
    if (endSessions) await revokeMemberSessions(this.deps.database, id);
    return { profile: await this.profile(id), sessionsEnded: live };
  }

  /** Locks a player (from active or the agent's login_forbidden): no login, every session ends. */
  lock(actor: AuditActor, id: number, reason: string) {
    return this.statusAction(
      actor,
      id,
      reason,
      'player.lock',
      async (trx, before) => {
        if (before.status === PlayerStatus.locked) return false;
        await trx.updateTable('member').set({ status: PlayerStatus.locked }).where('id', '=', id).execute();
        return true;
      },
      true,
    );
  }

  /** Unlocks a locked (or agent-forbidden) player back to active. */
  unlock(actor: AuditActor, id: number, reason: string) {
    return this.statusAction(
      actor,
      id,
      reason,
      'player.unlock',
      async (trx, before) => {
        if (before.status === PlayerStatus.active) return false;
        await trx.updateTable('member').set({ status: PlayerStatus.active }).where('id', '=', id).execute();
        return true;
      },
      false,
    );
  }

  /**
   * The password expires now and a change is required: the next login answers passwordExpired and
   * forceChangePassword whatever the passwordExpiryChange switch says (migration 043), until the
   * player sets a new password; the sessions end so that login comes now.
   */
  forcePasswordChange(actor: AuditActor, id: number, reason: string) {
    return this.statusAction(
      actor,
      id,
      reason,
      'player.force-password-change',
      async (trx) => {
        await trx
          .updateTable('member')
          .set({ password_expires_at: sql`now()`, password_change_required: true })
          .where('id', '=', id)
          .execute();
        return true;
      },
      true,
    );
  }

  endSessions(actor: AuditActor, id: number, reason: string) {
    return this.statusAction(actor, id, reason, 'player.end-sessions', async () => true, true);
  }

  /**
   * A balance adjustment: one ADJUSTMENT movement between the player's main wallet and the house
   * adjustment account, through the wallet's one posting path (decision 027) inside the audit's
   * transaction. A debit below zero is refused by the ledger itself (wallet.balance.insufficient),
   * whatever another movement did meanwhile; the key `bo-adjust:<player>:<requestKey>` makes a
   * retry, or two staff sending the same request, move the money once and audit it once (the
   * second waits on the key's unique index, then finds the first's movement).
   */
  async adjust(actor: AuditActor, body: AdjustBody) {
    const { wallet } = this.deps;
    const precision = wallet.currency().precision;
    const minor = Math.round(body.amount * 10 ** precision);
    if (minor <= 0 || Math.abs(body.amount * 10 ** precision - minor) > 1e-6)
      throw fail(Errors.invalidInput, { message: `The amount has at most ${precision} decimals` });
    await this.exists(body.id);
    const key = `bo-adjust:${body.id}:${body.requestKey}`;
    const reference = `ADJ-${body.requestKey}`.slice(0, 64);
    const kind: LedgerKind = 'ADJUSTMENT';
    const player = { memberId: body.id };
    const house = { house: HouseAccount.adjustment };
    const result = await this.db.transaction().execute(async (trx) => {
      const before = await this.mainMinor(trx, body.id);
      const posted = await wallet.transfer(
        {
          from: body.direction === 'credit' ? house : player,
          to: body.direction === 'credit' ? player : house,
          amount: minor,
          kind,
          reference,
          idempotencyKey: key,
          memo: body.reason,
        },
        trx,
      );
      if (!posted.replayed) {
        const after = await this.mainMinor(trx, body.id);
        await this.deps.audit.append(trx, actor, {
          action: 'player.adjust',
          targetType: 'member',
          targetId: body.id,
          before: { main: this.major(before) },
          after: {
            main: this.major(after),
            direction: body.direction,
            amount: this.major(minor),
            reason: body.reason,
            transactionId: posted.transactionId,
            requestKey: body.requestKey,
          },
        });
      }
      return posted;
    });
    return {
      transactionId: result.transactionId,
      replayed: result.replayed,
      balances: await this.balances(body.id),
    };
  }

  private async mainMinor(db: Kysely<DB>, memberId: number): Promise<number> {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('member_id', '=', memberId)
      .where('wallet_type', '=', WalletType.main)
      .where('currency', '=', this.deps.wallet.currency().code)
      .executeTakeFirst();
    return Number(row?.balance ?? 0);
  }
}

async function liveSessions(db: Kysely<DB>, memberId: number): Promise<number> {
  const row = await db
    .selectFrom('session')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('absolute_expires_at', '>', sql<Date>`now()`)
    .where('idle_expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

function phoneOf(code: string | null, number: string | null): string | null {
  if (!number) return null;
  return code ? `+${code.replace(/^\+/, '')} ${number}` : number;
}

function noteOf(r: { id: number; staff_id: number | null; staff_name: string; body: string; at: Date }) {
  return {
    id: Number(r.id),
    staffId: r.staff_id === null ? null : Number(r.staff_id),
    staffName: r.staff_name,
    body: r.body,
    at: ms(r.at)!,
  };
}
