import { z } from 'zod';
import { defineCall } from './call.ts';

/**
 * Money on the wire (BC-09): the database and every sum hold integer minor units; the wire carries
 * major units with at most the currency's precision (brand config `currency.precision`).
 */

/** The largest amount any single movement may carry, in minor units (10 billion at 2 decimals). */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000;

/**
 * The most any ledger account may hold (or, for house and clearing accounts, owe), in minor units:
 * 1 trillion at 2 decimals, about 1/90 of 2^53, so balances, sums of a few of them and every
 * amount a movement could add stay exact as JavaScript numbers.
 */
export const MAX_BALANCE_MINOR = 100_000_000_000_000;

export interface AmountRules {
  /** Decimals of the currency (brand config `currency.precision`). */
  precision: number;
  /** Smallest accepted amount in minor units (default: one minor unit). */
  minMinor?: number;
  /** Largest accepted amount in minor units (default and ceiling: MAX_AMOUNT_MINOR). */
  maxMinor?: number;
}

export type AmountParse = { ok: true; minor: number } | { ok: false; message: string };

/** Minor units as the wire's number of major units, e.g. 123456 at precision 2 → 1234.56. */
export function minorToMajor(minor: number, precision: number): number {
  return Number(formatMinor(minor, precision, false));
}

/**
 * Minor units as exact decimal text, e.g. 123456 → "1,234.56" (grouped) or "1234.56". Built from
 * the integer's digits, never through floating point division.
 */
export function formatMinor(minor: number, precision: number, grouped = true): string {
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(precision + 1, '0');
  const whole = digits.slice(0, digits.length - precision);
  const frac = precision > 0 ? `.${digits.slice(digits.length - precision)}` : '';
  const wholeText = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  return `${negative ? '-' : ''}${wholeText}${frac}`;
}

/**
 * Why an amount was refused, with the figures a message needs: `parseAmount` words it in English
 * for the server's answers, the web in the player's language from its catalogues.
 */
export type AmountRefusal =
  | { reason: 'empty' | 'notNumber' | 'negative' | 'exponent' | 'format' | 'zero' }
  | { reason: 'decimals'; precision: number }
  | { reason: 'atMost'; maxMinor: number; precision: number }
  | { reason: 'range'; minMinor: number; maxMinor: number; precision: number };

/**
 * The one amount parser of client and server. Accepts a JSON number or decimal text in major
 * units ("12", "12.5", "12.50", 12.5) and answers the exact minor units, or why it refused.
 * Refused: empty, not a number, NaN and infinities, exponents ("1e3", 1e21), negatives, zero,
 * more decimals than the currency has, and amounts outside the limits.
 */
export function checkAmountInput(
  input: unknown,
  rules: AmountRules,
): { ok: true; minor: number } | { ok: false; refusal: AmountRefusal } {
  const { precision } = rules;
  const minMinor = Math.max(1, rules.minMinor ?? 1);
  const maxMinor = Math.min(MAX_AMOUNT_MINOR, rules.maxMinor ?? MAX_AMOUNT_MINOR);
  const refuse = (refusal: AmountRefusal) => ({ ok: false as const, refusal });
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refuse({ reason: 'notNumber' });
    // A number's shortest decimal form; very large or very small ones print with an exponent.
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return refuse({ reason: 'empty' });
  }
  if (text === '') return refuse({ reason: 'empty' });
  if (/^-/.test(text)) return refuse({ reason: 'negative' });
  if (/e/i.test(text)) return refuse({ reason: 'exponent' });
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return refuse({ reason: 'format' });
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const frac = match[2] ?? '';
  if (frac.length > precision) return refuse({ reason: 'decimals', precision });
  // More whole digits than the ceiling has cannot pass; stop before building an unsafe integer.
  if (whole.length > 16) return refuse({ reason: 'atMost', maxMinor, precision });
  const minor = Number(whole + frac.padEnd(precision, '0'));
  if (!Number.isSafeInteger(minor)) return refuse({ reason: 'atMost', maxMinor, precision });
  if (minor === 0) return refuse({ reason: 'zero' });
  if (minor < minMinor || minor > maxMinor) {
    return refuse(
      rules.minMinor !== undefined || rules.maxMinor !== undefined
        ? { reason: 'range', minMinor, maxMinor, precision }
        : { reason: 'atMost', maxMinor, precision },
    );
  }
  return { ok: true, minor };
}

/** A refusal in English (the server's answers and the CLI). */
export function amountRefusalMessage(refusal: AmountRefusal): string {
  switch (refusal.reason) {
    case 'empty':
      return 'Enter an amount';
    case 'notNumber':
      return 'Enter an amount as a number';
    case 'negative':
      return 'The amount cannot be negative';
    case 'exponent':
      return 'Enter the amount in plain digits, without an exponent';
    case 'format':
      return 'Enter an amount in digits, e.g. 100 or 100.50';
    case 'zero':
      return 'The amount must be greater than zero';
    case 'decimals':
      return refusal.precision === 0
        ? 'Enter a whole amount, without decimals'
        : `Enter an amount with at most ${refusal.precision} decimal${refusal.precision === 1 ? '' : 's'}`;
    case 'atMost':
      return `The amount is at most ${formatMinor(refusal.maxMinor, refusal.precision)}`;
    case 'range':
      return `Enter an amount from ${formatMinor(refusal.minMinor, refusal.precision)} to ${formatMinor(refusal.maxMinor, refusal.precision)}`;
  }
}

/** `checkAmountInput` with the refusal in English words: the minor units, or a message a player can act on. */
export function parseAmount(input: unknown, rules: AmountRules): AmountParse {
  const res = checkAmountInput(input, rules);
  return res.ok ? res : { ok: false, message: amountRefusalMessage(res.refusal) };
}

/** An amount field on the wire: a JSON number or decimal text, checked by `parseAmount` with the live precision. */
export const AmountInputSchema = z.union([z.number(), z.string().max(40)]);

/**
 * Every kind of money movement (a closed set; the database refuses any other through the
 * `ledger_kind` table). Account records show these as their transaction types.
 */
export const LedgerKinds = {
  DEMO_CREDIT: 'Demo credit',
  FREE_PLAY_CREDIT: 'Free play credit',
  DEPOSIT: 'Deposit',
  WALLET_TRANSFER: 'Wallet transfer',
  UPLINE_TRANSFER: 'Transfer to upline',
  WITHDRAW_HOLD: 'Withdrawal request (held)',
  WITHDRAW_RELEASE: 'Withdrawal returned',
  WITHDRAW_PAYOUT: 'Withdrawal paid',
  BONUS_GRANT: 'Bonus',
  BONUS_RELEASE: 'Bonus released',
  BONUS_FORFEIT: 'Bonus forfeited',
  BET_STAKE: 'Bet',
  BET_PAYOUT: 'Winnings',
  BET_REFUND: 'Bet refund',
  ADJUSTMENT: 'Adjustment',
  /** The series rebate of lottery bets (decision 021), paid when they are settled. */
  REBATE: 'Rebate',
  /** An agent's differential on its team's settled bets, paid by the house (decision 028, migration 029). */
  AGENT_REBATE: 'Agent rebate',
  /** An agent's main wallet to a direct downline's (agent centre, issue 29). */
  DOWNLINE_TRANSFER: 'Transfer to downline',
  /** An agent's lucky bag: one debit of the agent, one credit per direct downline (issue 29). */
  LUCKY_BAG: 'Lucky bag',
  /** An agent's contract pay, one credit per (contract, period) from the house (decision 030, migration 038). */
  AGENT_DIVIDEND: 'Agent dividend',
  AGENT_DAILY_SALARY: 'Agent daily salary',
  AGENT_HOURLY_SALARY: 'Agent hourly salary',
  AGENT_REALTIME_SALARY: 'Agent real-time salary',
  /** Points (decision 033): movements of members' POINTS accounts, never money. */
  POINTS_EARN: 'Points earned',
  POINTS_REDEEM: 'Points redeemed',
  POINTS_DEPOSIT: 'Points earned on a deposit',
  /** The money a conversion of points pays from the house's cash (migration 050). */
  POINTS_CONVERT: 'Points converted',
  /** A referral reward: paid once to the member whose invited friend qualified (decision 043, migration 055). */
  REFERRAL_REWARD: 'Referral reward',
  /** A VIP level's reward, credited once the first time a member reaches it (decision 042). */
  VIP_REWARD: 'VIP level reward',
  /** A completed mission's reward, once per member and period (decision 042). */
  MISSION_REWARD: 'Mission reward',
  /** A raffle's prize, paid by its draw once per place (decision 053). */
  RAFFLE_PRIZE: 'Raffle prize',
} as const;
export type LedgerKind = keyof typeof LedgerKinds;
export const ledgerKindCodes = Object.keys(LedgerKinds) as LedgerKind[];
export function isLedgerKind(value: string): value is LedgerKind {
  return Object.hasOwn(LedgerKinds, value);
}

/**
 * A member's account types (`balance[].accountTypeId` of the wire). Vendor wallets come from the
 * `wallet_vendor` configuration with ids of 100 and above.
 */
export const AccountTypes = {
  MAIN: { id: 1, name: 'Main wallet' },
  BONUS: { id: 2, name: 'Bonus wallet' },
  /** Money held for withdrawal requests under review: not spendable, not part of sumBalance. */
  PENDING_WITHDRAWAL: { id: 3, name: 'Pending withdrawals' },
} as const;
export const VENDOR_ACCOUNT_TYPE_MIN = 100;

export const AccountBalanceSchema = z.object({
  accountTypeId: z.number().int(),
  /** MAIN, BONUS or the vendor wallet's code. */
  accountType: z.string(),
  name: z.string(),
  /** Major units, at most the currency's precision in decimals. */
  availBalance: z.number(),
});
export type AccountBalance = z.infer<typeof AccountBalanceSchema>;

export const BalanceSchema = z.object({
  /** The sum of the member's spendable wallets in major units (spec B §3). */
  sumBalance: z.number(),
  currency: z.string(),
  currencySymbol: z.string(),
  precision: z.number().int(),
  /** Main wallet, each vendor wallet (multi-wallet merchants) and the bonus wallet while it holds money. */
  balance: z.array(AccountBalanceSchema),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const getBalance = defineCall({
  id: 'getBalance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: 'WALLET',
  token: true,
  summary: "The member's balances from the ledger: sumBalance and each wallet's availBalance",
  response: BalanceSchema,
});

export const WalletDescriptorSchema = z.object({
  accountTypeId: z.number().int(),
  accountType: z.string(),
  name: z.string(),
});

export const MerchantWalletSchema = z.object({
  /** True: one wallet for everything; false: money is moved into each vendor's wallet (WD-06). */
  isSingle: z.boolean(),
  /** The wallets money can be moved between (main first); only the main wallet when single. */
  wallets: z.array(WalletDescriptorSchema),
});
export type MerchantWallet = z.infer<typeof MerchantWalletSchema>;

export const getMerchantWallet = defineCall({
  id: 'getMerchantWallet',
  method: 'GET',
  path: '/wps/relay/GCS_merchantWallet',
  moduleId: 'GCS',
  token: true,
  summary: 'Whether the merchant runs a single wallet, and the wallets a member can move money between',
  response: MerchantWalletSchema,
});

/** A client-chosen id of one submission: a retry with the same id changes nothing and answers the first result. */
export const IdempotencyKeySchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');

export const WalletTransferBodySchema = z.object({
  fromAccountTypeId: z.number().int(),
  toAccountTypeId: z.number().int(),
  amount: AmountInputSchema,
  idempotencyKey: IdempotencyKeySchema.optional(),
});

export const MoneyMovementSchema = z.object({
  transactionId: z.string(),
  /** The business reference shown in account records. */
  reference: z.string(),
  kind: z.string(),
  /** Major units. */
  amount: z.number(),
  createdAt: z.number().int(),
  /** True when this answer repeats an earlier request with the same idempotency key. */
  replayed: z.boolean(),
});
export type MoneyMovement = z.infer<typeof MoneyMovementSchema>;

export const walletTransfer = defineCall({
  id: 'walletTransfer',
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  moduleId: 'GCS',
  token: true,
  summary: 'Moves money between the main wallet and a vendor wallet (WD-05)',
  body: WalletTransferBodySchema,
  response: MoneyMovementSchema.extend({
    fromAccountTypeId: z.number().int(),
    toAccountTypeId: z.number().int(),
  }),
});

export const UplineTransferInfoSchema = z.object({
  allowed: z.boolean(),
  upline: z.object({ account: z.string(), nickname: z.string() }).nullable(),
  hasPaymentPassword: z.boolean(),
});

export const getUplineTransfer = defineCall({
  id: 'getUplineTransfer',
  method: 'GET',
  path: '/wps/wallet/transfer/upline',
  moduleId: 'WALLET',
  token: true,
  summary: 'Whether this member may transfer to the upline, and to whom',
  response: UplineTransferInfoSchema,
});

export const transferToUpline = defineCall({
  id: 'transferToUpline',
  method: 'POST',
  path: '/wps/wallet/transfer/upline',
  moduleId: 'WALLET',
  token: true,
  encrypted: true,
  summary: "Moves money from the member's main wallet to the upline's, with the payment password",
  body: z.object({
    amount: AmountInputSchema,
    paymentPassword: z.string().min(1).max(64),
    idempotencyKey: IdempotencyKeySchema.optional(),
  }),
  response: MoneyMovementSchema.extend({ upline: z.string() }),
});
