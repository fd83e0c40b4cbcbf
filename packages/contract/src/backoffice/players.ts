import { z } from 'zod';
import { ledgerKindCodes } from '../wallet.ts';
import { BonusGrantSchema } from '../promotions.ts';
import { defineBoCall, type BoCallDef } from './calls.ts';

/**
 * The back office's Players section (issue 31, decision 031 "Players"): search by a key's prefix,
 * a player's page (profile, balances, ledger, bets, sessions and devices, logins and IPs, notes by
 * staff) and the actions on a player (lock, unlock, force a password change, end every session,
 * adjust the balance with a reason). Reads need `player.read`; lock, unlock, forcing a password
 * change and ending sessions need `player.lock`; an adjustment and forfeiting a player's bonus
 * (decision 041) need `player.adjust`, the desk that moves a player's money. Every action
 * (a note too) is audited with the state before and after.
 *
 * Amounts are major units of the brand's currency, as on the player's wire; times are epoch
 * milliseconds.
 */

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const size = z.coerce.number().int().min(1).max(200).default(50);
/** Why an action was taken: kept in the audit log. */
export const PlayerReasonSchema = z.string().trim().min(1).max(200);

// ---- search -----------------------------------------------------------------------------------

/**
 * What a search matches, always as a prefix of the stored value (any case for names and e-mails):
 * `username`; `phone` the mobile number without its dialing code (digits); `email`; `bank` a bank
 * account number the player bound (removed ones too); `ip` the registration IP, the last login IP,
 * or any IP the player logged in from.
 */
export const playerSearchKeys = ['username', 'phone', 'email', 'bank', 'ip'] as const;
export type PlayerSearchKey = (typeof playerSearchKeys)[number];

/** A search stops counting here: the page shows "more than" instead of reading every match. */
export const PLAYER_SEARCH_COUNT_CAP = 1000;

export const PlayerSearchQuerySchema = z.object({
  key: z.enum(playerSearchKeys),
  /** The prefix typed: at least one character (two for an IP). */
  q: z.string().trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
});
export type PlayerSearchQuery = z.input<typeof PlayerSearchQuerySchema>;

export const playerStatuses = ['active', 'login_forbidden', 'locked'] as const;
/** active; login_forbidden (by the player's agent); locked (by the operator: only staff unlock it). */
export const PlayerStatusSchema = z.string();

export const PlayerSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  status: PlayerStatusSchema,
  agentType: z.number().int(),
  email: z.string().nullable(),
  /** `+<dialing code> <number>`, or null. */
  phone: z.string().nullable(),
  registeredAt: z.number(),
  registerIp: z.string(),
  lastLoginAt: z.number().nullable(),
  lastLoginIp: z.string().nullable(),
  /** The stored value the prefix matched (an account number, an IP, ...). */
  matched: z.string(),
});
export type PlayerSummary = z.infer<typeof PlayerSummarySchema>;

export const PlayerSearchResultSchema = z.object({
  list: z.array(PlayerSummarySchema),
  /** Matches, counted up to PLAYER_SEARCH_COUNT_CAP; `capped` when there are more. */
  total: z.number().int(),
  capped: z.boolean(),
  page: z.number().int(),
  size: z.number().int(),
});

// ---- a player's page --------------------------------------------------------------------------

export const PlayerIdQuerySchema = z.object({ id: idSchema });

export const PlayerProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  status: PlayerStatusSchema,
  agentType: z.number().int(),
  nickname: z.string(),
  /** The payee name given by the player, if any. */
  realName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  language: z.string(),
  rankLevel: z.number().int(),
  upline: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  registeredAt: z.number(),
  registerIp: z.string(),
  registerMethod: z.string(),
  registerDomain: z.string(),
  lastLoginAt: z.number().nullable(),
  lastLoginIp: z.string().nullable(),
  passwordChangedAt: z.number().nullable(),
  /** The player must change the password at the next login (an expiry in the past). */
  mustChangePassword: z.boolean(),
  twoFactor: z.boolean(),
  bankAccounts: z.array(
    z.object({
      id: z.number().int(),
      bankCode: z.string(),
      payeeName: z.string(),
      accountNumber: z.string(),
      createdAt: z.number(),
      removedAt: z.number().nullable(),
    }),
  ),
});
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

export const PlayerBalancesSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  /** Every wallet the player holds an account of (MAIN, BONUS, VENDOR_x), major units. */
  wallets: z.array(z.object({ wallet: z.string(), balance: z.number() })),
  total: z.number(),
});
export type PlayerBalances = z.infer<typeof PlayerBalancesSchema>;

export const PlayerLedgerQuerySchema = z.object({
  id: idSchema,
  /** Postings older than this posting id (the `next` of the page before); newest first. */
  before: idSchema.optional(),
  size,
  kind: z.enum(ledgerKindCodes as [string, ...string[]]).optional(),
});

export const PlayerLedgerEntrySchema = z.object({
  postingId: z.number().int(),
  transactionId: z.number().int(),
  at: z.number(),
  kind: z.string(),
  reference: z.string(),
  memo: z.string(),
  wallet: z.string(),
  /** Signed: a credit is positive. */
  amount: z.number(),
});

export const PlayerLedgerSchema = z.object({
  list: z.array(PlayerLedgerEntrySchema),
  next: z.number().int().nullable(),
});

export const PlayerBetsQuerySchema = z.object({
  id: idSchema,
  /** The `next` of the page before (opaque); newest first by bet time. */
  before: z
    .string()
    .regex(/^\d{1,16}:\d{1,16}$/)
    .optional(),
  size,
  product: z.string().trim().min(1).max(32).optional(),
});

export const PlayerBetSchema = z.object({
  id: z.number().int(),
  vendor: z.string(),
  product: z.string(),
  betNo: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  betAmount: z.number(),
  validBet: z.number(),
  payout: z.number(),
  status: z.enum(['PENDING', 'SETTLED', 'CANCELLED']),
  betAt: z.number(),
  settledAt: z.number().nullable(),
});

export const PlayerBetsSchema = z.object({
  list: z.array(PlayerBetSchema),
  next: z.string().nullable(),
});

export const PlayerSessionsSchema = z.object({
  /** The newest 50 sessions (live ones first). */
  sessions: z.array(
    z.object({
      id: z.number().int(),
      ip: z.string(),
      createdAt: z.number(),
      lastSeenAt: z.number(),
      live: z.boolean(),
      revokedAt: z.number().nullable(),
      /** Opened by a "remember me" device token. */
      remembered: z.boolean(),
    }),
  ),
  /** "Remember me" tokens: the devices that may log in again without the password. */
  devices: z.array(
    z.object({
      id: z.number().int(),
      createdAt: z.number(),
      expiresAt: z.number(),
      revokedAt: z.number().nullable(),
    }),
  ),
  /** A device key is bound (one-tap free-play login). */
  deviceBound: z.boolean(),
});

export const PlayerLoginsSchema = z.object({
  /** IPs the player logged in from, newest first (up to 100). */
  ips: z.array(z.object({ ip: z.string(), firstSeen: z.number(), lastSeen: z.number() })),
  /** Failed logins with the player's username, newest first (up to 50). */
  failures: z.array(z.object({ ip: z.string(), at: z.number() })),
});

export const PlayerNoteSchema = z.object({
  id: z.number().int(),
  staffId: z.number().int().nullable(),
  staffName: z.string(),
  body: z.string(),
  at: z.number(),
});

export const PlayerNotesQuerySchema = z.object({ id: idSchema, before: idSchema.optional(), size });
export const PlayerNotesSchema = z.object({
  list: z.array(PlayerNoteSchema),
  next: z.number().int().nullable(),
});
export const PlayerNoteAddBodySchema = z.object({ id: idSchema, body: z.string().trim().min(1).max(2000) });

// ---- actions ----------------------------------------------------------------------------------

export const PlayerActionBodySchema = z.object({ id: idSchema, reason: PlayerReasonSchema });

export const PlayerActionResultSchema = z.object({
  profile: PlayerProfileSchema,
  /** Sessions the action ended. */
  sessionsEnded: z.number().int(),
});

export const PlayerAdjustBodySchema = z.object({
  id: idSchema,
  direction: z.enum(['credit', 'debit']),
  /** Major units, positive. */
  amount: z.coerce.number().positive().max(1e15),
  reason: PlayerReasonSchema,
  /**
   * The client's key of this request (a UUID made when the form opens): a retry with the same key
   * moves the money once and answers the first result.
   */
  requestKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, dashes or underscores'),
});

export const PlayerAdjustResultSchema = z.object({
  transactionId: z.number().int(),
  /** True when the key had been used: nothing moved again. */
  replayed: z.boolean(),
  balances: PlayerBalancesSchema,
});

// ---- bonuses and wagering (decision 041) -------------------------------------------------------

/**
 * A bonus of the player's as staff see it: the member's own view of a grant (promotion, amount,
 * wagering required and done, each product's contribution in percent, status, expiry) and who
 * ended it (`member`, `withdrawal`, `wagering`, `expiry`, `staff:<name>` or `operator:<name>` (the CLI)). Statuses: ACTIVE
 * (being wagered), COMPLETED (released to the main wallet), FORFEITED, EXPIRED.
 */
export const PlayerBonusGrantSchema = BonusGrantSchema.extend({ endedBy: z.string().nullable() });
export type PlayerBonusGrant = z.infer<typeof PlayerBonusGrantSchema>;

export const PlayerBonusesSchema = z.object({
  currency: z.string(),
  precision: z.number().int(),
  /** The BONUS wallet's balance (major units): the active grant's amount, or 0. */
  balance: z.number(),
  active: PlayerBonusGrantSchema.nullable(),
  /** Ended grants, newest first (up to 50 grants in all). */
  history: z.array(PlayerBonusGrantSchema),
  /** The VIP level (decision 042): rank and club label. */
  vip: z.object({ rankLevel: z.number().int(), label: z.string() }),
  /** The points balance (decision 033), in points (two decimals). */
  points: z.number(),
});
export type PlayerBonuses = z.infer<typeof PlayerBonusesSchema>;

export const PlayerBonusForfeitBodySchema = z.object({
  id: idSchema,
  /** The grant being wagered (its id). */
  grantId: idSchema,
  reason: PlayerReasonSchema,
});
export type PlayerBonusForfeitBody = z.output<typeof PlayerBonusForfeitBodySchema>;

// ---- calls ------------------------------------------------------------------------------------

export const boPlayerSearch = defineBoCall({
  id: 'boPlayerSearch',
  method: 'GET',
  path: '/bo/api/players',
  access: 'player.read',
  summary: 'Players whose username, phone, e-mail, bank account or IP starts with the text, by that value',
  query: PlayerSearchQuerySchema,
  response: PlayerSearchResultSchema,
});

export const boPlayerProfile = defineBoCall({
  id: 'boPlayerProfile',
  method: 'GET',
  path: '/bo/api/players/profile',
  access: 'player.read',
  summary: "A player's profile, status and bank accounts",
  query: PlayerIdQuerySchema,
  response: PlayerProfileSchema,
});

export const boPlayerBalances = defineBoCall({
  id: 'boPlayerBalances',
  method: 'GET',
  path: '/bo/api/players/balances',
  access: 'player.read',
  summary: "A player's wallets and their balances",
  query: PlayerIdQuerySchema,
  response: PlayerBalancesSchema,
});

export const boPlayerLedger = defineBoCall({
  id: 'boPlayerLedger',
  method: 'GET',
  path: '/bo/api/players/ledger',
  access: 'player.read',
  summary: "A player's ledger postings, newest first, by kind",
  query: PlayerLedgerQuerySchema,
  response: PlayerLedgerSchema,
});

export const boPlayerBets = defineBoCall({
  id: 'boPlayerBets',
  method: 'GET',
  path: '/bo/api/players/bets',
  access: 'player.read',
  summary: "A player's bets across every product, newest first",
  query: PlayerBetsQuerySchema,
  response: PlayerBetsSchema,
});

export const boPlayerSessions = defineBoCall({
  id: 'boPlayerSessions',
  method: 'GET',
  path: '/bo/api/players/sessions',
  access: 'player.read',
  summary: "A player's sessions and remembered devices",
  query: PlayerIdQuerySchema,
  response: PlayerSessionsSchema,
});

export const boPlayerLogins = defineBoCall({
  id: 'boPlayerLogins',
  method: 'GET',
  path: '/bo/api/players/logins',
  access: 'player.read',
  summary: "The IPs a player logged in from, and failed logins with the player's username",
  query: PlayerIdQuerySchema,
  response: PlayerLoginsSchema,
});

export const boPlayerNotes = defineBoCall({
  id: 'boPlayerNotes',
  method: 'GET',
  path: '/bo/api/players/notes',
  access: 'player.read',
  summary: 'Notes by staff on a player, newest first',
  query: PlayerNotesQuerySchema,
  response: PlayerNotesSchema,
});

export const boPlayerNoteAdd = defineBoCall({
  id: 'boPlayerNoteAdd',
  method: 'POST',
  path: '/bo/api/players/notes',
  access: 'player.read',
  summary: 'Adds a note on a player (audited)',
  body: PlayerNoteAddBodySchema,
  response: PlayerNoteSchema,
});

export const boPlayerLock = defineBoCall({
  id: 'boPlayerLock',
  method: 'POST',
  path: '/bo/api/players/lock',
  access: 'player.lock',
  summary: 'Locks a player: no login, every session and remembered device ends at once',
  body: PlayerActionBodySchema,
  response: PlayerActionResultSchema,
});

export const boPlayerUnlock = defineBoCall({
  id: 'boPlayerUnlock',
  method: 'POST',
  path: '/bo/api/players/unlock',
  access: 'player.lock',
  summary: 'Unlocks a player locked by the operator or forbidden by the agent',
  body: PlayerActionBodySchema,
  response: PlayerActionResultSchema,
});

export const boPlayerForcePasswordChange = defineBoCall({
  id: 'boPlayerForcePasswordChange',
  method: 'POST',
  path: '/bo/api/players/force-password-change',
  access: 'player.lock',
  summary: 'The player must change the password at the next login; every session ends',
  body: PlayerActionBodySchema,
  response: PlayerActionResultSchema,
});

export const boPlayerEndSessions = defineBoCall({
  id: 'boPlayerEndSessions',
  method: 'POST',
  path: '/bo/api/players/end-sessions',
  access: 'player.lock',
  summary: 'Ends every session and remembered device of a player',
  body: PlayerActionBodySchema,
  response: PlayerActionResultSchema,
});

export const boPlayerAdjust = defineBoCall({
  id: 'boPlayerAdjust',
  method: 'POST',
  path: '/bo/api/players/adjust',
  access: 'player.adjust',
  summary:
    "Credits or debits a player's main wallet from the house adjustment account, with a reason (never below zero; once per request key)",
  body: PlayerAdjustBodySchema,
  response: PlayerAdjustResultSchema,
});

export const boPlayerBonuses = defineBoCall({
  id: 'boPlayerBonuses',
  method: 'GET',
  path: '/bo/api/players/bonuses',
  access: 'player.read',
  summary: "A player's bonus wallet (the bonus being wagered and past ones), VIP level and points",
  query: PlayerIdQuerySchema,
  response: PlayerBonusesSchema,
});

export const boPlayerBonusForfeit = defineBoCall({
  id: 'boPlayerBonusForfeit',
  method: 'POST',
  path: '/bo/api/players/bonuses/forfeit',
  access: 'player.adjust',
  summary:
    "Forfeits the player's bonus being wagered with a reason: BONUS_FORFEIT back to the house (audited)",
  body: PlayerBonusForfeitBodySchema,
  response: PlayerBonusesSchema,
});

/** The Players section's calls (`backofficeCalls` in index.ts lists every call). */
export const playerCalls: readonly BoCallDef[] = [
  boPlayerSearch,
  boPlayerProfile,
  boPlayerBalances,
  boPlayerLedger,
  boPlayerBets,
  boPlayerSessions,
  boPlayerLogins,
  boPlayerNotes,
  boPlayerNoteAdd,
  boPlayerLock,
  boPlayerUnlock,
  boPlayerForcePasswordChange,
  boPlayerEndSessions,
  boPlayerAdjust,
  boPlayerBonuses,
  boPlayerBonusForfeit,
];
