import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls, backoffice } from '@app/contract';
import { createTestApp, testDbKind, type TestApp } from '../../test/test-app.ts';
import { loginToken } from '../session/accounts-test-kit.ts';
import { callerIp, createSignedIn, type SignedIn } from './backoffice-test-kit.ts';

/**
 * The permission matrix (issue 31): every back-office call of the contract, with no token, a
 * player's token, a session short of its second factor, and a signed-in member of each role, is
 * refused exactly when the call's access says so, before anything else of the request is looked
 * at; and a staff token opens no player call.
 */
const { backofficeCalls, staffRoles, can, BackofficeErrors: E } = backoffice;

let t: TestApp;
let memberToken: string;
const staffByRole = new Map<backoffice.StaffRole, SignedIn>();
let pending: string;

beforeAll(async () => {
  t = await createTestApp({ configOverrides: { trustProxy: true } });
  memberToken = await loginToken(t, 'demo', 'Demo1234', callerIp());
  for (const role of staffRoles) staffByRole.set(role, await createSignedIn(t, `matrix-${role}`, role));
  // A session that passed the password but not the authenticator.
  const { password } = await t.app.ctx.staff.create(
    { kind: 'cli', id: null, name: 'test', ip: null },
    { username: 'matrix-pending', displayName: 'Pending', role: 'admin' },
  );
  const login = await t.call({
    method: 'POST',
    url: '/bo/api/session/login',
    headers: callerIp(),
    payload: { username: 'matrix-pending', password },
  });
  pending = login.json().value.token;
}, 120_000);
afterAll(async () => t?.close());

// Logout ends the session it is called with: it runs last, on sessions of its own.
const calls = [...backofficeCalls].sort((a, b) => Number(a.id === 'boLogout') - Number(b.id === 'boLogout'));

function send(call: backoffice.BoCallDef, token: string | undefined) {
  return t.call({
    method: call.method,
    url: call.path,
    headers: callerIp(),
    ...(token ? { token } : {}),
    // An empty body: a call that passes the checks answers 422 for it, never 401 or 403.
    ...(call.method === 'GET' ? {} : { payload: {} }),
  });
}

describe(`back-office permission matrix (${testDbKind})`, () => {
  it('the contract declares the calls, each with its access', () => {
    expect(backofficeCalls.length).toBeGreaterThanOrEqual(10);
    for (const call of backofficeCalls) {
      expect(call.path.startsWith('/bo/api/'), call.id).toBe(true);
      expect(call.wire).toBe('envelope');
      // None is a player's call: they are not in the player's registry.
      expect(allCalls.some((c) => c.id === call.id || c.path === call.path)).toBe(false);
    }
  });

  it('no token and a player token are refused on every call but the public one', async () => {
    for (const call of calls.filter((c) => c.access !== 'public')) {
      const none = await send(call, undefined);
      expect(none.statusCode, `${call.id} without a token: ${none.body}`).toBe(401);
      expect(none.json().errorCode).toBe(E.boNotSignedIn.code);
      const member = await send(call, memberToken);
      expect(member.statusCode, `${call.id} with a player token: ${member.body}`).toBe(401);
      expect(member.json().errorCode).toBe(E.boSessionEnded.code);
    }
  });

  it('a session short of its second factor opens only the second-factor step and logout', async () => {
    for (const call of calls.filter((c) => c.access !== 'public' && c.id !== 'boLogout')) {
      const res = await send(call, pending);
      if (call.access === 'second-factor') {
        expect([401, 403], `${call.id}: ${res.body}`).not.toContain(res.statusCode);
        expect(res.statusCode, `${call.id}: ${res.body}`).toBe(422);
      } else {
        expect(res.statusCode, `${call.id}: ${res.body}`).toBe(401);
        expect(res.json().errorCode).toBe(E.boSecondFactorRequired.code);
      }
    }
  });

  it('each role reaches exactly the calls its permissions allow', async () => {
    const matrix: string[] = [];
    for (const call of calls.filter((c) => c.access !== 'public' && c.id !== 'boLogout')) {
      for (const role of staffRoles) {
        const res = await send(call, staffByRole.get(role)!.token);
        const access = call.access;
        const expected =
          access === 'second-factor'
            ? E.boSecondFactorDone
            : access === 'staff' || access === 'session' || can(role, access as backoffice.StaffPermission)
              ? null
              : E.boPermissionDenied;
        if (expected) {
          expect(res.statusCode, `${call.id} as ${role}: ${res.body}`).toBe(expected.status);
          expect(res.json().errorCode).toBe(expected.code);
        } else {
          expect([401, 403, 409, 500], `${call.id} as ${role}: ${res.body}`).not.toContain(res.statusCode);
        }
        matrix.push(`${call.id} ${role} ${expected ? 'refused' : 'allowed'}`);
      }
    }
    // The rows the roles table promises, spelled out.
    expect(matrix).toContain('boStaffCreate admin allowed');
    expect(matrix).toContain('boStaffCreate finance refused');
    expect(matrix).toContain('boAuditList risk allowed');
    expect(matrix).toContain('boAuditVerify support refused');
    expect(matrix).toContain('boMe read-only allowed');
    // The Lottery section (decision 034): reads are reports, results are the admin's.
    expect(matrix).toContain('boLotteryLiability read-only allowed');
    expect(matrix).toContain('boLotteryNumeros support refused');
    expect(matrix).toContain('boLotteryPreview finance refused');
    expect(matrix).toContain('boLotteryResult admin allowed');
    expect(matrix).toContain('boLotteryVoid risk refused');
    expect(matrix).toContain('boReport read-only allowed');
    expect(matrix).toContain('boReport risk allowed');
    expect(matrix).toContain('boReport support refused');
    expect(matrix).toContain('boReport content refused');
    // The Games and Site sections (decision 035): content runs the games, only admin the site.
    expect(matrix).toContain('boGameVendorEnable content allowed');
    expect(matrix).toContain('boGames support refused');
    expect(matrix).toContain('boSiteMaintenance admin allowed');
    expect(matrix).toContain('boSiteMaintenance content refused');
    expect(matrix).toContain('boSiteSwitch finance refused');
    expect(matrix).toContain('boAgentTree read-only allowed');
    expect(matrix).toContain('boAgentTree support refused');
    expect(matrix).toContain('boAgentRerun finance allowed');
    expect(matrix).toContain('boAgentRerun risk refused');
    expect(matrix).toContain('boAgentRerunPreview read-only refused');
    expect(matrix).toContain('boContentNoticeCreate content allowed');
    expect(matrix).toContain('boContentBannerPublish admin allowed');
    expect(matrix).toContain('boContentImageUpload finance refused');
    expect(matrix).toContain('boContentHelpUpdate support refused');
    expect(matrix).toContain('boContentPreview read-only refused');
    // The engagement desks (decision 051): rules are content's, requests the redeem desk's, feedback support's.
    expect(matrix).toContain('boPromotionRuleEnable content allowed');
    expect(matrix).toContain('boPromotionRuleEnable finance refused');
    expect(matrix).toContain('boPromotionRequestPicture finance allowed');
    expect(matrix).toContain('boPromotionRequestPicture support refused');
    expect(matrix).toContain('boReferralSave content allowed');
    expect(matrix).toContain('boReferralSave support refused');
    expect(matrix).toContain('boReferral read-only refused');
    expect(matrix).toContain('boFeedbackList support allowed');
    expect(matrix).toContain('boFeedbackHandle support allowed');
    expect(matrix).toContain('boFeedbackHandle finance refused');
    expect(matrix).toContain('boFeedbackImage read-only refused');
    // A player's bonuses (decision 041): read by every player reader, forfeited by the money desk.
    expect(matrix).toContain('boPlayerBonuses read-only allowed');
    expect(matrix).toContain('boPlayerBonusForfeit finance allowed');
    expect(matrix).toContain('boPlayerBonusForfeit support refused');
    expect(matrix).toContain('boPlayerBonusForfeit risk refused');
    // Registration fields and customer-service links (decision 052): brand.edit, the admin's.
    expect(matrix).toContain('boSiteRegisterFieldsSet admin allowed');
    expect(matrix).toContain('boSiteRegisterFieldsSet content refused');
    expect(matrix).toContain('boSiteServiceLinksSet finance refused');
    expect(matrix).toContain('boSiteServiceLinks support refused');
  });

  it('logout takes any live session, pending or signed in, and nothing else', async () => {
    const logout = calls.find((c) => c.id === 'boLogout')!;
    for (const token of [pending, staffByRole.get('read-only')!.token]) {
      const res = await send(logout, token);
      expect(res.statusCode, res.body).toBe(200);
      const again = await send(logout, token);
      expect(again.statusCode).toBe(401);
      expect(again.json().errorCode).toBe(E.boSessionEnded.code);
    }
  });

  it('a staff token opens no player call', async () => {
    const staffToken = staffByRole.get('admin')!.token;
    const guarded = allCalls.filter((c) => c.token);
    expect(guarded.length).toBeGreaterThan(5);
    for (const call of guarded) {
      const res = await t.call({
        method: call.method,
        url: call.path,
        headers: callerIp(),
        token: staffToken,
        ...(call.method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${call.method} ${call.path}: ${res.body}`).toBe(401);
    }
  });
});
