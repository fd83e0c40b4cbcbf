/** A maintenance window as the player reads it, in their language (ER-30). */
export function formatWindow(from: number | null, until: number | null, language: string): string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    fmt = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
  }
  if (from && until) return `${fmt.format(from)} – ${fmt.format(until)}`;
  if (until) return fmt.format(until);
  return from ? fmt.format(from) : '';
}
