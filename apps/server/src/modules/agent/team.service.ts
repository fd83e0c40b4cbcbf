import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import {
  AgentType,
  Errors,
  minorToMajor,
  TEAM_EXPORT_MAX_ROWS,
  TEAM_ONLINE_WINDOW_MS,
  TeamStatus,
  type TeamExportQuerySchema,
  type TeamMember,
  type TeamMemberDetails,
  type TeamPage,
  type TeamQuerySchema,
  type TeamStatusCode,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { revokeMemberSessions } from '../../platform/auth/session.ts';
import { fail } from '../../platform/http/errors.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { csvLines, timeFormatter } from '../records/records-export.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { AgentTeamBalance } from './team-balance.ts';

/**
 * member.status as the agent centre shows it (research §10's account status codes): `active` is
 * 1 normal, `login_forbidden` (set by the upline agent here) is 2 login forbidden, and any other
 * state (the operator's) is 0 blocked. Only `active` may log in or hold a session
 * (platform/auth/session.ts), so a forbidden member is shut out at once.
 */
export const MemberStatus = { active: 'active', loginForbidden: 'login_forbidden' } as const;

export function teamStatusCode(status: string): TeamStatusCode {
  if (status === MemberStatus.active) return TeamStatus.normal;
  if (status === MemberStatus.loginForbidden) return TeamStatus.loginForbidden;
  return TeamStatus.blocked;
}

/**
 * How far below `agentId` the member is (1 for a direct downline), or a 404: a member of another
 * team answers exactly as one that does not exist (no existence leak). `direct` asks for depth 1
 * (changes and money); reads take the whole team.
 */
export async function teamDepth(
  db: Kysely<DB>,
  agentId: number,
  memberId: number,
  direct: boolean,
): Promise<number> {
  const row = await db
    .selectFrom('member_tree')
    .select('depth')
    .where('ancestor_id', '=', agentId)
    .where('descendant_id', '=', memberId)
    .where('depth', direct ? '=' : '>', direct ? 1 : 0)
    .executeTakeFirst();
  if (!row) throw fail(Errors.notFound, { message: 'No such member in your team' });
  return row.depth;
}

type ListFilter = Omit<z.output<typeof TeamQuerySchema>, 'page' | 'size'>;

interface TeamRow {
  id: number;
  username: string;
  remark: string;
  agent_type: number;
  status: string;
  last_login_at: Date | null;
  created_at: Date;
  register_method: string;
  register_url: string;
  balance: number;
  team_size: number;
  team_balance: number;
  /** When a large team's balance and size were taken (decision 064); null when summed now. */
  team_as_of: number | null;
  online: boolean;
}

/** `%text%` for ILIKE, the pattern characters of the text taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The conditions of a team list on `f` (member). The tab's condition is literal SQL, never a
 * parameter: the planner matches it to the partial index of that tab (migration 032).
 */
function listConditions(parentId: number, q: ListFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`f.upline_id = ${parentId}`];
  parts.push(q.tab === 'players' ? sql`f.agent_type = 0` : sql`f.agent_type in (1, 2, 41, 42)`);
  if (q.search) {
    const pattern = containsPattern(q.search);
    parts.push(sql`(f.username ilike ${pattern} or f.remark ilike ${pattern})`);
  }
  if (q.login === 'has') parts.push(sql`f.last_login_at is not null`);
  if (q.login === 'none') parts.push(sql`f.last_login_at is null`);
  if (q.deposit !== 'all') {
    const start = q.depositStart !== undefined ? new Date(q.depositStart) : null;
    const end = q.depositEnd !== undefined ? new Date(q.depositEnd) : null;
    const inRange = (column: RawBuilder<unknown>) =>
      sql.join(
        [
          sql`${column} is not null`,
          ...(start ? [sql`${column} >= ${start}`] : []),
          ...(end ? [sql`${column} < ${end}`] : []),
        ],
        sql` and `,
      );
    // 'SUCCESS' is literal so the partial index deposit_order_success serves these.
    const anyInRange = sql`exists (select 1 from deposit_order d
      where d.member_id = f.id and d.status = 'SUCCESS' and ${inRange(sql`d.completed_at`)})`;
    const firstOrLast = (fn: 'min' | 'max') =>
      inRange(sql`(select ${sql.raw(fn)}(d.completed_at) from deposit_order d
        where d.member_id = f.id and d.status = 'SUCCESS')`);
    if (q.deposit === 'has') parts.push(anyInRange);
    if (q.deposit === 'none') parts.push(sql`not ${anyInRange}`);
    if (q.deposit === 'first') parts.push(firstOrLast('min'));
    if (q.deposit === 'last') parts.push(firstOrLast('max'));
  }
  return sql.join(parts, sql` and `);
}

/**
 * Team management (research §10), the agent's side of the tree: the direct agents and players of
 * the caller (or of a member of its team), one member's details, and the changes an agent makes
 * to a direct downline (remark, status, set as agent, a message). Transfers are in
 * agent-transfer.service.ts.
 */
export class TeamService {
  private readonly database: Database;
  private readonly wallet: WalletService;
  private readonly messages: MessagesService;
  private readonly teamBalance: AgentTeamBalance;

  constructor(deps: {
    database: Database;
    wallet: WalletService;
    messages: MessagesService;
    teamBalance: AgentTeamBalance;
  }) {
    this.database = deps.database;
    this.wallet = deps.wallet;
    this.messages = deps.messages;
    this.teamBalance = deps.teamBalance;
  }

  private major(minor: number): number {
    return minorToMajor(minor, this.wallet.currency().precision);
  }

  /** Whose direct downlines a list shows: the caller's, or those of a member of its team. */
  private async parentOf(agentId: number, parentId: number | undefined): Promise<number> {
    if (parentId === undefined || parentId === agentId) return agentId;
    await teamDepth(this.database.db, agentId, parentId, false);
    return parentId;
  }

  /**
   * The rows of a list. The page's ids come first, from the tab's index (newest registration
   * first); team size, team balance and the online flag are then computed for those rows only,
   * never for the whole of a 50,000-player list.
   */
  private async rows(parentId: number, q: ListFilter, limit: number, offset: number): Promise<TeamRow[]> {
    const db = this.database.db;
    const currency = this.wallet.currency().code;
    const onlineSince = new Date(Date.now() - TEAM_ONLINE_WINDOW_MS);
    const res = await sql<Omit<TeamRow, 'team_size' | 'team_balance' | 'team_as_of'>>`
      select m.id, m.username, m.remark, m.agent_type, m.status, m.last_login_at, m.created_at,
             m.register_method, m.register_url,
             coalesce(a.balance, 0)::bigint as balance,
             exists (
               select 1 from session s
               where s.member_id = m.id and s.revoked_at is null and s.idle_expires_at > now()
                 and s.absolute_expires_at > now() and s.last_seen_at > ${onlineSince}
             ) as online
      from (
        select f.id from member f
        where ${listConditions(parentId, q)}
        order by f.id desc
        limit ${limit} offset ${offset}
      ) page
      join member m on m.id = page.id
      left join ledger_account a on a.member_id = m.id and a.wallet_type = 'MAIN' and a.currency = ${currency}
      order by m.id desc`.execute(db);
    // The page's teams: a large team's balance and size from the team-balance job's snapshot,
    // with its time (decision 064), the others summed now.
    const teams = await this.teamBalance.ofMany(res.rows.map((r) => Number(r.id)));
    return res.rows.map((r) => {
      const team = teams.get(Number(r.id));
      return {
        ...r,
        team_size: team?.teamMembers ?? 0,
        team_balance: team?.team ?? 0,
        team_as_of: team?.asOf ?? null,
      };
    });
  }

  private count(parentId: number, q: ListFilter): Promise<number> {
    return sql<{ n: number }>`select count(*)::bigint as n from member f where ${listConditions(parentId, q)}`
      .execute(this.database.db)
      .then((r) => r.rows[0]?.n ?? 0);
  }

  private wire(r: TeamRow): TeamMember {
    return {
      userId: r.id,
      username: r.username,
      remark: r.remark,
      type: r.agent_type,
      teamSize: r.team_size,
      balance: this.major(r.balance),
      teamBalance: this.major(r.team_balance),
      teamBalanceAsOf: r.team_as_of,
      online: r.online,
      lastLogin: r.last_login_at ? new Date(r.last_login_at).getTime() : null,
      registeredAt: new Date(r.created_at).getTime(),
      registerMethod: r.register_method,
      registerUrl: r.register_url,
      status: teamStatusCode(r.status),
    };
  }

  /** GET /wps/agent/team: one page of direct agents or direct players. */
  async page(agentId: number, q: z.output<typeof TeamQuerySchema>): Promise<TeamPage> {
    const parentId = await this.parentOf(agentId, q.parentId);
    const [rows, total] = await Promise.all([
      this.rows(parentId, q, q.size, (q.page - 1) * q.size),
      this.count(parentId, q),
    ]);
    return { list: rows.map((r) => this.wire(r)), total, page: q.page, size: q.size };
  }

  /** GET /wps/agent/team/export: every row of the same filters as a CSV file. */
  async csv(
    agentId: number,
    q: z.output<typeof TeamExportQuerySchema>,
  ): Promise<{ filename: string; body: string }> {
    const time = timeFormatter(q.timeZone ?? 'UTC');
    const parentId = await this.parentOf(agentId, q.parentId);
    const rows = await this.rows(parentId, q, TEAM_EXPORT_MAX_ROWS + 1, 0);
    if (rows.length > TEAM_EXPORT_MAX_ROWS)
      throw fail(Errors.invalidInput, {
        message: `An export holds at most ${TEAM_EXPORT_MAX_ROWS} rows; narrow the filters`,
      });
    const precision = this.wallet.currency().precision;
    const money = (minor: number) => this.major(minor).toFixed(precision);
    const statusName = { 0: 'Blocked', 1: 'Normal', 2: 'Login forbidden' } as const;
    const body = csvLines(
      [
        'Username',
        'Remark',
        'Type',
        'Team size',
        'Balance',
        'Team balance',
        'Online',
        'Last login',
        'Registered',
        'Method',
        'URL',
        'Status',
      ],
      rows.map((r) => [
        r.username,
        r.remark,
        r.agent_type === AgentType.member ? 'Player' : 'Agent',
        r.team_size,
        money(r.balance),
        money(r.team_balance),
        r.online ? 'Yes' : 'No',
        r.last_login_at ? time(new Date(r.last_login_at).getTime()) : '',
        time(new Date(r.created_at).getTime()),
        r.register_method,
        r.register_url,
        statusName[teamStatusCode(r.status)],
      ]),
    );
    return { filename: `team-${q.tab}-${time(Date.now()).slice(0, 10).replace(/-/g, '')}.csv`, body };
  }

  /** GET /wps/agent/team/member: one member of the caller's team, at any depth. */
  async member(agentId: number, memberId: number): Promise<TeamMemberDetails> {
    const db = this.database.db;
    const level = await teamDepth(db, agentId, memberId, false);
    const currency = this.wallet.currency().code;
    const onlineSince = new Date(Date.now() - TEAM_ONLINE_WINDOW_MS);
    const res = await sql<
      TeamRow & {
        nickname: string;
        member_label: string;
        club_label: string;
        rank_level: number;
        upline: string | null;
        last_deposit_amount: number | null;
        last_deposit_at: Date | null;
        total_deposit: number;
        total_withdrawal: number;
      }
    >`
      select m.id, m.username, m.remark, m.agent_type, m.status, m.last_login_at, m.created_at,
             m.register_method, m.register_url, m.nickname, m.member_label, m.club_label, m.rank_level,
             u.username as upline,
             coalesce(a.balance, 0)::bigint as balance,
             team.size as team_size, team.balance as team_balance, null as team_as_of,
             exists (
               select 1 from session s
               where s.member_id = m.id and s.revoked_at is null and s.idle_expires_at > now()
                 and s.absolute_expires_at > now() and s.last_seen_at > ${onlineSince}
             ) as online,
             last_deposit.amount as last_deposit_amount, last_deposit.completed_at as last_deposit_at,
             (select coalesce(sum(d.amount), 0)::bigint from deposit_order d
               where d.member_id = m.id and d.status = 'SUCCESS') as total_deposit,
             (select coalesce(sum(w.amount - coalesce(w.refund_amount, 0)), 0)::bigint from withdrawal w
               where w.member_id = m.id and w.paid_at is not null) as total_withdrawal
      from member m
      left join member u on u.id = m.upline_id
      left join ledger_account a on a.member_id = m.id and a.wallet_type = 'MAIN' and a.currency = ${currency}
      cross join lateral (
        select count(*)::bigint as size, coalesce(sum(ta.balance), 0)::bigint as balance
        from member_tree t
        left join ledger_account ta
          on ta.member_id = t.descendant_id and ta.wallet_type = 'MAIN' and ta.currency = ${currency}
        where t.ancestor_id = m.id and t.depth > 0
      ) team
      left join lateral (
        select d.amount, d.completed_at from deposit_order d
        where d.member_id = m.id and d.status = 'SUCCESS'
        order by d.completed_at desc limit 1
      ) last_deposit on true
      where m.id = ${memberId}`.execute(db);
    const r = res.rows[0];
    if (!r) throw fail(Errors.notFound, { message: 'No such member in your team' });
    return {
      ...this.wire(r),
      nickname: r.nickname,
      memberLabel: r.member_label,
      clubLabel: r.club_label,
      rankLevel: r.rank_level,
      upline: r.upline,
      level,
      lastDeposit:
        r.last_deposit_at && r.last_deposit_amount !== null
          ? { amount: this.major(r.last_deposit_amount), time: new Date(r.last_deposit_at).getTime() }
          : null,
      totalDeposit: this.major(r.total_deposit),
      totalWithdrawal: this.major(r.total_withdrawal),
    };
  }

  /** The caller's note on a direct downline (trimmed; empty clears it). */
  async setRemark(agentId: number, memberId: number, remark: string) {
    await teamDepth(this.database.db, agentId, memberId, true);
    const text = remark.trim();
    await this.database.db
      .updateTable('member')
      .set({ remark: text })
      .where('id', '=', memberId)
      .where('upline_id', '=', agentId)
      .execute();
    return { userId: memberId, remark: text };
  }

  /**
   * A direct downline normal or login forbidden. Forbidding ends its sessions and remember tokens
   * (a later "normal" does not bring them back); a member blocked by the operator (code 0) is the
   * operator's to change, never the agent's. Nothing is ever deleted.
   */
  async setStatus(agentId: number, memberId: number, status: 1 | 2) {
    const db = this.database.db;
    await teamDepth(db, agentId, memberId, true);
    const next = status === TeamStatus.normal ? MemberStatus.active : MemberStatus.loginForbidden;
    const changed = await db
      .updateTable('member')
      .set({ status: next })
      .where('id', '=', memberId)
      .where('upline_id', '=', agentId)
      .where('status', 'in', [MemberStatus.active, MemberStatus.loginForbidden])
      .returning('id')
      .executeTakeFirst();
    if (!changed)
      throw fail(Errors.conflict, {
        message: 'This account was blocked by the platform; please contact customer service',
      });
    if (next === MemberStatus.loginForbidden) await revokeMemberSessions(this.database, memberId);
    return { userId: memberId, status };
  }

  /**
   * Set as agent: a direct downline player (type 0) in normal status becomes an agent of type 1
   * and may recruit from then on. It cannot be undone (its downlines would lose their upline's
   * kind), so a player that cannot log in, or a trial or agent account, is refused.
   */
  async setAgent(agentId: number, memberId: number) {
    const db = this.database.db;
    await teamDepth(db, agentId, memberId, true);
    const changed = await db
      .updateTable('member')
      .set({ agent_type: AgentType.agent1 })
      .where('id', '=', memberId)
      .where('upline_id', '=', agentId)
      .where('agent_type', '=', AgentType.member)
      .where('status', '=', MemberStatus.active)
      .returning('id')
      .executeTakeFirst();
    if (!changed)
      throw fail(Errors.conflict, {
        message: 'Only a player account in normal status can be set as an agent',
      });
    return { userId: memberId, type: AgentType.agent1 };
  }

  /**
   * A message to a direct downline's inbox through the messages module. The text is the agent's,
   * so it is escaped (the inbox renders HTML), and the subject names the agent: a member can tell
   * its agent's words from the platform's.
   */
  async sendMessage(
    agentId: number,
    agentUsername: string,
    memberId: number,
    input: { subject: string; content: string },
  ) {
    await teamDepth(this.database.db, agentId, memberId, true);
    const member = await this.database.db
      .selectFrom('member')
      .select('username')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    await this.messages.send({
      to: member.username,
      subject: `[${agentUsername}] ${input.subject.trim()}`,
      body: escapeHtml(input.content.trim()).replace(/\r?\n/g, '<br>'),
    });
    return { userId: memberId, sent: true as const };
  }
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
