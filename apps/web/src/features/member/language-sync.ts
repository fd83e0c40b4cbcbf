import type { updateLanguage } from '@app/contract';
import { callRef } from '../../shared/http/call-ref.ts';
import { call } from '../../shared/http/client.ts';

export const updateLanguageCall = callRef<typeof updateLanguage>({
  id: 'updateLanguage',
  method: 'PUT',
  path: '/wps/member/language',
  wire: 'envelope',
  token: true,
  encrypted: false,
});

/**
 * Stores a logged-in player's new language on the server (LN-04), so SMS and e-mails reach them in
 * it. The language is a preference: a refusal must not disturb the page.
 */
export function updateServerLanguage(language: string): void {
  call(updateLanguageCall, { body: { language } }).catch(() => undefined);
}
