import { test, expect } from './fixtures.ts';
import type { Page } from '@playwright/test';
import {
  browserStorageDump,
  createMember,
  freshIp,
  loginThroughPopup,
  openLogin,
  outboxCode,
  preparePage,
  secureApi,
  solveChallenge,
  uniqueName,
  withSwitch,
  type ChallengeBody,
} from './accounts-helpers.ts';

/**
 * Drags the slider's handle by `dx` pixels like a person: several steps over about half a second
 * of the page's clock (installed by the test), moved on by the test between the steps.
 */
async function drag(page: Page, dx: number): Promise<void> {
  // The picture's answer can arrive before the page has drawn it ready: a press before that is
  // ignored by the slider (seen on a loaded machine: the piece never moved).
  const track = page.getByTestId('challenge-track');
  await expect(track).toHaveAttribute('data-phase', 'ready');
  const handle = page.getByTestId('challenge-handle');
  // Under load a press right as the new picture is drawn was still lost now and then (CI, stop 47:
  // the piece stayed at 0 and nothing was sent): hovering waits for the handle to stand still and
  // take the pointer, and a press the slider did not take (the first step leaves the piece at 0) is
  // let go and made again, as a person would.
  for (let attempt = 1; ; attempt++) {
    await handle.hover();
    const box = (await handle.boundingBox())!;
    const y = box.y + box.height / 2;
    const x0 = box.x + box.width / 2;
    await page.mouse.move(x0, y);
    await page.mouse.down();
    await page.mouse.move(x0 + dx / 12, y);
    await page.clock.fastForward(40);
    const took = await expect(handle)
      .not.toHaveAttribute('aria-valuenow', '0', { timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (!took && attempt < 3) {
      await page.mouse.up();
      await expect(track).toHaveAttribute('data-phase', 'ready');
      continue;
    }
    for (let s = 2; s <= 12; s++) {
      await page.mouse.move(x0 + (dx * s) / 12, y);
      await page.clock.fastForward(40);
    }
    await page.mouse.up();
    return;
  }
}

test.describe('security', () => {
  test('SV-11 ER-07 too many failed logins from one caller lock it out for 5 minutes', async ({
    page,
    server,
  }) => {
    const ip = await preparePage(page);
    // 30 failures from one address (each for another name, so no captcha is asked) lock the address.
    for (let i = 0; i < 30; i++) {
      const res = await secureApi(
        server,
        '/wps/session/login',
        { username: uniqueName('nobody'), password: 'Wrong1234', type: 'username', captcha: '' },
        { ip },
      );
      expect(res.success).toBe(false);
    }
    await openLogin(page);
    const form = page.getByTestId('login-form');
    await form.getByLabel('Username').fill('demo');
    await form.getByLabel('Password', { exact: true }).fill('Demo1234');
    await form.getByTestId('login-submit').click();
    await expect(
      form.getByRole('alert').filter({ hasText: 'Too many requests, try again after 5 minutes' }),
    ).toBeVisible();
    await expect(page.getByTestId('member-bar-content')).toHaveCount(0);
  });

  test('SV-12 SV-13 SV-14 a login from a new IP asks for a second factor: bank name refused, e-mail code from the outbox accepted', async ({
    page,
    server,
  }) => {
    const username = uniqueName('tfa');
    const email = `${username}@example.com`;
    await createMember(server, username, 'TwoFactor1', {
      email,
      payeeName: 'Anna Tester',
      mobileNum: '8' + String(Date.now()).slice(-8),
      countryDialingCode: '66',
    });
    // The first login is from the member's usual address.
    const home = freshIp();
    const first = await secureApi(
      server,
      '/wps/session/login',
      { username, password: 'TwoFactor1', type: 'username', captcha: '' },
      { ip: home },
    );
    expect(first.success).toBe(true);
    await withSwitch(server, 'LOGINIPVERF3', true, async () => {
      await preparePage(page);
      await openLogin(page);
      const form = page.getByTestId('login-form');
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Password', { exact: true }).fill('TwoFactor1');
      const login = page.waitForResponse((r) => r.url().endsWith('/wps/session/login'));
      await form.getByTestId('login-submit').click();
      const refused = await (await login).json();
      expect(refused).toMatchObject({ success: false, errorCode: 'login_verify_required' });
      const step = page.getByTestId('second-factor');
      await expect(step.getByRole('tab', { name: 'SMS code' })).toBeVisible();
      await expect(step.getByRole('tab', { name: 'E-mail code' })).toBeVisible();
      await expect(step.getByRole('tab', { name: 'Bank account name' })).toBeVisible();
      await step.getByRole('tab', { name: 'Bank account name' }).click();
      await step.getByLabel('Bank account name').fill('Somebody Else');
      await step.getByRole('button', { name: 'Verify and log in' }).click();
      await expect(
        step.getByRole('alert').filter({ hasText: 'The bank account name does not match' }),
      ).toBeVisible();
      await step.getByRole('tab', { name: 'E-mail code' }).click();
      await step.getByTestId('verify-send').click();
      await expect(step.getByTestId('verify-send')).toHaveText(/Code sent \(\d+\)/);
      await step.getByLabel('Verification code').fill(await outboxCode(server, email));
      await step.getByRole('button', { name: 'Verify and log in' }).click();
      await expect(page.getByTestId('member-bar-content')).toBeVisible();
    });
  });

  test('LG-06 LG-07 SA-07 SA-08 SA-11 SA-12 free play logs in a trial player who is refused the member centre with in_need_true_account', async ({
    page,
  }) => {
    await preparePage(page);
    await page.goto('/promotions');
    await page.getByRole('button', { name: 'Log in', exact: true }).first().click();
    const freePlay = page.waitForRequest((r) => r.url().endsWith('/wps/session/login/freeplay'));
    await page.getByTestId('free-play').click();
    expect(Object.keys((await freePlay).postDataJSON() as object)).toEqual(['value']);
    const bar = page.getByTestId('member-bar-content');
    await expect(bar).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(bar).toContainText('Trial');
    await expect(page.getByTestId('balance-amount')).toHaveText('$2,000.00');
    expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe('4');
    await page.getByTestId('deposit-button').click();
    const warning = page.getByRole('dialog').filter({ hasText: 'This feature needs a real account' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Confirm' }).click();
    await expect(warning).toHaveCount(0);
    await expect(page.getByTestId('member-centre')).toHaveCount(0);
  });

  test("SA-06 a visitor's gated action opens the login popup instead", async ({ page }) => {
    await preparePage(page);
    await page.goto('/');
    await page.getByTestId('side-messages').click();
    await expect(page.getByTestId('login-popup')).toBeVisible();
    await expect(page.getByTestId('member-centre')).toHaveCount(0);
  });

  test('SA-14 SA-15 ER-26 logout asks, shows a loader, ends the session on the server and goes home; the old token is refused', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await loginThroughPopup(page, 'demo', 'Demo1234');
    await page.goto('/promotions');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByTestId('logout-button').click();
    const confirm = page.getByTestId('logout-confirm');
    await expect(confirm).toContainText('Log out?');
    let release: () => void = () => undefined;
    await page.route('**/wps/session/logout', async (route) => {
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    const logout = page.waitForRequest((r) => r.url().endsWith('/wps/session/logout'));
    await confirm.getByTestId('alert-confirm').click();
    expect((await logout).method()).toBe('POST');
    // The loader while the server answers.
    await expect(confirm.getByTestId('alert-confirm')).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const refused = await fetch(`${server.url}/wps/member/info`, {
      headers: { Merchant: 'SEA888', Authorization: token! },
    });
    expect(refused.status).toBe(401);
    expect((await refused.json()).errorCode).toBe('user.or.token.invalid');
  });

  test('ER-26 a token the server ended clears the session, goes home and asks to log in again', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await loginThroughPopup(page, 'agent2', 'Agent1234');
    await page.goto('/promotions');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    await fetch(`${server.url}/wps/session/logout`, {
      method: 'POST',
      headers: { Merchant: 'SEA888', Authorization: token! },
    });
    // The page's next call with the dead token (a balance refresh, a poll) finds out.
    await page
      .getByRole('button', { name: 'Refresh balance' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/$/);
    const popup = page.getByTestId('login-popup');
    await expect(popup).toContainText('You are not logged in, please login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
  });

  test('ER-27 a non-playing account is refused on the member side', async ({ page }) => {
    await preparePage(page);
    await openLogin(page);
    const form = page.getByTestId('login-form');
    await form.getByLabel('Username').fill('nonplay');
    await form.getByLabel('Password', { exact: true }).fill('Nonplay1234');
    await form.getByTestId('login-submit').click();
    await expect(
      form.getByRole('alert').filter({ hasText: 'Non-member account unable to login' }),
    ).toBeVisible();
  });

  test('LG-13 ER-23 ER-24 ER-25 with GEETEST3 the slider challenge comes before the login; a miss is told, closing it stops, a pass logs in', async ({
    page,
    server,
  }) => {
    // Three challenges, each solved by scanning its picture, and three slow drags: on a slow
    // 2-core machine running the rest of the suite beside it, this took 47-53 s of the default 45.
    test.slow();
    await preparePage(page);
    await page.clock.install();
    const username = uniqueName('sld');
    await createMember(server, username, 'Slider1234');
    await withSwitch(server, 'GEETEST3', true, async () => {
      await openLogin(page);
      const form = page.getByTestId('login-form');
      await form.getByLabel('Username').fill(username);
      await form.getByLabel('Password', { exact: true }).fill('Slider1234');
      let logins = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/wps/session/login')) logins++;
      });
      let challenge = page.waitForResponse((r) => r.url().includes('/wps/verification/challenge?'));
      await form.getByTestId('login-submit').click();
      await challenge;
      await expect(page.getByTestId('slider-challenge')).toBeVisible();
      // Closing it: no login call, "please complete verification first".
      await page
        .getByRole('dialog', { name: 'Security check' })
        .getByRole('button', { name: 'Close' })
        .click();
      await expect(
        form.getByRole('alert').filter({ hasText: 'Please complete verification first' }),
      ).toBeVisible();
      expect(logins).toBe(0);

      challenge = page.waitForResponse((r) => r.url().includes('/wps/verification/challenge?'));
      await form.getByTestId('login-submit').click();
      let body = (await (await challenge).json()).value as ChallengeBody;
      const answer = await solveChallenge(body);
      // A drop far from the hole is refused, and a new picture comes.
      challenge = page.waitForResponse((r) => r.url().includes('/wps/verification/challenge?'));
      await drag(page, answer > 120 ? answer - 80 : answer + 80);
      await expect(page.getByTestId('slider-challenge')).toContainText(
        'Please pass the image verification correctly',
      );
      body = (await (await challenge).json()).value as ChallengeBody;
      await drag(page, await solveChallenge(body));
      await expect(page.getByTestId('slider-challenge')).toContainText('Verification succeeded');
      await expect(page.getByTestId('member-bar-content')).toBeVisible();
      expect(logins).toBe(1);
    });
  });

  test('LG-28 SA-01 nothing the browser keeps holds a password, after register, login and remember me', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    const username = uniqueName('nopw');
    await createMember(server, username, 'Hidden9876');
    await openLogin(page);
    const form = page.getByTestId('login-form');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('Hidden9876');
    await form.getByLabel('Remember me for 1 day').check();
    await form.getByTestId('login-submit').click();
    await expect(page.getByTestId('member-bar-content')).toBeVisible();
    const dump = await browserStorageDump(page);
    expect(dump).toContain(username);
    expect(dump).not.toContain('Hidden9876');
    expect(Object.keys(await page.evaluate(() => ({ ...sessionStorage })))).toEqual(
      expect.arrayContaining(['token', 'isAgent']),
    );
  });
});
