import { PlayerErrors, ResponsibleErrors } from '@app/contract';
import type { TFunction } from '../i18n/translator.ts';
import { isApiError } from '../http/api-error.ts';

/** `wrongCredentials` → `error_wrong_credentials`: the catalogue key of a contract error. */
export function errorKeyOf(name: string): string {
  return `error_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

/** The errors a player meets in the forms, each with a translated sentence (the contract's order). */
const catalogue: { key: string; code: string; message: string }[] = Object.entries({
  ...PlayerErrors,
  // Responsible gambling's refusals (decision 039): met on the deposit, betting and login pages.
  ...ResponsibleErrors,
}).map(([name, { code, message }]) => ({ key: errorKeyOf(name), code, message }));

/**
 * The catalogue key of a server error (spec B §8). Several messages share one code (three kinds of
 * TOO_MANY_REQUESTS), so an exact code-and-message match wins over a code match.
 */
export function errorKeyFor(errorCode: string, message?: string): string | null {
  const exact = catalogue.find((e) => e.code === errorCode && e.message === message);
  if (exact) return exact.key;
  return catalogue.find((e) => e.code === errorCode)?.key ?? null;
}

/**
 * What to tell the player about a failed call: the translated catalogue text for a known code,
 * the server's own message otherwise (it is always a readable sentence), and the client's network
 * text for a call that never got an answer.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('error_system');
  const key = errorKeyFor(error.errorCode, error.message);
  if (key) {
    const text = t(key, { defaultValue: '' });
    if (text) {
      // A server message that adds detail after the catalogue sentence ("…: 6-16 characters") keeps it.
      const known = catalogue.find((e) => e.key === key)!.message;
      const detail = error.message.startsWith(`${known}: `) ? error.message.slice(known.length + 2) : '';
      return detail ? `${text}: ${detail}` : text;
    }
  }
  return error.message || t('error_system');
}

/** True when a failed login answer asks for the image captcha (`value.captcha`, DESIGN.md §2). */
export function wantsCaptcha(error: unknown): boolean {
  return (
    isApiError(error) &&
    typeof error.value === 'object' &&
    error.value !== null &&
    (error.value as { captcha?: unknown }).captcha === true
  );
}
