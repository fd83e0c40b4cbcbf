/**
 * The withdrawal limits (DESIGN.md D10: values the spec does not give are configuration with
 * documented defaults). Read from the environment once at start; README "Configuration" lists
 * them. Amounts are major units in the environment and minor units here.
 */
export interface WithdrawPolicy {
  /** Smallest and largest request, minor units. */
  minMinor: number;
  maxMinor: number;
  /** Requests a member may make per day (rejected and cancelled ones do not count). */
  dailyCount: number;
  /** IANA time zone whose midnight starts the day of `dailyCount`. */
  timeZone: string;
  /** Minutes after payout before an unanswered payout counts as received (WD-10; D10 default 30). */
  autoConfirmMinutes: number;
  /** Bank accounts a member may keep bound at once. */
  maxBankAccounts: number;
}

export const defaultWithdrawPolicy = (precision: number): WithdrawPolicy => ({
  minMinor: 10 * 10 ** precision,
  maxMinor: 50_000 * 10 ** precision,
  dailyCount: 5,
  timeZone: 'UTC',
  autoConfirmMinutes: 30,
  maxBankAccounts: 5,
});

function positive(name: string, raw: string | undefined, fallback: number, integer: boolean): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n)))
    throw new Error(`${name} must be a positive ${integer ? 'whole ' : ''}number, got "${raw}"`);
  return n;
}

/**
 * WITHDRAW_MIN and WITHDRAW_MAX (major units, default 10 and 50000), WITHDRAW_DAILY_COUNT (5),
 * WITHDRAW_TIME_ZONE (UTC), WITHDRAW_AUTO_CONFIRM_MINUTES (30), BANK_ACCOUNTS_MAX (5).
 */
export function withdrawPolicyFromEnv(
  precision: number,
  env: NodeJS.ProcessEnv = process.env,
): WithdrawPolicy {
  const d = defaultWithdrawPolicy(precision);
  const scale = 10 ** precision;
  const minMinor = Math.round(positive('WITHDRAW_MIN', env.WITHDRAW_MIN, d.minMinor / scale, false) * scale);
  const maxMinor = Math.round(positive('WITHDRAW_MAX', env.WITHDRAW_MAX, d.maxMinor / scale, false) * scale);
  if (maxMinor < minMinor) throw new Error('WITHDRAW_MAX must not be below WITHDRAW_MIN');
  const timeZone = env.WITHDRAW_TIME_ZONE?.trim() || d.timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`WITHDRAW_TIME_ZONE must be an IANA time zone such as Asia/Bangkok, got "${timeZone}"`);
  }
  return {
    minMinor,
    maxMinor,
    dailyCount: positive('WITHDRAW_DAILY_COUNT', env.WITHDRAW_DAILY_COUNT, d.dailyCount, true),
    timeZone,
    autoConfirmMinutes: positive(
      'WITHDRAW_AUTO_CONFIRM_MINUTES',
      env.WITHDRAW_AUTO_CONFIRM_MINUTES,
      d.autoConfirmMinutes,
      true,
    ),
    maxBankAccounts: positive('BANK_ACCOUNTS_MAX', env.BANK_ACCOUNTS_MAX, d.maxBankAccounts, true),
  };
}

/** The start of the calendar day that contains `now` in `timeZone`. */
export function startOfDay(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  // The wall-clock time there, read as if it were UTC, minus the real instant: the zone's offset.
  const wallAsUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  const offset = wallAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day')) - offset);
}
