import { beforeEach, describe, expect, it } from 'vitest';
import {
  affiliateCodeOf,
  landingInvitation,
  rememberLandingInvitation,
} from '../../shared/session/landing-invitation.ts';
import { urlInvitationCodes } from './invitation.ts';

describe('an agent registration link code, in each URL format (issue 29)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('reads ?affiliateCode= (SUFAFFCODE3), ?r= (SIMPLIFIEDURL3) and the first host label (default), with or without /register.html', () => {
    expect(affiliateCodeOf('?affiliateCode=ab12cd34', 'brand.com')).toEqual({
      code: 'ab12cd34',
      from: 'query',
    });
    expect(affiliateCodeOf('?r=ab12cd34', 'www.brand.com')).toEqual({ code: 'ab12cd34', from: 'query' });
    expect(affiliateCodeOf('', 'ab12cd34.brand.com')).toEqual({ code: 'ab12cd34', from: 'host' });
    expect(affiliateCodeOf('?affiliateCode=first&r=second', 'x.y.z')).toEqual({
      code: 'first',
      from: 'query',
    });
  });

  it('finds no code in www, a two-label host, localhost or an IP address', () => {
    for (const host of ['www.brand.com', 'brand.com', 'localhost', '127.0.0.1', '10.0.0.12', '[::1]']) {
      expect(affiliateCodeOf('', host), host).toBeNull();
    }
  });

  it('keeps the landing code for the visit, so a visitor who browses and registers later is still invited', () => {
    rememberLandingInvitation({ search: '?r=keepme12', hostname: 'brand.com' });
    expect(landingInvitation()).toEqual({ code: 'keepme12', from: 'query' });
    // Later, on a page with no code in its address, the register form still gets it.
    expect(urlInvitationCodes('', 'brand.com')).toEqual({
      affiliateCode: { code: 'keepme12', from: 'query' },
    });
    // A code in the address now wins over the kept one; a referral code comes only from the query.
    expect(urlInvitationCodes('?affiliateCode=newer123&referralCode=FRIEND', 'brand.com')).toEqual({
      affiliateCode: { code: 'newer123', from: 'query' },
      referralCode: { code: 'FRIEND', from: 'query' },
    });
  });

  it('keeps nothing from an address without a code, and ignores a damaged kept value', () => {
    rememberLandingInvitation({ search: '', hostname: 'www.brand.com' });
    expect(landingInvitation()).toBeNull();
    window.sessionStorage.setItem('landingAffiliateCode', '{not json');
    expect(landingInvitation()).toBeNull();
  });
});
