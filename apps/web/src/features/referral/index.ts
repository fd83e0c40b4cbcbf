import type { ComponentType } from 'react';
import { loadPagesNamespace } from '../../shared/i18n/i18n.ts';

/**
 * Invite friends (issue 32, decision 043): the member-centre page `referral` (the member's code,
 * link and QR, the programme's terms, the friends and their status), a lazy chunk with the `pages`
 * strings. The centre lists it only while the referral switch is on.
 */
export const referralPages: Record<string, () => Promise<{ default: ComponentType }>> = {
  referral: () =>
    Promise.all([import('./referral-page.tsx'), loadPagesNamespace()]).then(([m]) => ({
      default: m.ReferralPage,
    })),
};
