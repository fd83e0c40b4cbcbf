import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** A timestamptz with a database default: optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamptz the writer must give. */
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;

/** Key/value settings the operator changes at run time (system status, region rules). */
export interface SystemSettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

/** The referral programme's terms, one row, minor units (migration 055, decision 043). */
export interface ReferralConfigTable {
  singleton: Generated<boolean>;
  reward: ColumnType<number, number | undefined, number>;
  min_first_deposit: ColumnType<number, number | undefined, number>;
  min_valid_bet: ColumnType<number, number | undefined, number>;
  updated_at: Generated<Date>;
}

/** A referral reward paid, one per invitee (migration 055). */
export interface ReferralRewardTable {
  invitee_id: number;
  referrer_id: number;
  amount: number;
  ledger_transaction_id: number;
  created_at: Generated<Date>;
}

/** The feedback form's submissions (migration 055). */
export interface FeedbackTable {
  id: Generated<number>;
  member_id: number | null;
  sender: Generated<string>;
  type: string;
  content: string;
  images: Generated<string[]>;
  ip: Generated<string>;
  created_at: Generated<Date>;
  /** Handled by staff in the back office, with a reply (migration 059); null: open. */
  handled_at: Date | null;
  handled_by: string | null;
  reply: Generated<string>;
}

/**
 * Chat groups, entered by VIP rank (migration 066, decision 054); the name unique whatever its
 * case (`chat_group_name_lower`, migration 071).
 */
export interface ChatGroupTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  min_rank: Generated<number>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

/** A chat message; removed by staff (removed_at), never deleted (migration 066). */
export interface ChatMessageTable {
  id: Generated<number>;
  group_id: number;
  member_id: number;
  content: string;
  created_at: Generated<Date>;
  removed_at: Date | null;
  removed_by: string | null;
  remove_reason: Generated<string>;
}

/** A member's read mark per chat group (migration 066). */
export interface ChatReadTable {
  member_id: number;
  group_id: number;
  last_read_id: Generated<number>;
}

/** Staff's mute of a member in the chat room, until a time (migration 066). */
export interface ChatMuteTable {
  member_id: number;
  until: Date;
  reason: Generated<string>;
  muted_by: string;
  created_at: Generated<Date>;
}

/** Feedback images, WebP re-encoded, by their SHA-256 (migration 055). */
export interface FeedbackImageTable {
  sha256: string;
  bytes: Buffer;
  size: number;
  created_at: Generated<Date>;
}

/** The whitelabel switch tree. */
export interface FeatureSwitchTable {
  mod_id: string;
  parent_mod_id: string | null;
  enabled: boolean;
  label: string;
  sort: number;
}

export interface RegisterRuleTable {
  field: string;
  enabled: boolean;
  required: boolean;
  pattern_id: number;
  min_length: number;
  max_length: number;
  sort: number;
}

/** An announcement's readers (migration 033). */
export type AnnouncementAudience = 'ALL' | 'AGENTS';

export interface AnnouncementTable {
  id: Generated<number>;
  type: string;
  title: string;
  content: string;
  execution: string;
  sort: Generated<number>;
  active: Generated<boolean>;
  published_at: Timestamp;
  created_at: Timestamp;
  /** Who reads it: ALL through the public calls, AGENTS through the agent centre only (migration 033). */
  audience: Generated<AnnouncementAudience>;
  /** The schedule's end (migration 046); null: never. `published_at` is its start. */
  ends_at: NullableTimestamp;
  /** Deleted by staff or the CLI: never shown or listed again, the row kept (migration 046). */
  deleted_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface BannerTable {
  id: Generated<number>;
  group_code: string;
  title: string;
  image_url: string;
  link_url: string;
  sort: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface ResourceTable {
  name: string;
  resource_type: string;
  url: string;
  qr_code_url: string;
  label_name_en: string;
  image_url: string;
  sort: number;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  cs_type: number;
  name: string;
  path: string;
  sort: number;
}

export interface HelpArticleTable {
  id: string;
  category_id: string;
  category_title: string;
  title: string;
  content: string;
  sort: number;
  /** Hidden articles are kept but not shown (migration 046). */
  active: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** An item's text in a language other than its own English (migration 062, decision 047). */
export interface ContentVersionTable {
  kind: 'notice' | 'banner' | 'help' | 'goods';
  item_id: string;
  language: string;
  title: string;
  content: Generated<string>;
  image_url: Generated<string>;
  category_title: Generated<string>;
  updated_at: Generated<Date>;
}

/** Banner images uploaded by staff, re-encoded, addressed by their SHA-256 (migration 046). */
export interface ContentImageTable {
  id: Generated<number>;
  sha256: string;
  mime: string;
  bytes: Buffer;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

export interface DomainTable {
  domain: string;
  sort: number;
}

export interface CountryTable {
  country_code: string;
  dialing_code: string;
  name: string;
  number_lengths: JSONColumnType<number[], string, string>;
  sort: number;
}

/** Members of every agent type; the accounts issue adds credentials and profile columns. */
export interface MemberTable {
  id: Generated<number>;
  username: string;
  agent_type: number;
  status: Generated<string>;
  language: Generated<string>;
  created_at: Timestamp;
  // Accounts (migration 003).
  password_hash: string | null;
  payment_password_hash: string | null;
  email: string | null;
  mobile_dialing_code: string | null;
  mobile_number: string | null;
  payee_name: string | null;
  nickname: Generated<string>;
  avatar: Generated<string>;
  avatar_type: Generated<string>;
  club_label: Generated<string>;
  rank_level: Generated<number>;
  member_label: Generated<string>;
  to_upline: Generated<boolean>;
  upline_id: number | null;
  first_login: Generated<boolean>;
  password_changed_at: NullableTimestamp;
  password_expires_at: NullableTimestamp;
  password_change_required: Generated<boolean>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  qq_num: string | null;
  line_id: string | null;
  whatsapp: string | null;
  facebook: string | null;
  wechat: string | null;
  id_number: string | null;
  recommender_id: string | null;
  referrer_id: number | null;
  /** When a referrer was bound after registration (migration 055, decision 043). */
  referral_bound_at: NullableTimestamp;
  register_ip: Generated<string>;
  register_url: Generated<string>;
  register_method: Generated<string>;
  register_domain: Generated<string>;
  device_key_hash: Buffer | null;
  last_login_at: NullableTimestamp;
  last_login_ip: string | null;
  // Agents (migration 027).
  /** The member's prize group at base 2000: the highest series it may bet at (decision 028). */
  lottery_series: Generated<number>;
  /** The upline's note on this downline. */
  remark: Generated<string>;
  /** The registration link the member came through. */
  affiliate_link_id: number | null;
}

/** The closure of member.upline_id, kept by triggers (migration 027, decision 028). */
export interface MemberTreeTable {
  ancestor_id: number;
  descendant_id: number;
  depth: number;
}

/** A member's rebate on a product other than the lottery, in basis points (migration 027). */
export interface MemberRebateTable {
  member_id: number;
  product: 'LIVE' | 'RNG' | 'SPORTS' | 'FISH' | 'PVP';
  rate_bp: number;
}

/** An agent's registration link (migration 027). */
export interface AffiliateLinkTable {
  id: Generated<number>;
  member_id: number;
  code: string;
  account_type: number;
  lottery_series: number;
  rebates: ColumnType<Record<string, number>, string | undefined, string>;
  channel: Generated<string>;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

/** An agent's lucky bag to several direct downlines, one ledger movement (migration 032). */
export interface LuckyBagTable {
  id: Generated<number>;
  agent_id: number;
  /** The agent's idempotency key of the request. */
  request_key: string;
  mode: 'EQUAL' | 'RANDOM';
  /** Minor units. */
  total: number;
  recipients: number;
  remark: Generated<string>;
  ledger_transaction_id: number;
  created_at: Timestamp;
}

/** One recipient's share of a lucky bag, in minor units (migration 032). */
export interface LuckyBagShareTable {
  bag_id: number;
  member_id: number;
  amount: number;
}

/** What the team figures have not folded yet, appended by triggers (migration 029, decision 028). */
export interface AgentStatQueueTable {
  /** The queue's half (migration 082): the default, the half being written. */
  slot: Generated<number>;
  member_id: number;
  at: RequiredTimestamp;
  event: 'BET' | 'MONEY' | 'REGISTER' | 'LOGIN';
  /** A bet's product. */
  product: Generated<string>;
  /** A posting's ledger kind and its movement's reference. */
  kind: Generated<string>;
  reference: Generated<string>;
  /** A bet's signed figures: +1 and its amounts as it settles, -1 and the old ones as it leaves. */
  bets: Generated<number>;
  bet_amount: Generated<number>;
  valid_bet: Generated<number>;
  payout: Generated<number>;
  /** A posting's signed amount. */
  amount: Generated<number>;
}

/** One member's own figures per report day and product, money in minor units (migration 029). */
export interface AgentMemberDayTable {
  member_id: number;
  day: ColumnType<string, string, string>;
  /** A bet product, or '*' for the whole day (every product and the money movements). */
  product: string;
  bets: Generated<number>;
  bet_amount: Generated<number>;
  valid_bet: Generated<number>;
  payout: Generated<number>;
  deposits: Generated<number>;
  deposit: Generated<number>;
  withdrawals: Generated<number>;
  withdrawal: Generated<number>;
  promotions: Generated<number>;
  promotion: Generated<number>;
  /** Every rebate credited (REBATE and AGENT_REBATE). */
  rebate: Generated<number>;
  /** Of which the agent's differential (AGENT_REBATE). */
  agent_rebate: Generated<number>;
  transfer_in: Generated<number>;
  transfer_out: Generated<number>;
  registrations: Generated<number>;
  first_bets: Generated<number>;
  first_deposits: Generated<number>;
  registered_first_deposits: Generated<number>;
  /**
   * The player's own rebate its bets earned, in 1/20000 of a minor unit (numeric as text), not yet
   * moved into agent_rebate_accrual by the rebate job (migration 072, decision 059).
   */
  own_rebate: ColumnType<string, string | number | undefined, string | number>;
}

/** The figures of an upline's team (its members at any depth, not the upline) per product and report day (migration 029). */
export interface AgentTeamDayTable {
  ancestor_id: number;
  day: ColumnType<string, string, string>;
  /** A bet product, or '*' for the whole day (every product and the money movements). */
  product: string;
  bets: Generated<number>;
  bet_amount: Generated<number>;
  valid_bet: Generated<number>;
  payout: Generated<number>;
  deposits: Generated<number>;
  deposit: Generated<number>;
  withdrawals: Generated<number>;
  withdrawal: Generated<number>;
  promotions: Generated<number>;
  promotion: Generated<number>;
  /** Every rebate credited (REBATE and AGENT_REBATE). */
  rebate: Generated<number>;
  /** Of which the agent's differential (AGENT_REBATE). */
  agent_rebate: Generated<number>;
  transfer_in: Generated<number>;
  transfer_out: Generated<number>;
  registrations: Generated<number>;
  first_bets: Generated<number>;
  first_deposits: Generated<number>;
  registered_first_deposits: Generated<number>;
}

/** A team's figures of a report-calendar month: the sum of its agent_team_day rows (migration 081). */
export interface AgentTeamMonthTable {
  ancestor_id: number;
  /** The month's first day. */
  month: ColumnType<string, string, string>;
  /** A bet product, or '*' for the whole month (every product and the money movements). */
  product: string;
  bets: Generated<number>;
  bet_amount: Generated<number>;
  valid_bet: Generated<number>;
  payout: Generated<number>;
  deposits: Generated<number>;
  deposit: Generated<number>;
  withdrawals: Generated<number>;
  withdrawal: Generated<number>;
  promotions: Generated<number>;
  promotion: Generated<number>;
  /** Every rebate credited (REBATE and AGENT_REBATE). */
  rebate: Generated<number>;
  /** Of which the agent's differential (AGENT_REBATE). */
  agent_rebate: Generated<number>;
  transfer_in: Generated<number>;
  transfer_out: Generated<number>;
  registrations: Generated<number>;
  first_bets: Generated<number>;
  first_deposits: Generated<number>;
  registered_first_deposits: Generated<number>;
}

/**
 * A member's figures of a report-calendar month: the sum of its agent_member_day whole-day rows of
 * the days up to agent_stat_state.member_month_through (migrations 081, 085).
 */
export interface AgentMemberMonthTable {
  member_id: number;
  /** The month's first day. */
  month: ColumnType<string, string, string>;
  /** '*' only: the whole month (a product's figures are read from the day rows). */
  product: string;
  bets: Generated<number>;
  bet_amount: Generated<number>;
  valid_bet: Generated<number>;
  payout: Generated<number>;
  deposits: Generated<number>;
  deposit: Generated<number>;
  withdrawals: Generated<number>;
  withdrawal: Generated<number>;
  promotions: Generated<number>;
  promotion: Generated<number>;
  /** Every rebate credited (REBATE and AGENT_REBATE). */
  rebate: Generated<number>;
  /** Of which the agent's differential (AGENT_REBATE). */
  agent_rebate: Generated<number>;
  transfer_in: Generated<number>;
  transfer_out: Generated<number>;
  registrations: Generated<number>;
  first_bets: Generated<number>;
  first_deposits: Generated<number>;
  registered_first_deposits: Generated<number>;
}

/**
 * A large team's main-wallet balances and member counts as the team-balance job last took them
 * (migration 084, decision 064); the overview of a small team sums live and has no row here.
 */
export interface AgentTeamBalanceTable {
  ancestor_id: number;
  /** The agent's balance with its team's, in minor units. */
  total: number;
  /** The team's alone (depth > 0). */
  team: number;
  team_members: number;
  direct_members: number;
  taken_at: Timestamp;
}

/** A member's active days per metric (1 login, 2 bet, 3 deposit, 4 withdrawal, 5 promotion; migration 029). */
export interface AgentMemberActiveTable {
  member_id: number;
  metric: number;
  day: ColumnType<string, string, string>;
  events: number;
}

/** Members of an upline's team (not the upline) active on a day, by days since their previous active day (capped; migration 029). */
export interface AgentTeamActiveTable {
  ancestor_id: number;
  day: ColumnType<string, string, string>;
  metric: number;
  gap: number;
  members: number;
}

/** The report day of a member's first settled bet and first deposit (migration 029). */
export interface AgentMemberFirstTable {
  member_id: number;
  first_bet_day: ColumnType<string | null, string | null | undefined, string | null>;
  first_deposit_day: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Rebates owed (1/20000 minor unit, numeric as text) and paid (minor units) per member, product and kind (migration 029). */
export interface AgentRebateAccrualTable {
  member_id: number;
  product: string;
  kind: 'REBATE' | 'AGENT_REBATE';
  owed: ColumnType<string, string | number | undefined, string | number>;
  paid: Generated<number>;
}

/** One row: how many folds have run and when the last one did (migration 029). */
export interface AgentStatStateTable {
  singleton: Generated<boolean>;
  folds: Generated<number>;
  last_fold_at: NullableTimestamp;
  /** The earliest report day with an own rebate not yet moved to the accruals (migration 072). */
  own_rebate_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last report day agent_member_month holds (null: none; migration 085, decision 063). */
  member_month_through: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Settled bets in and out, for the site's day figures' fold (migration 048, decision 038). */
export interface SiteStatQueueTable {
  /** The half the row is in (migration 087): the column's default, never written. */
  slot: Generated<number>;
  member_id: number;
  at: ColumnType<Date, Date | string, Date | string>;
  product: string;
  vendor: string;
  bets: number;
  bet_amount: number;
  valid_bet: number;
  payout: number;
}

/**
 * Each settled bet (and each correction's out and in) once, written by bet_record's triggers and
 * handed on by the folds to the points', site and agent figures' queues (migration 088).
 */
export interface BetQueueTable {
  /** The half the row is in: the column's default, never written. */
  slot: Generated<number>;
  member_id: number;
  at: ColumnType<Date, Date | string, Date | string>;
  product: string;
  vendor: string;
  bets: number;
  bet_amount: number;
  valid_bet: number;
  payout: number;
  free_play: boolean;
}

/** Settled bets per report day, product, vendor and registration channel (migration 048). */
export interface SiteDayTable {
  day: ColumnType<string, string, string>;
  product: string;
  vendor: string;
  channel: string;
  bets: Generated<number>;
  bet_amount: Generated<number>;
  valid_bet: Generated<number>;
  payout: Generated<number>;
}

/** A member's settled bets of a report day, netted (migration 048). */
export interface SiteMemberDayTable {
  member_id: number;
  day: ColumnType<string, string, string>;
  events: number;
}

/** Members active on a day, per gap since their previous active day (migration 048). */
export interface SiteActiveTable {
  day: ColumnType<string, string, string>;
  gap: number;
  members: number;
}

/** A member's registration channel, as the site's figures file it (migration 048). */
export interface SiteMemberChannelTable {
  member_id: number;
  channel: string;
}

/** One row: how many site folds have run and when the last one did (migration 048). */
export interface SiteStatStateTable {
  singleton: Generated<boolean>;
  folds: Generated<number>;
  last_fold_at: NullableTimestamp;
}

/** Server-side sessions: the opaque token is stored only as its SHA-256 hash. */
export interface SessionTable {
  id: Generated<number>;
  token_hash: Buffer;
  member_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: RequiredTimestamp;
  absolute_expires_at: RequiredTimestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  ip: string;
  remember_id: number | null;
}

/** A timestamptz that may be null and is optional on insert. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface LedgerAccountTable {
  id: Generated<number>;
  member_id: number | null;
  code: string | null;
  wallet_type: string;
  currency: string;
  balance: Generated<number>;
  allow_negative: Generated<boolean>;
  created_at: Timestamp;
}

export interface LedgerTransactionTable {
  id: Generated<number>;
  idempotency_key: string;
  /** One of ledger_kind (the contract's LedgerKinds). */
  kind: string;
  memo: Generated<string>;
  created_at: Timestamp;
  /** The business reference shown in account records (migration 008). */
  reference: Generated<string>;
  /** SHA-256 of the request (kind, reference, postings): a replay of the key must match it (migration 008). */
  request_hash: Buffer | null;
}

/** The closed set of movement kinds (migration 008). */
export interface LedgerKindTable {
  code: string;
  description: string;
}

/** One row: single or multi wallet (migration 008). */
export interface WalletConfigTable {
  singleton: Generated<boolean>;
  single_wallet: boolean;
  updated_at: Timestamp;
}

/** The vendor wallets of a multi-wallet merchant (migration 008). */
export interface WalletVendorTable {
  account_type_id: number;
  code: string;
  name: string;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

/** Deposit channels; amounts in minor units (migration 008). */
export interface DepositChannelTable {
  code: string;
  type: 'BANK_TRANSFER' | 'SANDBOX_GATEWAY';
  name: string;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  min_amount: number;
  max_amount: number;
  preset_amounts: JSONColumnType<number[], string | undefined, string>;
  bank_account: JSONColumnType<
    {
      bankName: string;
      accountName: string;
      accountNumber: string;
      branch: string;
    } | null,
    string | null,
    string | null
  >;
  updated_at: Timestamp;
}

/** Deposit orders; amount in minor units (migration 008). */
export interface DepositOrderTable {
  id: Generated<number>;
  order_no: string;
  member_id: number;
  channel_code: string;
  channel_type: 'BANK_TRANSFER' | 'SANDBOX_GATEWAY';
  amount: number;
  currency: string;
  status: Generated<'PENDING' | 'SUCCESS' | 'REJECTED' | 'FAILED' | 'CANCELLED'>;
  payer_reference: Generated<string>;
  idempotency_key: string;
  gateway_payment_id: string | null;
  redirect_url: string | null;
  bank_account: JSONColumnType<
    {
      bankName: string;
      accountName: string;
      accountNumber: string;
      branch: string;
    } | null,
    string | null,
    string | null
  >;
  ledger_transaction_id: number | null;
  note: Generated<string>;
  reviewed_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
}

/** The sandbox payment gateway's own records (migration 008). */
export interface SandboxPaymentTable {
  id: string;
  merchant_order_no: string;
  amount: number;
  currency: string;
  return_url: string;
  status: Generated<'CREATED' | 'PAID' | 'FAILED'>;
  notify_attempts: Generated<number>;
  notified_at: NullableTimestamp;
  last_notify_error: string | null;
  /** When the notification of a finished payment is due (again); null once acknowledged (migration 024). */
  next_notify_at: NullableTimestamp;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
}

export interface LedgerPostingTable {
  id: Generated<number>;
  transaction_id: number;
  account_id: number;
  amount: number;
  created_at: Timestamp;
}

export interface PayloadKeyTable {
  key_id: string;
  public_pem: string;
  private_pem: string;
  created_at: Timestamp;
}

export interface PayloadNonceTable {
  nonce: string;
  expires_at: RequiredTimestamp;
}

export interface CaptchaTable {
  id_hash: Buffer;
  answer: string;
  ip: Generated<string>;
  expires_at: RequiredTimestamp;
}

export interface SliderChallengeTable {
  id: string;
  purpose: string;
  answer_x: number;
  issued_at: Timestamp;
  expires_at: RequiredTimestamp;
  checked_at: NullableTimestamp;
  pass_hash: Buffer | null;
  pass_expires_at: NullableTimestamp;
  used_at: NullableTimestamp;
  ip: Generated<string>;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  purpose: string;
  channel: 'sms' | 'email' | 'link' | 'token';
  target: string;
  member_id: number | null;
  code_hash: Buffer;
  /** Phone-code provider: hash of the session handle the code was sent under. */
  session_hash: Buffer | null;
  attempts: Generated<number>;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
  ip: Generated<string>;
}

export interface LoginFailureTable {
  id: Generated<number>;
  username_key: string;
  ip: string;
  at: Timestamp;
}

export interface RateCounterTable {
  bucket: string;
  window_start: RequiredTimestamp;
  hits: number;
}

export interface RememberTokenTable {
  id: Generated<number>;
  token_hash: Buffer;
  member_id: number;
  expires_at: RequiredTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PendingLoginTable {
  id: Generated<number>;
  token_hash: Buffer;
  member_id: number;
  ip: string;
  remember_me: Generated<boolean>;
  attempts: Generated<number>;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
}

export interface MemberKnownIpTable {
  member_id: number;
  ip: string;
  first_seen: Timestamp;
  last_seen: Timestamp;
}

export interface InvitationCodeTable {
  code: string;
  member_id: number;
  kind: 'AFFILIATE' | 'REFERRAL';
  domain: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
}

export interface MemberMessageTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  content: string;
  read_at: NullableTimestamp;
  created_at: Timestamp;
  // Messages and records (migration 010).
  deleted_at: NullableTimestamp;
  send_id: number | null;
}

/** One operator send of a platform message, to one member or to all (migration 010). */
export interface MessageSendTable {
  id: Generated<number>;
  audience: string;
  subject: string;
  content: string;
  recipients: Generated<number>;
  created_at: Timestamp;
}

/** Bets written by games and lotteries through the records service (migration 010); money in minor units. */
export interface BetRecordTable {
  id: Generated<number>;
  member_id: number;
  vendor: string;
  bet_no: string;
  product: string;
  game_code: Generated<string>;
  game_name: Generated<string>;
  currency: string;
  bet_amount: number;
  valid_bet: Generated<number>;
  payout: Generated<number>;
  status: 'PENDING' | 'SETTLED' | 'CANCELLED';
  bet_at: Timestamp;
  settled_at: NullableTimestamp;
  detail: ColumnType<unknown, string | undefined, string>;
}

/** The winning settled bets the winners board reads, kept by triggers on bet_record (migration 021). */
export interface BetWinTable {
  bet_record_id: number;
  member_id: number;
  vendor: string;
  product: string;
  game_name: string;
  currency: string;
  bet_amount: number;
  payout: number;
  settled_at: RequiredTimestamp;
}

/** Single-use tickets that open a session's event stream (migration 010). */
export interface StreamTicketTable {
  ticket_hash: Buffer;
  session_id: number;
  member_id: number;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
}

export interface OutboxMessageTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: Generated<string>;
  body: string;
  purpose: string;
  transport: string;
  status: 'kept' | 'pending' | 'sent' | 'failed';
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** While set and in the future, a sender holds the message (delivery lease). */
  claimed_until: NullableTimestamp;
}

/** Banks a member may bind an account of (migration 009). */
export interface BankTable {
  code: string;
  country_code: string;
  name: string;
  account_min_length: number;
  account_max_length: number;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

/** A member's bound bank accounts; removal is soft (migration 009). */
export interface BankAccountTable {
  id: Generated<number>;
  member_id: number;
  bank_code: string;
  payee_name: string;
  account_number: string;
  branch: Generated<string>;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export type WithdrawalStatus =
  | 'PENDING'
  | 'APPROVED'
  | 'REJECTED'
  | 'CANCELLED'
  | 'PAID'
  | 'RECEIVED'
  | 'PARTLY_RECEIVED'
  | 'NOT_RECEIVED'
  | 'REFUNDED';

/** Withdrawal requests; amounts in minor units, the bank details copied at request time (migration 009). */
export interface WithdrawalTable {
  id: Generated<number>;
  member_id: number;
  request_id: string | null;
  amount: number;
  currency: string;
  bank_account_id: number;
  bank_code: string;
  bank_name: string;
  payee_name: string;
  account_number: string;
  status: Generated<WithdrawalStatus>;
  received_amount: number | null;
  refund_amount: number | null;
  forced_received: Generated<boolean>;
  refund_forfeited: Generated<boolean>;
  remark: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
}

/** The timeline of a withdrawal: one row per status change (migration 009). */
export interface WithdrawalEventTable {
  id: Generated<number>;
  withdrawal_id: number;
  status: WithdrawalStatus;
  actor: 'member' | 'operator' | 'system';
  note: Generated<string>;
  at: Timestamp;
}

/** Proof images of a disputed payout, stored in the database (migration 009). */
export interface WithdrawalProofTable {
  id: Generated<number>;
  withdrawal_id: number;
  member_id: number;
  content_type: 'image/png' | 'image/jpeg';
  size: number;
  sha256: Buffer;
  /** Null when the bytes are a file under DATA_DIR (PGlite). */
  content: Buffer | null;
  created_at: Timestamp;
}

/** One row per scheduled job and time window: the window runs once (migration 009, platform/jobs). */
export interface JobRunTable {
  job: string;
  window_start: RequiredTimestamp;
  window_end: RequiredTimestamp;
  status: 'running' | 'done' | 'failed';
  attempts: Generated<number>;
  instance: Generated<string>;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  last_error: Generated<string>;
}

/** Game vendors per category (migration 012). */
export interface GameVendorTable {
  id: Generated<number>;
  vassalage: string;
  game_type: string;
  display_name: string;
  account_type_id: Generated<number>;
  enabled: Generated<boolean>;
  maintenance_from: NullableTimestamp;
  maintenance_until: NullableTimestamp;
  is_hot: Generated<boolean>;
  sort: Generated<number>;
  updated_at: Timestamp;
}

/** The games of the catalogue (migration 012); names keyed by language label (EN, CN, ...). */
export interface GameTable {
  id: Generated<number>;
  node_id: string;
  game_id: string;
  vassalage: string;
  game_type: string;
  names: ColumnType<Record<string, string>, string, string>;
  search_text: string;
  is_new: Generated<boolean>;
  is_hot: Generated<boolean>;
  /** Place in the hot / new list (migration 045); null: after the ranked ones, in catalogue order. */
  hot_rank: Generated<number | null>;
  new_rank: Generated<number | null>;
  rtp_bp: number | null;
  volatility: string | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

/** A member's favourite games (migration 012). */
export interface GameFavouriteTable {
  member_id: number;
  game_id: number;
  created_at: Timestamp;
}

/** A member's recently played games (migration 012). */
export interface GameRecentTable {
  member_id: number;
  game_id: number;
  played_at: Timestamp;
}

/** A member's profile fields beyond the member row, and the default bank account (migration 016). */
export interface MemberProfileTable {
  member_id: number;
  telegram: string | null;
  zalo: string | null;
  birthday: string | null;
  address: string | null;
  nationality: string | null;
  occupation: string | null;
  source_of_income: string | null;
  place_of_birth: string | null;
  default_bank_account_id: number | null;
  updated_at: Timestamp;
}

/*
 * The games' seamless wallet (013, 017), the house games (014) and the lottery (015, 018, 020):
 * these modules write through SQL functions and raw SQL, and their rows are typed here so that
 * schema.test.ts holds every table against the migrated database.
 */
export interface GameLaunchTokenTable {
  token_hash: Buffer;
  member_id: number;
  vendor: string;
  game_code: string;
  node_id: string;
  room_id: string | null;
  language: string;
  free_play: boolean;
  expires_at: RequiredTimestamp;
  redeemed_at: NullableTimestamp;
}

export interface GameRoundTable {
  vendor: string;
  round_id: string;
  member_id: number;
  free_play: boolean;
  status: Generated<string>;
  stake: Generated<number>;
  payout: Generated<number>;
  product: string;
  game_code: Generated<string>;
  game_name: Generated<string>;
  opened_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface GameWalletTxTable {
  vendor: string;
  tx_id: string;
  kind: string;
  member_id: number;
  round_id: string;
  amount: number;
  request_hash: Buffer;
  ledger_transaction_id: number | null;
  balance_after: number | null;
  rolled_back_by: string | null;
  created_at: Timestamp;
}

export interface HouseRoundTable {
  round_id: string;
  member_id: number;
  vendor: string;
  game_code: string;
  kind: string;
  seed_id: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bet: number;
  win: number;
  free_play: boolean;
  balance_after: number;
  wager: ColumnType<unknown, string, string>;
  outcome: ColumnType<unknown, string, string>;
  played_at: Timestamp;
}

/** Crash's hash chains (migration 068, decision 055): read and written through raw SQL. */
export interface CrashChainTable {
  id: Generated<number>;
  top_hash: string;
  length: number;
  commitment: string;
  salt: string;
  next_round: Generated<number>;
  created_at: Timestamp;
}

/** One shared Crash round (migration 068): at most one open. */
export interface CrashRoundTable {
  id: Generated<number>;
  chain_id: number;
  round_no: number;
  hash: string;
  crash_point: number;
  betting_ends_at: number;
  crashes_at: number;
  beat_at: number;
  state: Generated<string>;
  refunded: Generated<boolean>;
  settled_at: NullableTimestamp;
}

/** A player's bet on a Crash round (migration 068): open, then won, lost or refunded once. */
export interface CrashBetTable {
  id: Generated<number>;
  round_id: number;
  member_id: number;
  player: string;
  vendor: string;
  bet: number;
  auto_target: number | null;
  auto: Generated<boolean>;
  state: Generated<string>;
  cashed_at: number | null;
  win: number | null;
  free_play: boolean;
  placed_at: Timestamp;
  settled_at: NullableTimestamp;
}

/** A Mines round between its stake and its end (migration 057, decision 046). */
export interface HouseOpenRoundTable {
  round_id: string;
  member_id: number;
  vendor: string;
  game_code: string;
  seed_id: number;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  bet: number;
  /** Mines only (null for HiLo, migration 067). */
  mines: number | null;
  layout: number[];
  picks: Generated<number[]>;
  /** The player's actions of a round in steps other than Mines (migration 067). */
  moves: Generated<unknown>;
  free_play: boolean;
  opened_at: Generated<Timestamp>;
}

export interface HouseSeedTable {
  id: Generated<number>;
  member_id: number;
  game_code: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  active: Generated<boolean>;
  created_at: Timestamp;
  revealed_at: NullableTimestamp;
}

export interface HouseTicketTable {
  ticket_hash: Buffer;
  member_id: number;
  vendor: string;
  game_code: string;
  free_play: boolean;
  expires_at: RequiredTimestamp;
}

export interface LotteryGameTable {
  id: Generated<number>;
  code: string;
  remark: string;
  family: string;
  region: Generated<string>;
  interval_s: number;
  draw_time: Generated<string>;
  draw_days: Generated<number[]>;
  lock_s: number;
  utc_offset_min: Generated<number>;
  result_source: string;
  sandbox: Generated<boolean>;
  default_play_type: Generated<number>;
  calendar: ColumnType<unknown, string | undefined, string>;
  popularity: Generated<number>;
  enabled: Generated<boolean>;
  allow_drawback: Generated<boolean>;
  bet_min: Generated<number>;
  bet_max: Generated<number>;
  multiple_max: Generated<number>;
  win_max: Generated<number>;
  number_liability_max: Generated<number>;
  draw_payout_max: Generated<number>;
  chase_max: Generated<number>;
  sort: Generated<number>;
  created_at: Timestamp;
  /** Zone-local dates (YYYYMMDD) without a draw (migration 058). */
  suspended_dates: Generated<string[]>;
}

export interface LotteryLiabilityTable {
  numero_id: number;
  number_key: string;
  amount: number;
}

export interface LotteryNumeroTable {
  id: Generated<number>;
  game_id: number;
  numero: string;
  label: Generated<string>;
  sale_start: RequiredTimestamp;
  sale_end: RequiredTimestamp;
  draw_at: RequiredTimestamp;
  status: Generated<string>;
  seed: Buffer;
  seed_hash: string;
  win_no: Generated<string>;
  slots: ColumnType<unknown, string | undefined, string>;
  revision: Generated<number>;
  settled_revision: Generated<number>;
  drawn_at: NullableTimestamp;
  settled_at: NullableTimestamp;
  void_reason: Generated<string>;
}

export interface LotteryOrderTable {
  id: Generated<number>;
  order_no: string;
  member_id: number;
  game_id: number;
  play_id: number;
  content: string;
  betting_mode_id: number;
  series: number;
  multiple: number;
  notes: number;
  prize_mode_id: number;
  chase: Generated<boolean>;
  win_stop: Generated<boolean>;
  total_chase: Generated<number>;
  amount: number;
  request_key: string | null;
  line: Generated<number>;
  device: Generated<string>;
  created_at: Timestamp;
  /** A trial account's bet, against the free-play house (migration 023). */
  free_play: Generated<boolean>;
  /** The request's fingerprint, so a reused requestId with another bet is refused (migration 023). */
  request_hash: Buffer | null;
  /**
   * The member's highest series in this game and mode when the order was placed, its prize group
   * mapped to the band: the series rebate's top (migration 030). None before 030: the band's top.
   */
  max_bet_series: number | null;
}

export interface LotteryRecentTable {
  member_id: number;
  game_id: number;
  played_at: Timestamp;
}

export interface LotteryResultRevisionTable {
  numero_id: number;
  revision: number;
  win_no: string;
  slots: ColumnType<unknown, string, string>;
  source: string;
  created_at: Timestamp;
}

export interface LotteryTicketTable {
  id: Generated<number>;
  order_id: number;
  numero_id: number;
  member_id: number;
  seq: number;
  multiple: number;
  amount: number;
  status: Generated<number>;
  win_amount: Generated<number>;
  settled_revision: Generated<number>;
  settled_at: NullableTimestamp;
}

export interface PvpRoomTable {
  room_id: string;
  node_id: string;
  level: string;
  min_bet: number;
  max_bet: number;
  seats: number;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

/** The back office's staff, apart from members (migration 035, decision 031). */
export interface StaffTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  /** argon2id, as a member's. */
  password_hash: string;
  role: 'admin' | 'finance' | 'support' | 'risk' | 'content' | 'read-only';
  /** The authenticator's secret, base32 (as member.totp_secret); null before the first sign-in. */
  totp_secret: string | null;
  totp_enrolled: Generated<boolean>;
  /** The 30-second step of the last accepted code: a code of this step or older is refused. */
  totp_last_step: Generated<number>;
  disabled_at: NullableTimestamp;
  created_at: Timestamp;
  /** The admin who created the account; null when the operator CLI did. */
  created_by: number | null;
  /** An admin reset the password: the next sign-in changes it before anything else (migration 049). */
  password_change_required: Generated<boolean>;
}

/** A staff member's session: the token only as its SHA-256 (migration 035). */
export interface StaffSessionTable {
  id: Generated<number>;
  token_hash: Buffer;
  staff_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  /** Null until the authenticator's code was given: until then the token opens only that step. */
  second_factor_at: NullableTimestamp;
  idle_expires_at: RequiredTimestamp;
  absolute_expires_at: RequiredTimestamp;
  revoked_at: NullableTimestamp;
  ip: ColumnType<string, string | undefined, string>;
  user_agent: ColumnType<string, string | undefined, string>;
}

/** The append-only, hash-chained audit log (migration 035, decision 031). */
export interface AuditLogTable {
  /** From audit_log_id_seq, taken under the chain's lock: the chain's order. */
  id: number;
  at: RequiredTimestamp;
  actor_kind: 'staff' | 'cli' | 'system';
  actor_id: number | null;
  actor_name: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: ColumnType<unknown | null, string | null, never>;
  after: ColumnType<unknown | null, string | null, never>;
  /** Lower-case hex SHA-256. */
  prev_hash: string;
  hash: string;
}

/** One approval of a deposit or withdrawal that needs two people (migration 040, decision 031). */
export interface ApprovalVoteTable {
  id: Generated<number>;
  kind: 'deposit' | 'withdrawal';
  /** deposit_order.id or withdrawal.id, by kind. */
  item_id: number;
  /** `staff:<id>` or `cli:<OS user>`: one person, unique per item. */
  approver: string;
  actor_kind: 'staff' | 'cli';
  staff_id: number | null;
  actor_name: string;
  ip: string | null;
  note: ColumnType<string, string | undefined, string>;
  at: Timestamp;
}

/** A member's responsible-gambling limit, by kind and period (migration 051, decision 039). */
export interface RgLimitTable {
  member_id: number;
  kind: 'deposit' | 'loss' | 'wager' | 'session';
  period: 'day' | 'week' | 'month' | 'session';
  /** Minor units; minutes for the session limit. */
  amount: number;
  /** A raise waiting for its cooling-off; null with `pending_from` set: the limit's removal. */
  pending_amount: number | null;
  pending_from: NullableTimestamp;
  updated_at: Timestamp;
}

/** A member's reality check and current time-out or self-exclusion (migration 051). */
export interface RgSettingTable {
  member_id: number;
  reality_check_minutes: number | null;
  block_kind: 'timeout' | 'exclusion' | null;
  block_until: NullableTimestamp;
  block_at: NullableTimestamp;
  block_by: string | null;
  updated_at: Timestamp;
}

/** A note by staff on a player, append-only (migration 041, decision 031 "Players"). */
export interface PlayerNoteTable {
  id: Generated<number>;
  member_id: number;
  staff_id: number | null;
  staff_name: string;
  body: string;
  at: Timestamp;
}

/** An agent contract, one row per line (migration 036, decision 030). */
export interface AgentContractTable {
  id: Generated<number>;
  kind: 'dividend' | 'dailySalary' | 'hourlySalary' | 'realTimeSalary';
  product_type: string;
  /** The dividend's computation period; '' for the other kinds. */
  period: ColumnType<string, string | undefined, string>;
  /** The offerer; null for a contract the platform holds with a top agent. */
  upline_id: number | null;
  downline_id: number;
  status: 'P' | 'E' | 'A' | 'V' | 'C' | 'R';
  /** The terms offered or in force (ContractTerms). */
  terms: ColumnType<unknown, string, string>;
  /** The terms last accepted, paying while a modification waits; null until the first accept. */
  accepted_terms: ColumnType<unknown | null, string | null | undefined, string | null>;
  version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A contract's history: one row per change (migration 036). */
export interface AgentContractEventTable {
  id: Generated<number>;
  contract_id: number;
  /** The member who acted; null for the platform or the higher-rate rule. */
  actor_id: number | null;
  actor: 'upline' | 'downline' | 'system' | 'platform';
  action: string;
  from_status: string | null;
  to_status: string;
  terms: ColumnType<unknown | null, string | null, string | null>;
  at: Timestamp;
}

/** Per agent per line, what settlement threads between periods (migration 036, decision 030). */
export interface AgentContractStateTable {
  member_id: number;
  kind: string;
  product_type: string;
  period: ColumnType<string, string | undefined, string>;
  /** The dividend's carried loss, minor units (≤ 0). */
  carry: ColumnType<number, number | undefined, number>;
  /** The agent's deficit on the line, minor units (≥ 0). */
  deficit: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/**
 * One agent's settlement of one contract and one period (migration 038, decision 030): the
 * statement, the terms and state it was computed from, and what was credited for it.
 */
export interface AgentContractSettlementTable {
  contract_id: number;
  period_key: string;
  agent_id: number;
  upline_id: number | null;
  kind: string;
  product_type: string;
  period: ColumnType<string, string | undefined, string>;
  period_start: RequiredTimestamp;
  period_end: RequiredTimestamp;
  terms: ColumnType<unknown, string, string>;
  carry_in: ColumnType<number, number | undefined, number>;
  deficit_in: ColumnType<number, number | undefined, number>;
  /** The ContractStatement. */
  statement: ColumnType<unknown, string, string>;
  amount: number;
  pay: number;
  /** Credited for this (contract, period, agent) in all, minor units. */
  paid: ColumnType<number, number | undefined, number>;
  carry_out: ColumnType<number, number | undefined, number>;
  deficit_out: ColumnType<number, number | undefined, number>;
  revision: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Points one unit of valid bet earns per product, and the points type it is filed under (migration 042). */
export interface PointsRateTable {
  product: string;
  points_type: 'LIVE' | 'LOTTERY' | 'PVP' | 'SLOTS' | 'SPORTS' | 'DEPOSIT';
  /** numeric, as text. */
  rate: ColumnType<string, string | number, string | number>;
}

/** Settled bets' valid amounts in and out, appended by triggers on bet_record (migration 042). */
export interface PointsQueueTable {
  /** The half the row is in (migration 087): the column's default, never written. */
  slot: Generated<number>;
  member_id: number;
  product: string;
  valid_bet: number;
}

/** Points owed (hundredths, exact numeric as text) and posted (hundredths) per member and type (migration 042). */
export interface PointsAccrualTable {
  member_id: number;
  points_type: string;
  owed: ColumnType<string, string | number | undefined, string | number>;
  posted: Generated<number>;
}

/** One row: the points folds' sequence number (migration 042). */
export interface PointsStateTable {
  singleton: Generated<boolean>;
  folds: Generated<number>;
  last_fold_at: NullableTimestamp;
}

/** The mall's goods (migration 050): stock, cost in hundredths of a point, amount requirement in minor units. */
export interface PointsGoodsTable {
  id: Generated<number>;
  name: string;
  image: ColumnType<string, string | undefined, string>;
  quantity: number;
  available: number;
  points: number;
  amount_requirement: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A redeem of goods or a conversion of points to money (migration 050). */
export interface PointsRedeemTable {
  id: Generated<number>;
  member_id: number;
  type: 'GOODS' | 'CONVERT';
  goods_id: number | null;
  goods_name: ColumnType<string, string | undefined, string>;
  quantity: ColumnType<number, number | undefined, number>;
  points: number;
  amount: ColumnType<number, number | undefined, number>;
  balance_after: number;
  status: 'PROCESS' | 'REJECTED' | 'APPROVED';
  remark: ColumnType<string, string | undefined, string>;
  request_id: string | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
}

/** One row: the mall's conversion ratio and smallest conversion, in hundredths of a point (migration 050). */
export interface PointsConfigTable {
  singleton: Generated<boolean>;
  ratio: ColumnType<number, number | undefined, number>;
  min_convert: ColumnType<number, number | undefined, number>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A promotion's bonus rules, beside its announcement (migration 053, decision 041); amounts in minor units. */
export interface PromotionRuleTable {
  announcement_id: number;
  category: ColumnType<string, string | undefined, string>;
  kind: 'DEPOSIT_MATCH' | 'RELOAD' | 'FIXED' | 'REQUEST';
  /** numeric, as text. */
  match_percent: ColumnType<string, string | number | undefined, string | number>;
  max_bonus: ColumnType<number, number | undefined, number>;
  fixed_bonus: ColumnType<number, number | undefined, number>;
  min_deposit: ColumnType<number, number | undefined, number>;
  /** numeric, as text. */
  wagering_multiplier: ColumnType<string, string | number | undefined, string | number>;
  wagering_base: ColumnType<
    'BONUS' | 'BONUS_DEPOSIT',
    'BONUS' | 'BONUS_DEPOSIT' | undefined,
    'BONUS' | 'BONUS_DEPOSIT'
  >;
  /** Product code to contribution percent. */
  contributions: ColumnType<Record<string, number>, string | undefined, string>;
  expiry_hours: ColumnType<number, number | undefined, number>;
  new_members_only: ColumnType<boolean, boolean | undefined, boolean>;
  once_per_member: ColumnType<boolean, boolean | undefined, boolean>;
  once_per_day: ColumnType<boolean, boolean | undefined, boolean>;
  min_level: ColumnType<number, number | undefined, number>;
  excluded_agents: ColumnType<number[], number[] | undefined, number[]>;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

export type PromotionEntryStatus = 'JOINED' | 'APPLYING' | 'REJECTED' | 'ISSUED' | 'CLAIMED';

/** A member's join of a promotion and what came of it (migration 053). */
export interface PromotionEntryTable {
  id: Generated<number>;
  promotion_id: number;
  member_id: number;
  status: PromotionEntryStatus;
  joined_at: Timestamp;
  remark: ColumnType<string, string | undefined, string>;
  deposit_order_id: number | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  reason: ColumnType<string, string | undefined, string>;
}

/** A reward request's picture, checked by its signature and header (migration 053). */
export interface PromotionPictureTable {
  entry_id: number;
  n: number;
  mime: string;
  bytes: Buffer;
}

export type BonusGrantStatus = 'ACTIVE' | 'COMPLETED' | 'FORFEITED' | 'EXPIRED';

/** A bonus on the member's BONUS wallet and its wagering (migration 053); required and wagered exact (numeric as text). */
export interface BonusGrantTable {
  id: Generated<number>;
  member_id: number;
  promotion_id: number;
  entry_id: number;
  amount: number;
  deposit: ColumnType<number, number | undefined, number>;
  required: ColumnType<string, string | number, string | number>;
  wagered: ColumnType<string, string | number | undefined, string | number>;
  contributions: ColumnType<Record<string, number>, string, string>;
  status: ColumnType<BonusGrantStatus, BonusGrantStatus | undefined, BonusGrantStatus>;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  ended_at: NullableTimestamp;
  ended_by: string | null;
}

/** An OpenID provider's account linked to a member (migration 056, decision 045). */
export interface MemberIdentityTable {
  id: Generated<number>;
  provider: string;
  subject: string;
  member_id: number;
  email: string | null;
  created_at: Timestamp;
}

/** One social sign-in flow, keyed by its state's hash (migration 056). */
export interface SocialFlowTable {
  state_hash: Buffer;
  provider: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  intent: 'login' | 'register';
  affiliate_code: ColumnType<string, string | undefined, string>;
  referral_code: ColumnType<string, string | undefined, string>;
  domain: ColumnType<string, string | undefined, string>;
  age_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  language: ColumnType<string, string | undefined, string>;
  ip: string;
  created_at: Timestamp;
  expires_at: RequiredTimestamp;
  used_at: NullableTimestamp;
  member_id: number | null;
  ticket_hash: Buffer | null;
  ticket_expires_at: NullableTimestamp;
  ticket_used_at: NullableTimestamp;
}

/** The VIP window (migration 054, decision 042). */
export interface VipConfigTable {
  singleton: Generated<boolean>;
  window_days: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** The VIP ladder: a rank's label, requirements over the window and reward, minor units (migration 054). */
export interface VipLevelTable {
  rank_level: number;
  label: string;
  min_deposit: ColumnType<number, number | undefined, number>;
  min_valid_bet: ColumnType<number, number | undefined, number>;
  reward: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** A level's reward paid to a member, once per member and rank (migration 054). */
export interface VipRewardTable {
  member_id: number;
  rank_level: number;
  amount: number;
  ledger_transaction_id: number | null;
  created_at: Timestamp;
}

/** A mission: a target of a period on valid bets, deposits or login days (migration 054). */
export interface MissionTable {
  id: Generated<number>;
  title: string;
  kind: 'BET' | 'DEPOSIT' | 'LOGIN';
  product: ColumnType<string, string | undefined, string>;
  period: 'DAILY' | 'WEEKLY' | 'MONTHLY';
  target: number;
  reward: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A raffle: one schedule of a raffle promotion, its prizes and its draw's commitment (migration 065). */
export interface RaffleTable {
  id: Generated<number>;
  title: string;
  description: ColumnType<string, string | undefined, string>;
  opens_at: RequiredTimestamp;
  closes_at: RequiredTimestamp;
  draw_at: RequiredTimestamp;
  /** Minor units by place; bigint[] comes back as strings. */
  prizes: ColumnType<(string | number | bigint)[], number[], number[]>;
  status: ColumnType<'SCHEDULED' | 'DRAWN' | 'CANCELLED', 'SCHEDULED' | undefined, 'DRAWN' | 'CANCELLED'>;
  seed: string;
  seed_hash: string;
  entries: ColumnType<number | null, never, number>;
  entries_hash: ColumnType<string | null, never, string>;
  drawn_at: ColumnType<Date | null, never, Date | string>;
  cancelled_at: ColumnType<Date | null, never, Date | string>;
  cancel_reason: ColumnType<string, never, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's one ticket in a raffle; the ticket number is `id` (migration 065). */
export interface RaffleEntryTable {
  id: Generated<number>;
  raffle_id: number;
  member_id: number;
  created_at: Timestamp;
}

/** A raffle's place paid, one per place and one per member (migration 065). */
export interface RaffleWinnerTable {
  raffle_id: number;
  place: number;
  member_id: number;
  ticket: number;
  amount: number;
  ledger_transaction_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
}

/** A mission's reward paid to a member, once per mission and period (migration 054). */
export interface MissionRewardTable {
  mission_id: number;
  period_start: ColumnType<string, string, string>;
  member_id: number;
  amount: number;
  ledger_transaction_id: number | null;
  created_at: Timestamp;
}

export interface DB {
  system_setting: SystemSettingTable;
  feature_switch: FeatureSwitchTable;
  register_rule: RegisterRuleTable;
  announcement: AnnouncementTable;
  banner: BannerTable;
  resource: ResourceTable;
  customer_service: CustomerServiceTable;
  help_article: HelpArticleTable;
  content_image: ContentImageTable;
  content_version: ContentVersionTable;
  domain: DomainTable;
  country: CountryTable;
  member: MemberTable;
  session: SessionTable;
  ledger_account: LedgerAccountTable;
  ledger_transaction: LedgerTransactionTable;
  ledger_posting: LedgerPostingTable;
  ledger_kind: LedgerKindTable;
  wallet_config: WalletConfigTable;
  wallet_vendor: WalletVendorTable;
  deposit_channel: DepositChannelTable;
  deposit_order: DepositOrderTable;
  sandbox_payment: SandboxPaymentTable;
  payload_key: PayloadKeyTable;
  payload_nonce: PayloadNonceTable;
  captcha: CaptchaTable;
  slider_challenge: SliderChallengeTable;
  verification_code: VerificationCodeTable;
  login_failure: LoginFailureTable;
  rate_counter: RateCounterTable;
  remember_token: RememberTokenTable;
  pending_login: PendingLoginTable;
  member_known_ip: MemberKnownIpTable;
  invitation_code: InvitationCodeTable;
  referral_config: ReferralConfigTable;
  referral_reward: ReferralRewardTable;
  feedback: FeedbackTable;
  feedback_image: FeedbackImageTable;
  chat_group: ChatGroupTable;
  chat_message: ChatMessageTable;
  chat_read: ChatReadTable;
  chat_mute: ChatMuteTable;
  member_message: MemberMessageTable;
  message_send: MessageSendTable;
  bet_record: BetRecordTable;
  bet_win: BetWinTable;
  stream_ticket: StreamTicketTable;
  outbox_message: OutboxMessageTable;
  bank: BankTable;
  bank_account: BankAccountTable;
  member_profile: MemberProfileTable;
  withdrawal: WithdrawalTable;
  withdrawal_event: WithdrawalEventTable;
  withdrawal_proof: WithdrawalProofTable;
  job_run: JobRunTable;
  game_vendor: GameVendorTable;
  game: GameTable;
  game_favourite: GameFavouriteTable;
  game_recent: GameRecentTable;
  game_launch_token: GameLaunchTokenTable;
  game_round: GameRoundTable;
  game_wallet_tx: GameWalletTxTable;
  crash_bet: CrashBetTable;
  crash_chain: CrashChainTable;
  crash_round: CrashRoundTable;
  house_open_round: HouseOpenRoundTable;
  house_round: HouseRoundTable;
  house_seed: HouseSeedTable;
  house_ticket: HouseTicketTable;
  lottery_game: LotteryGameTable;
  lottery_liability: LotteryLiabilityTable;
  lottery_numero: LotteryNumeroTable;
  lottery_order: LotteryOrderTable;
  lottery_recent: LotteryRecentTable;
  lottery_result_revision: LotteryResultRevisionTable;
  lottery_ticket: LotteryTicketTable;
  pvp_room: PvpRoomTable;
  member_tree: MemberTreeTable;
  member_rebate: MemberRebateTable;
  affiliate_link: AffiliateLinkTable;
  agent_stat_queue: AgentStatQueueTable;
  agent_member_day: AgentMemberDayTable;
  agent_team_day: AgentTeamDayTable;
  agent_team_month: AgentTeamMonthTable;
  agent_member_month: AgentMemberMonthTable;
  agent_team_balance: AgentTeamBalanceTable;
  agent_member_active: AgentMemberActiveTable;
  agent_team_active: AgentTeamActiveTable;
  agent_member_first: AgentMemberFirstTable;
  agent_rebate_accrual: AgentRebateAccrualTable;
  agent_stat_state: AgentStatStateTable;
  site_stat_queue: SiteStatQueueTable;
  bet_queue: BetQueueTable;
  site_day: SiteDayTable;
  site_member_day: SiteMemberDayTable;
  site_active: SiteActiveTable;
  site_member_channel: SiteMemberChannelTable;
  site_stat_state: SiteStatStateTable;
  lucky_bag: LuckyBagTable;
  lucky_bag_share: LuckyBagShareTable;
  staff: StaffTable;
  staff_session: StaffSessionTable;
  audit_log: AuditLogTable;
  approval_vote: ApprovalVoteTable;
  player_note: PlayerNoteTable;
  rg_limit: RgLimitTable;
  rg_setting: RgSettingTable;
  agent_contract: AgentContractTable;
  agent_contract_event: AgentContractEventTable;
  agent_contract_state: AgentContractStateTable;
  agent_contract_settlement: AgentContractSettlementTable;
  points_rate: PointsRateTable;
  points_queue: PointsQueueTable;
  points_accrual: PointsAccrualTable;
  points_state: PointsStateTable;
  points_goods: PointsGoodsTable;
  points_redeem: PointsRedeemTable;
  points_config: PointsConfigTable;
  vip_config: VipConfigTable;
  vip_level: VipLevelTable;
  vip_reward: VipRewardTable;
  mission: MissionTable;
  mission_reward: MissionRewardTable;
  raffle: RaffleTable;
  raffle_entry: RaffleEntryTable;
  raffle_winner: RaffleWinnerTable;
  promotion_rule: PromotionRuleTable;
  promotion_entry: PromotionEntryTable;
  promotion_picture: PromotionPictureTable;
  bonus_grant: BonusGrantTable;
  member_identity: MemberIdentityTable;
  social_flow: SocialFlowTable;
}
