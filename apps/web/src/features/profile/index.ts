import type { ComponentType } from 'react';
import { withProfileStrings } from './strings.ts';

/** The member's profile with the default bank account (the withdraw page preselects it). */
export { useMemberProfile } from './profile-query.ts';

/**
 * The banks and the binding of a bank account, for the withdraw page's first-account form: one
 * mutation for both pages, so a binding made there refreshes the profile's list and default too,
 * and one check of the new account's fields and one list of the banks to choose from.
 */
export { useAddBankAccount, useBanks } from './api.ts';
export { BankOptions } from './bank-options.tsx';
export { checkBankAccount } from './bank-rules.ts';

/**
 * The member-centre pages of this feature, by page key (a lazy chunk with its strings): the
 * security centre of `in_my_account` (MC-08), which also draws the member page `profile` (MC-09)
 * when the centre's page is `profile` (the frame highlights "My account" for both).
 */
export const profilePages: Record<string, () => Promise<{ default: ComponentType }>> = {
  securityCenter: () => withProfileStrings(import('./security-centre-page.tsx')),
};
