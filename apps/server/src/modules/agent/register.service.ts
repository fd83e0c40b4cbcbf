import { randomInt } from 'node:crypto';
import { isIP } from 'node:net';
import { sql, type Kysely } from 'kysely';
import {
  accountCentreTypes,
  type AffiliateChannel,
  type AffiliateExpiry,
  type AffiliateLink,
  type AgentRegisterSettings,
  type CreateAffiliateLinkRequest,
  type DownlineRebate,
  Errors,
  prizeGroupRebatePercent,
  PRIZE_GROUP,
  REBATE_PRODUCTS,
  RegisterCentreSwitch,
  RegisterMethod,
  type RegisterDownlineRequest,
  type RegisterDownlineResult,
  type RebateRates,
  type SetDownlineRebateRequest,
  type WhitelabelNode,
  WEAK_DEFAULT_PASSWORD,
} from '@app/contract';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { SystemService } from '../system/system.service.ts';
import type { MemberService } from '../member/member.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { checkRegisterField } from '../registration/registration.service.ts';
import { fail } from '../../platform/http/errors.ts';
import {
  checkNotLowered,
  checkWithinUpline,
  merged,
  ratesOf,
  rebateSettingOf,
  type RebateSetting,
  writeRebateSetting,
  zeroRates,
} from './agent-rebates.ts';

/** Where the site is reached: the scheme and the host (with its port, if any). */
export interface SiteAddress {
  protocol: string;
  host: string;
}

/** How link URLs are written (research §7 "Affiliate URL format"), from the switches. */
export interface LinkUrlFormat {
  /** SUFAFFCODE3: `?affiliateCode=<code>` instead of the first host label. */
  codeInQuery: boolean;
  /** SIMPLIFIEDURL3: `?r=<code>` (wins over SUFAFFCODE3). */
  simplified: boolean;
  /** AFFURLEXT3: the path is `/register.html`. */
  registerPage: boolean;
}

/**
 * A link's address. By default the code is the first host label (`code.brand.com`; a leading
 * "www" is replaced, since "www" means no code); an IP-address host cannot carry a label, so it
 * takes the code in the query as SUFAFFCODE3 does.
 */
export function affiliateUrl(code: string, site: SiteAddress, format: LinkUrlFormat): string {
  const origin = `${site.protocol}://${site.host}`;
  const path = format.registerPage ? '/register.html' : '/';
  if (format.simplified) return `${origin}${path}?r=${code}`;
  const hostname = site.host.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  if (format.codeInQuery || isIP(hostname)) return `${origin}${path}?affiliateCode=${code}`;
  return `${site.protocol}://${code}.${site.host.replace(/^www\./i, '')}${format.registerPage ? path : ''}`;
}

/** Link codes: lower-case letters and digits (a host label, and the register form's pattern 4). */
const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** 12 characters of 36: about 62 bits, not guessable by trying. */
export const LINK_CODE_LENGTH = 12;

export function newLinkCode(): string {
  let code = '';
  for (let i = 0; i < LINK_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** When a link made at `now` with this expiry stops registering; null for a permanent one. */
export function expiresAtOf(expiry: AffiliateExpiry, now: Date): Date | null {
  const at = new Date(now.getTime());
  switch (expiry) {
    case 'PERMANENT':
      return null;
    case '1D':
      at.setUTCDate(at.getUTCDate() + 1);
      return at;
    case '7D':
      at.setUTCDate(at.getUTCDate() + 7);
      return at;
    case '30D':
      at.setUTCDate(at.getUTCDate() + 30);
      return at;
    case '1Y':
      at.setUTCFullYear(at.getUTCFullYear() + 1);
      return at;
  }
}

/** affiliate_link.channel holds the kind, and a custom channel's words after "CUSTOM:". */
export function encodeChannel(channel: AffiliateChannel, text: string): string {
  return channel === 'CUSTOM' ? `CUSTOM:${text}` : channel;
}

export function decodeChannel(stored: string): { channel: AffiliateChannel; channelText: string } {
  if (stored.startsWith('CUSTOM:')) return { channel: 'CUSTOM', channelText: stored.slice(7) };
  return {
    channel: stored === 'QQ_GROUP' ? 'QQ_GROUP' : stored === 'FORUM' ? 'FORUM' : 'CUSTOM',
    channelText: '',
  };
}

/** The switches of a whitelabel tree by id: present ones only (an absent switch reads as undefined). */
function switchMap(root: WhitelabelNode): Map<string, boolean> {
  const map = new Map<string, boolean>();
  const walk = (node: WhitelabelNode) => {
    map.set(node.modId, node.enabled === '1');
    node.childrenNodes.forEach(walk);
  };
  walk(root);
  return map;
}

/** What a member registered through a link is given: the link's agent, account type and settings. */
export interface AffiliateLinkGrant {
  id: number;
  code: string;
  agentId: number;
  accountType: number;
  lotterySeries: number;
  rates: RebateRates;
}

/** The registration link side that registration (registration.service) uses. */
export interface AffiliateLinks {
  /**
   * The link of a code, when one has it: refused when it expired or was deleted (or its agent is
   * no longer an agent); undefined when no link has the code (it may be an invitation code).
   */
  liveLink(code: string): Promise<AffiliateLinkGrant | undefined>;
  /**
   * In the registering transaction, before the member is written: locks the link (a delete waits
   * for the registration, a registration after the delete sees it) and checks it is still live.
   */
  holdLink(db: Kysely<DB>, linkId: number): Promise<void>;
  /** In the same transaction, after the member is written: its product rebates from the link. */
  grantLinkRebates(db: Kysely<DB>, memberId: number, link: AffiliateLinkGrant): Promise<void>;
}

interface LinkRow {
  id: number;
  code: string;
  member_id: number;
  account_type: number;
  lottery_series: number;
  rebates: Record<string, number> | string;
  expires_at: Date | string | null;
  deleted_at: Date | string | null;
  owner_type: number;
}

const time = (v: Date | string) => new Date(v).getTime();

/** Refuses a link that registers nobody now. */
function checkLive(row: LinkRow, now: number): void {
  if (row.deleted_at !== null || !accountCentreTypes.includes(row.owner_type))
    throw fail(Errors.affiliateLinkWithdrawn);
  if (row.expires_at !== null && time(row.expires_at) <= now) throw fail(Errors.affiliateLinkExpired);
}

const jsonOf = (v: Record<string, number> | string) =>
  typeof v === 'string' ? (JSON.parse(v) as Record<string, number>) : v;

/**
 * The agent centre's register centre (issue 29): rebate settings and bounds, registering a direct
 * downline, raising a direct downline's rebates, and registration links. Every method takes the
 * calling agent's id (the routes have checked it is an agent); a downline or link of another
 * agent is answered as missing.
 */
export class AgentRegisterService implements AffiliateLinks {
  private readonly database: Database;
  private readonly system: SystemService;
  private readonly members: MemberService;
  private readonly wallet: WalletService;

  constructor(deps: {
    database: Database;
    system: SystemService;
    members: MemberService;
    wallet: WalletService;
  }) {
    this.database = deps.database;
    this.system = deps.system;
    this.members = deps.members;
    this.wallet = deps.wallet;
  }

  /** The register centre's switches: the three gates are open unless the operator has them off. */
  private async switches() {
    const map = switchMap(await this.system.whitelabel());
    const gate = (id: string) => map.get(id) ?? true;
    const on = (id: string) => map.get(id) ?? false;
    return {
      registerDownline: gate(RegisterCentreSwitch.registerDownline),
      createLink: gate(RegisterCentreSwitch.createLink),
      manageLinks: gate(RegisterCentreSwitch.manageLinks),
      format: {
        codeInQuery: on(RegisterCentreSwitch.codeInQuery),
        simplified: on(RegisterCentreSwitch.simplifiedUrl),
        registerPage: on(RegisterCentreSwitch.registerPage),
      } satisfies LinkUrlFormat,
    };
  }

  private async requireGate(gate: 'registerDownline' | 'createLink' | 'manageLinks') {
    const switches = await this.switches();
    if (!switches[gate]) throw fail(Errors.functionDisabled);
    return switches;
  }

  /** The site's public address: the operator's main domain, else the address the agent reached us by. */
  private async site(request: SiteAddress): Promise<SiteAddress> {
    const main = (await this.system.info()).mainDomain.trim();
    return main ? { protocol: 'https', host: main } : request;
  }

  /**
   * The address of the link with this code, as the link list writes it for a caller who reached
   * the site at `request` (its QR image, cdn.routes.ts). Any code-shaped text gets an address:
   * whether the link exists is not told, and the address says nothing its code does not.
   */
  async linkUrl(code: string, request: SiteAddress): Promise<string> {
    const [switches, site] = await Promise.all([this.switches(), this.site(request)]);
    return affiliateUrl(code, site, switches.format);
  }

  private async ownSetting(agentId: number, db: Kysely<DB> = this.database.db, lock?: 'share') {
    const setting = await rebateSettingOf(db, agentId, lock);
    // The session named a member that no longer exists.
    if (!setting) throw fail(Errors.sessionEnded);
    return setting;
  }

  async settings(agentId: number, request: SiteAddress): Promise<AgentRegisterSettings> {
    const [own, switches, site] = await Promise.all([
      this.ownSetting(agentId),
      this.switches(),
      this.site(request),
    ]);
    return {
      lottery: {
        base: PRIZE_GROUP.base,
        platformMax: PRIZE_GROUP.max,
        step: PRIZE_GROUP.step,
        own: own.lotterySeries,
        ownRebatePercent: prizeGroupRebatePercent(own.lotterySeries),
        min: PRIZE_GROUP.min,
        max: Math.min(own.lotterySeries, PRIZE_GROUP.max),
      },
      products: REBATE_PRODUCTS.map((product) => ({
        product,
        own: own.rates[product],
        min: 0,
        max: own.rates[product],
      })),
      switches: {
        registerDownline: switches.registerDownline,
        createLink: switches.createLink,
        manageLinks: switches.manageLinks,
      },
      platformUrl: `${site.protocol}://${site.host}`,
    };
  }

  /**
   * Registers a direct downline: the site's username and password rules, a prize group and rates
   * within the agent's own (checked again under the agent's row lock as the member is written).
   */
  async registerDownline(
    agentId: number,
    body: RegisterDownlineRequest & { rebates: NonNullable<RegisterDownlineRequest['rebates']> },
    request: SiteAddress,
    caller: { ip: string; language: string | undefined },
  ): Promise<RegisterDownlineResult> {
    await this.requireGate('registerDownline');
    const username = body.username.trim();
    const rules = await this.system.registerRules();
    checkRegisterField('username', rules.username, username, true);
    // The one exception is the agent's default password (the register form's, as in the original):
    // its holder is made to change it at first login (the session's 'weak' reason).
    if (body.password !== WEAK_DEFAULT_PASSWORD)
      checkRegisterField('password', rules.password, body.password, true);
    const proposed = merged({ lotterySeries: body.lotterySeries, rates: zeroRates() }, body);
    // Checked before the password is hashed; again under the lock below.
    checkWithinUpline(await this.ownSetting(agentId), proposed);
    if (await this.members.byUsername(username)) throw fail(Errors.usernameExists);

    const prepared = await this.members.prepare({
      username,
      agentType: body.accountType,
      password: body.password,
      uplineId: agentId,
      registerIp: caller.ip,
      ...(caller.language ? { language: caller.language.slice(0, 10) } : {}),
    });
    let memberId: number;
    try {
      memberId = await this.database.db.transaction().execute(async (trx) => {
        checkWithinUpline(await this.ownSetting(agentId, trx, 'share'), proposed);
        const id = await this.members.insert(
          { ...prepared, register_method: RegisterMethod.agent, lottery_series: proposed.lotterySeries },
          trx,
        );
        await writeRebateSetting(trx, id, proposed);
        await this.wallet.memberAccount(id, undefined, trx);
        return id;
      });
    } catch (err) {
      // Two registrations of one name racing: the unique index decides.
      if ((err as { code?: string }).code === '23505') throw fail(Errors.usernameExists);
      throw err;
    }
    const site = await this.site(request);
    return {
      memberId,
      username,
      password: body.password,
      accountType: body.accountType,
      platformUrl: `${site.protocol}://${site.host}`,
    };
  }

  private downlineView(
    row: { id: number; username: string; agent_type: number },
    setting: RebateSetting,
    own: RebateSetting,
  ): DownlineRebate {
    return {
      memberId: row.id,
      username: row.username,
      accountType: row.agent_type,
      lotterySeries: setting.lotterySeries,
      lotteryRebatePercent: prizeGroupRebatePercent(setting.lotterySeries),
      rebates: setting.rates,
      max: { lotterySeries: Math.min(own.lotterySeries, PRIZE_GROUP.max), rebates: own.rates },
    };
  }

  /** A direct downline of the agent, locked when asked; a member of anyone else is "no such downline". */
  private async directDownline(db: Kysely<DB>, agentId: number, memberId: number, lock = false) {
    let query = db
      .selectFrom('member')
      .select(['id', 'username', 'agent_type'])
      .where('id', '=', memberId)
      .where('upline_id', '=', agentId);
    if (lock) query = query.forNoKeyUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw fail(Errors.downlineNotFound);
    return row;
  }

  async downlineRebate(agentId: number, memberId: number): Promise<DownlineRebate> {
    const row = await this.directDownline(this.database.db, agentId, memberId);
    const [setting, own] = await Promise.all([
      rebateSettingOf(this.database.db, memberId),
      this.ownSetting(agentId),
    ]);
    return this.downlineView(row, setting!, own);
  }

  /**
   * Raises a direct downline's settings. The agent's row is locked (shared) before the downline's
   * (exclusive), uplines before downlines as everywhere, so two edits of one downline are checked
   * one after the other and an edit that lowers what the other raised is refused.
   */
  async setDownlineRebate(
    agentId: number,
    body: SetDownlineRebateRequest & { memberId: number },
  ): Promise<DownlineRebate> {
    return this.database.db.transaction().execute(async (trx) => {
      const own = await this.ownSetting(agentId, trx, 'share');
      const row = await this.directDownline(trx, agentId, body.memberId, true);
      const current = (await rebateSettingOf(trx, row.id))!;
      const proposed = merged(current, body);
      checkNotLowered(current, proposed);
      checkWithinUpline(own, proposed);
      await writeRebateSetting(trx, row.id, proposed);
      return this.downlineView(row, proposed, own);
    });
  }

  private linkView(
    row: Pick<LinkRow, 'id' | 'code' | 'account_type' | 'lottery_series' | 'rebates' | 'expires_at'> & {
      channel: string;
      created_at: Date | string;
      registrations: number | string;
    },
    site: SiteAddress,
    format: LinkUrlFormat,
    now: number,
  ): AffiliateLink {
    return {
      id: Number(row.id),
      code: row.code,
      url: affiliateUrl(row.code, site, format),
      accountType: row.account_type,
      lotterySeries: row.lottery_series,
      lotteryRebatePercent: prizeGroupRebatePercent(row.lottery_series),
      rebates: ratesOf(jsonOf(row.rebates)),
      ...decodeChannel(row.channel),
      createdAt: time(row.created_at),
      expiresAt: row.expires_at === null ? null : time(row.expires_at),
      status: row.expires_at !== null && time(row.expires_at) <= now ? 'EXPIRED' : 'NORMAL',
      registrations: Number(row.registrations),
    };
  }

  /**
   * A new link with settings within the agent's own. Its code is random; a code another link or
   * an invitation code already has (about one chance in 10^18) is drawn again.
   */
  async createLink(
    agentId: number,
    body: CreateAffiliateLinkRequest & {
      rebates: NonNullable<CreateAffiliateLinkRequest['rebates']>;
      channelText: string;
    },
    request: SiteAddress,
  ): Promise<AffiliateLink> {
    const { format } = await this.requireGate('createLink');
    const proposed = merged({ lotterySeries: body.lotterySeries, rates: zeroRates() }, body);
    checkWithinUpline(await this.ownSetting(agentId), proposed);
    const now = new Date();
    const expiresAt = expiresAtOf(body.expiry, now);
    const channel = encodeChannel(body.channel, body.channelText);
    const rebates = JSON.stringify(
      Object.fromEntries(
        REBATE_PRODUCTS.filter((p) => proposed.rates[p] > 0).map((p) => [p, proposed.rates[p]]),
      ),
    );
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newLinkCode();
      const inserted = await sql<{ id: number; created_at: Date }>`
        insert into affiliate_link (member_id, code, account_type, lottery_series, rebates, channel, expires_at, created_at)
        select ${agentId}, ${code}, ${body.accountType}, ${proposed.lotterySeries}, ${rebates}::jsonb, ${channel}, ${expiresAt}, ${now}
        where not exists (select 1 from invitation_code where lower(code) = ${code})
        on conflict (code) do nothing
        returning id, created_at`.execute(this.database.db);
      const row = inserted.rows[0];
      if (!row) continue;
      return this.linkView(
        {
          id: row.id,
          code,
          account_type: body.accountType,
          lottery_series: proposed.lotterySeries,
          rebates,
          expires_at: expiresAt,
          channel,
          created_at: row.created_at,
          registrations: 0,
        },
        await this.site(request),
        format,
        now.getTime(),
      );
    }
    throw new Error('no free link code after 5 draws');
  }

  async listLinks(agentId: number, q: { page: number; size: number }, request: SiteAddress) {
    const { format } = await this.requireGate('manageLinks');
    const db = this.database.db;
    const [rows, count, site] = await Promise.all([
      db
        .selectFrom('affiliate_link as l')
        .select([
          'l.id',
          'l.code',
          'l.member_id',
          'l.account_type',
          'l.lottery_series',
          'l.rebates',
          'l.channel',
          'l.expires_at',
          'l.deleted_at',
          'l.created_at',
          (eb) =>
            eb
              .selectFrom('member as m')
              .select((e) => e.fn.countAll<string>().as('n'))
              .whereRef('m.affiliate_link_id', '=', 'l.id')
              .as('registrations'),
        ])
        .where('l.member_id', '=', agentId)
        .where('l.deleted_at', 'is', null)
        .orderBy('l.id', 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      db
        .selectFrom('affiliate_link')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('member_id', '=', agentId)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow(),
      this.site(request),
    ]);
    const now = Date.now();
    return {
      list: rows.map((r) => this.linkView({ ...r, registrations: r.registrations ?? 0 }, site, format, now)),
      total: Number(count.n),
      page: q.page,
      size: q.size,
    };
  }

  /** Deletes (soft) a link of the agent; another agent's or a deleted one is "no such link". */
  async deleteLink(agentId: number, id: number) {
    await this.requireGate('manageLinks');
    const row = await this.database.db
      .updateTable('affiliate_link')
      .set({ deleted_at: new Date() })
      .where('id', '=', id)
      .where('member_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw fail(Errors.affiliateLinkNotFound);
    return { id: Number(row.id), deleted: true as const };
  }

  async linkRegistrations(agentId: number, q: { id: number; page: number; size: number }) {
    await this.requireGate('manageLinks');
    const db = this.database.db;
    const link = await db
      .selectFrom('affiliate_link')
      .select('id')
      .where('id', '=', q.id)
      .where('member_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!link) throw fail(Errors.affiliateLinkNotFound);
    const [rows, count] = await Promise.all([
      db
        .selectFrom('member')
        .select(['id', 'username', 'agent_type', 'created_at'])
        .where('affiliate_link_id', '=', q.id)
        .orderBy('id', 'desc')
        .limit(q.size)
        .offset((q.page - 1) * q.size)
        .execute(),
      db
        .selectFrom('member')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('affiliate_link_id', '=', q.id)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => ({
        memberId: r.id,
        username: r.username,
        accountType: r.agent_type,
        registeredAt: time(r.created_at),
      })),
      total: Number(count.n),
      page: q.page,
      size: q.size,
    };
  }

  private linkByCode(db: Kysely<DB>, where: { code: string } | { id: number }, lock = false) {
    let query = db
      .selectFrom('affiliate_link as l')
      .innerJoin('member as m', 'm.id', 'l.member_id')
      .select([
        'l.id',
        'l.code',
        'l.member_id',
        'l.account_type',
        'l.lottery_series',
        'l.rebates',
        'l.expires_at',
        'l.deleted_at',
        'm.agent_type as owner_type',
      ]);
    query =
      'code' in where
        ? query.where('l.code', '=', where.code.trim().toLowerCase())
        : query.where('l.id', '=', where.id);
    if (lock) query = query.forShare('l');
    return query.executeTakeFirst();
  }

  async liveLink(code: string): Promise<AffiliateLinkGrant | undefined> {
    const row = await this.linkByCode(this.database.db, { code });
    if (!row) return undefined;
    checkLive(row, Date.now());
    return {
      id: Number(row.id),
      code: row.code,
      agentId: row.member_id,
      accountType: row.account_type,
      lotterySeries: row.lottery_series,
      rates: ratesOf(jsonOf(row.rebates)),
    };
  }

  async holdLink(db: Kysely<DB>, linkId: number): Promise<void> {
    const row = await this.linkByCode(db, { id: linkId }, true);
    if (!row) throw fail(Errors.affiliateLinkWithdrawn);
    checkLive(row, Date.now());
  }

  async grantLinkRebates(db: Kysely<DB>, memberId: number, link: AffiliateLinkGrant): Promise<void> {
    await writeRebateSetting(db, memberId, { lotterySeries: link.lotterySeries, rates: link.rates });
  }
}
