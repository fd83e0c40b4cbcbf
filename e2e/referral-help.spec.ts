import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import {
  createMember,
  loginThroughPopup,
  playerSession,
  preparePage,
  uniqueName,
} from './accounts-helpers.ts';
import { look, lookDir } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * Invite friends and help (issue 32, decision 043) in Chromium against the real server: a member
 * reads their referral code, link and QR in the member centre; a friend registers with the code,
 * deposits and plays; the job pays the reward once and the page shows it. Then customer service
 * (the popup of 440×500 opened on the type-3 address getService sends encrypted; a failed fetch
 * closes it; a blocked popup is told), the feedback form with an image, the mini-games screen and
 * the download page. With LOOK_DIR set, the pages are photographed at 1440×900 and 390×844.
 */

async function api(server: RunningServer, token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

async function loginToken(server: RunningServer, username: string, password: string): Promise<string> {
  const { encryptPayload } = await import('../packages/contract/src/payload-crypto.ts');
  const key = (await (await fetch(`${server.url}/wps/session/publicKey`)).json()) as {
    value: { keyId: string; publicKey: string };
  };
  const { body, headers } = await encryptPayload(key.value, { username, password, loginDeviceId: 'e2e' });
  const res = await fetch(`${server.url}/wps/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Forwarded-For': '10.43.0.1', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: { token: string }; message?: string };
  if (!json.success) throw new Error(`login ${username}: ${json.message}`);
  return json.value.token;
}

test.describe('referral and help', () => {
  // A registration, a deposit, six spins and the reward job (every 10 s) before the page shows it.
  test.setTimeout(lookDir ? 150_000 : 120_000);

  test('invite friends: code, link and QR; a friend who deposits and plays earns the member the reward, paid once', async ({
    page,
    server,
  }) => {
    const username = uniqueName('rf');
    await createMember(server, username, 'Play1234');
    await preparePage(page);
    await page.goto('/');
    await loginThroughPopup(page, username, 'Play1234');
    await page.getByTestId('side-invite').click();
    const ref = page.getByTestId('referral-page');
    await expect(ref).toContainText('earn 50.00 for each friend whose first deposit is at least 100.00');
    const code = (await ref.getByTestId('referral-code').innerText()).trim();
    expect(code).toMatch(/^[a-z0-9]{8}$/);
    await expect(ref.getByTestId('referral-link')).toHaveText(`${server.url}/?referralCode=${code}`);
    const qr = ref.getByRole('img', { name: 'QR code of your invitation link' });
    await expect(qr).toBeVisible();
    // The server's image (decision 060, session 35), loaded: not its alt text in a broken frame.
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(ref).toContainText('No friends yet');
    await look(page, 'referral-empty', { phone: true });

    // The friend registers with the code, deposits 1,000 and plays 600 on the house slot.
    const friend = uniqueName('rff');
    await createMember(server, friend, 'Play1234', { referralCode: code });
    const token = await loginToken(server, friend, 'Play1234');
    const order = await api(server, token, '/wps/deposit/orders', {
      channelCode: 'BANK',
      amount: '1000',
      payerReference: 'REF-E2E',
    });
    await server.ops('deposit', 'approve', String(order.orderNo));
    for (let i = 0; i < 6; i++)
      await api(server, token, '/wps/sandbox/house/spin', { gameCode: 'lucky-lotus', bet: 100 });

    // The reward job runs every 10 s: the page shows the friend rewarded and the money earned.
    const earned = ref.getByTestId('referral-earned');
    await expect
      .poll(
        async () => {
          // Away and back: the page asks again when it opens.
          const centre = page.getByTestId('member-centre');
          await centre.locator('button[data-page="messageV2"]').click();
          await centre.locator('button[data-page="referral"]').click();
          return earned.innerText();
        },
        { timeout: 30_000, intervals: [2_000] },
      )
      .toBe('50.00');
    await expect(ref.getByTestId('referral-invited')).toHaveText('1');
    const row = ref.getByTestId('referral-invitees').locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(friend.slice(0, 2) + '***' + friend.slice(-2));
    await expect(row).toContainText('1,000.00');
    await expect(row).toContainText('600.00');
    await expect(row).toContainText('Rewarded');
    await look(page, 'referral-rewarded', { phone: true });
  });

  test('HD-01 HD-02 HD-03 customer service: the popup of 440×500 opens the type-3 address fetched encrypted; a failed fetch closes it; a blocked popup is told', async ({
    page,
  }) => {
    await preparePage(page);
    // What the page asks window.open for (the browser's own popup keeps the test's viewport).
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      const w = window as unknown as { opens: string[][] };
      w.opens = [];
      window.open = (url?: string | URL, target?: string, features?: string) => {
        w.opens.push([String(url), String(target), String(features)]);
        return open(url, target, features);
      };
    });
    await page.goto('/');
    const fetched = page.waitForRequest((r) => r.url().includes('/wps/system/service'), { timeout: 40_000 });
    const popupEvent = page.waitForEvent('popup', { timeout: 40_000 });
    await page.getByTestId('side-service').click();
    const request = await fetched;
    // Sent encrypted: the body is a sealed value and the wrapped key travels in the header.
    expect(request.method()).toBe('POST');
    expect(Object.keys(request.postDataJSON() as object)).toEqual(['value']);
    expect(request.headers()['encryption']).toBeTruthy();
    const answer = await (await request.response())!.json();
    const entry = (answer.value.version.pathList as { type: number; path: string }[]).find(
      (p) => p.type === 3,
    )!;
    expect(entry.path).not.toContain('helpmc');
    const popup = await popupEvent;
    await popup.waitForURL(/\/helpmc\?topic=contact$/, { waitUntil: 'commit', timeout: 40_000 });
    const opens = await page.evaluate(() => (window as unknown as { opens: string[][] }).opens);
    const [, target, features] = opens[0]!;
    expect(target).toBe('customerService');
    expect(features).toMatch(/^popup=yes,width=440,height=500,/);
    await expect(popup.locator('body')).toContainText(/contact/i);
    await popup.close();

    // The fetch fails: the window opened for it is closed and the player told.
    await page.route('**/wps/system/service', (route) => route.fulfill({ status: 503, body: '{}' }));
    const failedPopup = page.waitForEvent('popup', { timeout: 40_000 });
    await page.getByTestId('side-service').click();
    const opened = await failedPopup;
    // Polled, not awaited as an event: the page may close it before a listener is attached.
    await expect.poll(() => opened.isClosed(), { timeout: 40_000 }).toBe(true);
    await expect(page.getByTestId('service-notice')).toContainText('could not be reached');
    await page.unroute('**/wps/system/service');

    // A blocked popup: window.open answers null.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByTestId('side-service').click();
    await expect(page.getByTestId('service-notice')).toContainText('blocked the customer-service window');
    await look(page, 'service-blocked');
  });

  test('HD-07 HD-09 NC-47 the feedback form sends PUT /wps/feedback; the mini-games screen lists and plays the house games; the download page offers iOS and Android with QR codes', async ({
    page,
    server,
  }) => {
    const username = uniqueName('fb');
    await createMember(server, username, 'Play1234');
    const ip = await preparePage(page);
    await playerSession(page, server, username, 'Play1234', ip);
    await page.goto('/feedback');
    const form = page.getByTestId('feedback-form');
    await form.locator('label', { hasText: 'Problem' }).click();
    await form.getByLabel('Your message').fill('short');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await expect(form).toContainText('Write 10 to 500 characters');
    const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    await form
      .getByTestId('feedback-file')
      .setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: png });
    await expect(form.getByRole('img', { name: 'screen.png' })).toBeVisible();
    await form.getByLabel('Your message').fill('The deposit page froze after I pressed pay.');
    await look(page, 'feedback', { phone: true });
    const sent = page.waitForRequest((r) => r.url().endsWith('/wps/feedback') && r.method() === 'PUT');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      content: 'The deposit page froze after I pressed pay.',
      type: 'BUG',
      captcha: '',
    });
    expect(body.images).toHaveLength(1);
    await expect(page.getByTestId('feedback-sent')).toHaveText('Thank you: your feedback was sent.');

    await page.goto('/miniGames');
    const games = page.getByTestId('mini-game');
    await expect(games.filter({ hasText: 'Lucky Lotus' })).toHaveCount(1);
    await expect(games.filter({ hasText: 'Dragon Tiger' }).first()).toBeVisible();
    await look(page, 'mini-games', { phone: true });
    await games.filter({ hasText: 'Lucky Lotus' }).getByRole('button', { name: 'Play Lucky Lotus' }).click();
    await page.waitForURL(/\/sandbox\/games\/lucky-lotus$/);

    await page.goto('/download');
    const apps = page.getByTestId('download-app');
    await expect(apps).toHaveCount(2);
    await expect(apps.filter({ hasText: 'iOS' })).toHaveCount(1);
    await expect(apps.filter({ hasText: 'Android' })).toHaveCount(1);
    for (const app of await apps.all()) {
      await expect(app.getByRole('img', { name: /QR/ })).toBeVisible();
      await expect(app.getByRole('link')).toHaveAttribute('href', /.+/);
    }
    await look(page, 'download', { phone: true });
  });
});
