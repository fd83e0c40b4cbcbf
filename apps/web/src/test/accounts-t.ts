import i18next, { type TFunction } from 'i18next';
import { patternMessages } from '@app/contract';
import accounts from '../locales/accounts/en.json';

/** An English `t` over the accounts catalogue and the pattern messages, as the dialogs see them. */
export async function accountsT(): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { accounts, forms: patternMessages } },
    ns: ['accounts', 'forms'],
    defaultNS: 'accounts',
    fallbackNS: ['forms'],
    interpolation: { escapeValue: false },
  });
  return instance.t;
}
