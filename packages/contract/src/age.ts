/**
 * The age rule (RG-34, RG-35, decision 045): a brand's minimum age is 18 unless its config says
 * otherwise (21 in some markets). One rule for the register form, the profile page, the server's
 * registration and profile, and a social provider's birthdate claim.
 */

/** The minimum age when the brand config sets none. */
export const DEFAULT_MINIMUM_AGE = 18;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The age in whole years on `today` (UTC calendar date) of someone born on `birthday` (YYYY-MM-DD),
 * or null when it is not a real date. The birthday itself counts: born 2008-05-10, one is 18 from
 * 2026-05-10 on. Someone born on 29 February turns a year older on 1 March in common years.
 */
export function ageOn(birthday: string, today: Date = new Date()): number | null {
  const m = ISO_DATE.exec(birthday);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  const ty = today.getUTCFullYear();
  const tm = today.getUTCMonth();
  const td = today.getUTCDate();
  const passed = tm > mo - 1 || (tm === mo - 1 && td >= d);
  return ty - y - (passed ? 0 : 1);
}

/** Whether someone born on `birthday` is at least `minimumAge` on `today` (false for a non-date). */
export function isOfAge(birthday: string, minimumAge: number, today: Date = new Date()): boolean {
  const age = ageOn(birthday, today);
  return age !== null && age >= minimumAge;
}

/** The latest birthday (YYYY-MM-DD) of someone of age on `today`: the date input's `max`. */
export function latestBirthdayOfAge(minimumAge: number, today: Date = new Date()): string {
  const y = today.getUTCFullYear() - minimumAge;
  const mo = today.getUTCMonth();
  let d = today.getUTCDate();
  // 29 February today, in a common year minimumAge years ago: the 28th is the last day of age.
  while (new Date(Date.UTC(y, mo, d)).getUTCMonth() !== mo) d--;
  return `${String(y).padStart(4, '0')}-${String(mo + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
