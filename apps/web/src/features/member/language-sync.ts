import { call } from '../../shared/http/client.ts';
import { updateLanguageRef } from '../../shared/http/call-refs/member.ts';

export { updateLanguageRef as updateLanguageCall };

/**
 * Stores a logged-in player's new language on the server (LN-04), so SMS and e-mails reach them in
 * it. The language is a preference: a refusal must not disturb the page.
 */
export function updateServerLanguage(language: string): void {
  call(updateLanguageRef, { body: { language } }).catch(() => undefined);
}
