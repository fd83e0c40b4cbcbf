import type { updateLanguage } from '@app/contract';
import { callRef } from '../../shared/http/call-ref.ts';
import { call } from '../../shared/http/client.ts';
import { i18n } from '../../shared/i18n/i18n.ts';
import { readToken } from '../../shared/session/session.ts';

export const updateLanguageCall = callRef<typeof updateLanguage>({ id: 'updateLanguage', method: 'PUT', path: '/wps/member/language', wire: 'envelope', token: true, encrypted: false });

let registered = false;

/**
 * A language change by a logged-in player is stored on the server too (LN-04), so SMS and
 * e-mails reach them in it. Visitors only keep it in local storage (the shell does that).
 */
export function syncLanguageToServer(): void {
  if (registered) return;
  registered = true;
  i18n.on('languageChanged', (language: string) => {
    if (!readToken()) return;
    // The language is a preference: a refusal must not disturb the page.
    call(updateLanguageCall, { body: { language: language as never } }).catch(() => undefined);
  });
}
