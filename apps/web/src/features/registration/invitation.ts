import { useEffect, useState } from 'react';
import { checkAffiliate } from '@app/contract';
import { call } from '../../shared/http/client.ts';
import { affiliateCodeOf, landingInvitation } from '../../shared/session/landing-invitation.ts';

export type InvitationKind = 'affiliateCode' | 'referralCode';

/** The query parameters an invitation link carries: an agent's affiliate code or a friend's referral code. */
export const invitationParams: Record<InvitationKind, string> = {
  affiliateCode: 'affiliateCode',
  referralCode: 'referralCode',
};

/** Both kinds, in the order the register form shows them. */
export const invitationKinds: readonly InvitationKind[] = ['affiliateCode', 'referralCode'];

/**
 * The codes the visit came with: a referral code in `?referralCode=`, an agent's affiliate code in
 * any format of its registration link (`?affiliateCode=`, `?r=`, the host's first label), from the
 * address now or, after browsing, the one the visitor landed on (landing-invitation.ts).
 */
export function urlInvitationCodes(
  search: string,
  hostname = '',
): Partial<Record<InvitationKind, { code: string; from: 'query' | 'host' }>> {
  const params = new URLSearchParams(search);
  const out: Partial<Record<InvitationKind, { code: string; from: 'query' | 'host' }>> = {};
  const referral = params.get(invitationParams.referralCode)?.trim();
  const affiliate = affiliateCodeOf(search, hostname) ?? landingInvitation();
  if (affiliate) out.affiliateCode = affiliate;
  if (referral) out.referralCode = { code: referral.slice(0, 40), from: 'query' };
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
    const codes = urlInvitationCodes(search, domain);
    return Object.fromEntries(
      Object.entries(codes).map(([k, found]) => [k, { code: found.code, status: 'checking' }]),
    );
  });
  useEffect(() => {
    let live = true;
    const codes = urlInvitationCodes(search, domain);
    for (const kind of Object.keys(codes) as InvitationKind[]) {
      const { code, from } = codes[kind]!;
      void invitationValid(kind, code, domain).then((valid) => {
        if (!live) return;
        setStates((s) => {
          // A host label that is no code (a brand's own sub-domain) is not the visitor's to correct.
          if (!valid && from === 'host') {
            const { [kind]: _dropped, ...rest } = s;
            return rest;
          }
          return { ...s, [kind]: { code, status: valid ? 'valid' : 'invalid' } };
        });
      });
    }
    return () => {
      live = false;
    };
  }, [search, domain]);
  return states;
}
