import { createTranslator, type TFunction } from '../shared/i18n/translator.ts';
import { patternMessages } from '@app/contract';
import accounts from '../locales/accounts/en.json';

/** An English `t` over the accounts catalogue and the pattern messages, as the dialogs see them. */
export async function accountsT(): Promise<TFunction> {
  const instance = createTranslator({
    language: 'en',
    resources: { en: { accounts, forms: patternMessages } },
    defaultNamespace: 'accounts',
    fallbackNamespaces: ['forms'],
  });
  return Promise.resolve(instance.t);
}
