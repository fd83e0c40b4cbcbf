import { useEffect, useState } from 'react';
import { checkAffiliate } from '@app/contract';
import { call } from '../../shared/http/client.ts';

export type InvitationKind = 'affiliateCode' | 'referralCode';

/** The query parameters an invitation link carries: an agent's affiliate code or a friend's referral code. */
export const invitationParams: Record<InvitationKind, string> = {
  affiliateCode: 'affiliateCode',
  referralCode: 'referralCode',
};

/** Both kinds, in the order the register form shows them. */
export const invitationKinds: readonly InvitationKind[] = ['affiliateCode', 'referralCode'];

export function urlInvitationCodes(search: string): Partial<Record<InvitationKind, string>> {
  const params = new URLSearchParams(search);
  const out: Partial<Record<InvitationKind, string>> = {};
  for (const kind of invitationKinds) {
    const code = params.get(invitationParams[kind])?.trim();
    if (code) out[kind] = code.slice(0, 40);
  }
  return out;
}

/**
 * The affiliate check of spec B §7 (RG-32): `{code, domain}` against GET /wps/agent/affiliate;
 * valid only when the server knows the code for this domain and of the field's kind.
 */
export async function invitationValid(kind: InvitationKind, code: string, domain: string): Promise<boolean> {
  try {
    const found = await call(checkAffiliate, { query: { code, domain } });
    return found.kind === (kind === 'affiliateCode' ? 'AFFILIATE' : 'REFERRAL');
  } catch {
    return false;
  }
}

export type UrlCodeState = { code: string; status: 'checking' | 'valid' | 'invalid' };

/**
 * Codes in the page's URL, checked once on load (RG-12, RG-13): a valid one is used as it is and
 * its input hidden; an invalid one leaves the input shown, filled in for the player to correct.
 */
export function useUrlInvitations(
  search: string,
  domain: string,
): Partial<Record<InvitationKind, UrlCodeState>> {
  const [states, setStates] = useState<Partial<Record<InvitationKind, UrlCodeState>>>(() => {
    const codes = urlInvitationCodes(search);
    return Object.fromEntries(Object.entries(codes).map(([k, code]) => [k, { code, status: 'checking' }]));
  });
  useEffect(() => {
    let live = true;
    const codes = urlInvitationCodes(search);
    for (const kind of Object.keys(codes) as InvitationKind[]) {
      const code = codes[kind]!;
      void invitationValid(kind, code, domain).then((valid) => {
        if (live) setStates((s) => ({ ...s, [kind]: { code, status: valid ? 'valid' : 'invalid' } }));
      });
    }
    return () => {
      live = false;
    };
  }, [search, domain]);
  return states;
}
