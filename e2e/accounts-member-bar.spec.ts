import { test, expect } from './fixtures.ts';
import { loginThroughPopup, preparePage, withSwitch } from './accounts-helpers.ts';

test.describe('member bar', () => {
  test('MB-01 MB-03 MB-04 MB-05 MB-06 MB-07 MB-08 MB-09 MB-10 SA-13 the bar: menu, balance with 2 decimals and the eye, deposit, messages with unread count, invite, logout', async ({
    page,
  }) => {
    await preparePage(page);
    await page.goto('/');
    await expect(page.getByTestId('balance')).toHaveCount(0);
    const balanceCall = page.waitForResponse((r) => r.url().endsWith('/wps/v2/wallets/balance'));
    const infoCall = page.waitForResponse((r) => r.url().endsWith('/wps/member/info'));
    await loginThroughPopup(page, 'demo', 'Demo1234');
    const balance = await (await balanceCall).json();
    expect(balance.value.sumBalance).toBeGreaterThan(0);
    const info = (await (await infoCall).json()).value;
    expect(Object.keys(info)).toEqual(
      expect.arrayContaining([
        'id',
        'account',
        'nickname',
        'type',
        'toUpline',
        'clubLabel',
        'memberLabel',
        'avatar',
        'avatarType',
      ]),
    );
    expect(info.clubLabel).toEqual(
      expect.objectContaining({ labelName: expect.any(String), rankLevel: expect.any(Number) }),
    );
    const amount = page.getByTestId('balance-amount');
    await expect(amount).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(amount).toHaveText('$8,888.00');
    await page.getByTestId('balance-eye').click();
    await expect(amount).toHaveText('***');
    await page.getByTestId('balance-eye').click();
    await expect(amount).toHaveText('$8,888.00');
    await expect(page.getByTestId('deposit-button')).toBeVisible();
    await expect(page.getByTestId('unread-badge')).toHaveText('2');
    await expect(page.getByTestId('invite-button')).toBeVisible();
    await expect(page.getByTestId('logout-button')).toBeVisible();
    await page.getByTestId('member-menu-button').click();
    const menu = page.getByTestId('member-menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'My account',
      'Withdraw',
      'Invite friends',
      'Reward centre',
      'Betting record',
      'Account record',
      'Log out',
    ]);
    await menu.getByRole('menuitem', { name: 'Withdraw' }).click();
    const centre = page.getByTestId('member-centre');
    await expect(centre.locator('[aria-current="page"]')).toHaveAttribute('data-page', 'withdraw');
    await page.getByRole('dialog', { name: 'Member centre' }).getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('messages-button').click();
    await expect(centre.locator('[aria-current="page"]')).toHaveAttribute('data-page', 'messageV2');
  });

  test('MB-02 MB-05 invite friends leaves the menu and the bar when the referral promotion is off', async ({
    page,
    server,
  }) => {
    await preparePage(page);
    await withSwitch(server, 'REFERRAL3', false, async () => {
      await loginThroughPopup(page, 'demo', 'Demo1234');
      await page.getByTestId('member-menu-button').click();
      await expect(
        page.getByTestId('member-menu').getByRole('menuitem', { name: 'Invite friends' }),
      ).toHaveCount(0);
      await expect(page.getByTestId('invite-button')).toHaveCount(0);
    });
  });

  test('SA-13 the balance is not shown on game pages', async ({ page }) => {
    await preparePage(page);
    await loginThroughPopup(page, 'demo', 'Demo1234');
    await page.goto('/seamless');
    await expect(page.getByTestId('member-bar-content')).toBeVisible();
    await expect(page.getByTestId('balance')).toHaveCount(0);
  });

  test('SA-05 SA-10 SA-12 MB-13 BC-07 every account type gets the bar; agents 1, 2, 41, 42 open the account centre and their consolidated settings are cached', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await preparePage(page);
    for (const [username, type] of [
      ['agent1', '1'],
      ['agent2', '2'],
      ['agentonly41', '41'],
      ['agentonly42', '42'],
    ] as const) {
      await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
      // The body read as soon as the answer comes: the page may navigate after the login, and a
      // response navigated away from has no body left to read.
      const consolidated = page
        .waitForResponse((r) => r.url().endsWith('/wps/member/info/funds/consolidated'))
        .then((r) => r.json());
      await loginThroughPopup(page, username, 'Agent1234');
      expect(await page.evaluate(() => sessionStorage.getItem('isAgent'))).toBe(type);
      const body = await consolidated;
      // The request keys always; the info keys of the contracts an agent holds beside them (issue 30).
      expect(
        Object.keys(body.value)
          .filter((key) => !key.endsWith('info') && !key.endsWith('infotype'))
          .sort(),
      ).toEqual([
        'contracthoursalreq',
        'dailysalreqtype',
        'divtypecompperiodreq',
        'divtypereq',
        'realtimesalreqtype',
      ]);
      await page.getByTestId('member-menu-button').click();
      await page.getByTestId('member-menu').getByRole('menuitem', { name: 'Agent centre' }).click();
      await expect(page.getByTestId('account-centre')).toBeVisible();
      const cached = await page.evaluate(() => JSON.parse(sessionStorage.getItem('consolidated') ?? 'null'));
      expect(cached.data).toEqual(body.value);
      await page.getByRole('dialog', { name: 'Agent centre' }).getByRole('button', { name: 'Close' }).click();
    }
    // A plain member has no account centre entry.
    await page.evaluate(() => sessionStorage.clear());
    await loginThroughPopup(page, 'demo', 'Demo1234');
    await page.getByTestId('member-menu-button').click();
    await expect(page.getByTestId('member-menu').getByRole('menuitem', { name: 'Agent centre' })).toHaveCount(
      0,
    );
  });

  test('LN-04 changing the language while logged in stores it on the server', async ({ page }) => {
    await preparePage(page);
    await loginThroughPopup(page, 'agent2', 'Agent1234');
    const update = page.waitForRequest(
      (r) => r.url().endsWith('/wps/member/language') && r.method() === 'PUT',
    );
    await page.getByRole('button', { name: /^Language: EN/ }).click();
    await page.getByRole('menuitemradio', { name: /TH/ }).click();
    const request = await update;
    expect(request.postDataJSON()).toEqual({ language: 'th' });
    expect((await request.response())!.status()).toBe(200);
  });

  test('MB-11 MB-12 the icon and avatar calls answer for the logged-in member', async ({ page, server }) => {
    await preparePage(page);
    await loginThroughPopup(page, 'demo', 'Demo1234');
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const get = async (path: string) =>
      (
        await fetch(`${server.url}${path}`, { headers: { Merchant: 'SEA888', Authorization: token! } })
      ).json();
    const avatar = await get('/wps/relay/MCSFE_getPlayerAvatar');
    expect(avatar.success).toBe(true);
    expect(['CUSTOM', 'STATIC']).toContain(avatar.value.avatarType);
    expect(typeof avatar.value.avatar).toBe('string');
    // The icon call answers the icon's name alone, as the original reads it (decision 014).
    const icon = await get('/wps/member/info/icon');
    expect(icon).toMatchObject({ success: true, value: avatar.value.avatar });
  });
});
