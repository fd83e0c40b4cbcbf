import { test, expect } from './fixtures.ts';
import { createMember, freshIp, playerSession, secureApi, uniqueName } from './accounts-helpers.ts';
import { boCall, boPost, consoleSession, look, staffAccounts } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * The chat room (issue 32, HD-05, HD-06; decision 054) in Chromium against the real server. Set up
 * through the API: two members, the CBS3 switch, the brand's chat header colour. The room opens
 * only behind its permission flag (closed: the page says so and never launches the room; open: the
 * member bar's entry leads in), its header wears the brand's colour, another member's message
 * arrives live with the entry's unread badge, a message typed as HTML stays text, and the support
 * desk removes a message on the console (it leaves the player's room at once) and mutes a player.
 * With LOOK_DIR set, the room, the refusal and the console are photographed.
 */

async function playerApi(server: RunningServer, token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: unknown; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

async function member(server: RunningServer, prefix: string) {
  const username = uniqueName(prefix).slice(0, 14);
  const password = 'Chat1234';
  await createMember(server, username, password);
  const login = await secureApi(server, '/wps/session/login', { username, password }, { ip: freshIp() });
  if (!login.success) throw new Error(`login ${username}: ${login.message}`);
  return { username, password, token: (login.value as { token: string }).token };
}

const HEADER = '#7a1f5c';

test.describe('chat room', () => {
  test.setTimeout(240_000);

  test('HD-05 HD-06 the room opens only behind its permission flag, wears the brand colour, delivers live, keeps HTML as text, and is moderated on the console', async ({
    page,
    browser,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const a = await member(server, 'chata');
    const b = await member(server, 'chatb');
    const staff = await staffAccounts(server, { sup: 'support' });
    // HD-06: the operator's chat header colour, set as the console's Site page does.
    const brand = (await boCall(server, '/site/brand', { token: staff.adminToken })) as {
      settings: Record<string, unknown>;
    };
    const original = brand.settings.chatHeaderColor as string;
    await boPost(
      server,
      '/site/brand/set',
      { settings: { ...brand.settings, chatHeaderColor: HEADER }, reason: 'chat e2e' },
      staff.adminToken,
    );

    const launches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/wps/relay/CBS_launchChat')) launches.push(r.url());
    });
    try {
      // HD-05, refused: the room closed (CBS3 off): no entry, the page says why and never launches.
      await server.ops('switch', 'CBS3', 'off');
      await playerSession(page, server, a.username, a.password);
      await expect(page.getByTestId('chat-button')).toHaveCount(0);
      await page.goto('/chatRoom');
      await expect(page.getByTestId('chat-denied')).toBeVisible();
      await expect(page.getByTestId('chat-room')).toHaveCount(0);
      expect(launches).toEqual([]);
      await look(page, 'chat-denied', { phone: true });

      // HD-05, allowed: the flag true, the member bar's entry opens the room.
      await server.ops('switch', 'CBS3', 'on');
      const lobby = ((await playerApi(server, b.token, '/wps/relay/CBS_launchChat')) as { groupId: number })
        .groupId;
      await page.goto('/');
      // The member bar's entry is there now (its click is the page's link; a notice popup may
      // cover the bar on the home page, so the room is opened by its address).
      await expect(page.getByTestId('chat-button')).toBeVisible();
      await page.goto('/chatRoom');
      await expect(page.getByTestId('chat-room')).toBeVisible();
      expect(launches.length).toBeGreaterThan(0);
      // HD-06: the header's colour is the brand config's.
      await expect(page.getByTestId('chat-header')).toHaveCSS('background-color', 'rgb(122, 31, 92)');

      // A's own message, typed and sent with Enter.
      await page.locator('#chat-input').fill('Hello from the e2e room');
      await page.locator('#chat-input').press('Enter');
      const mine = page.getByTestId('chat-message').filter({ hasText: 'Hello from the e2e room' });
      await expect(mine).toBeVisible();

      // B's messages arrive live (the session's stream), and HTML stays text.
      const html = '<img src=x onerror="window.__chatXss=1"><b>bold?</b>';
      await playerApi(server, b.token, '/wps/chat/messages', { groupId: lobby, content: html });
      const theirs = page.getByTestId('chat-text').filter({ hasText: 'bold?' });
      await expect(theirs).toHaveText(html);
      await expect(page.getByTestId('chat-messages').locator('img, b')).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __chatXss?: number }).__chatXss)).toBeUndefined();
      await playerApi(server, b.token, '/wps/chat/messages', {
        groupId: lobby,
        content: 'Anyone up for the evening lottery draw? 🎯',
      });
      await expect(page.getByTestId('chat-text').filter({ hasText: 'evening lottery' })).toBeVisible();
      await look(page, 'chat-room', { phone: true });

      // Away from the room, the entry counts B's next message live.
      await page.goto('/');
      await expect(page.getByTestId('chat-button')).toBeVisible();
      await playerApi(server, b.token, '/wps/chat/messages', {
        groupId: lobby,
        content: 'buy cheap accounts here',
      });
      await expect(page.getByTestId('chat-unread-badge')).toHaveText('1');

      // The support desk removes B's message and mutes B on the console.
      const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const bo = await desk.newPage();
      await consoleSession(bo, server, staff.sup);
      await bo
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link', { name: 'Chat room' })
        .click();
      await bo.getByRole('textbox', { name: 'Player' }).fill(b.username);
      const row = bo.getByTestId('chat-row').filter({ hasText: 'buy cheap accounts here' });
      await expect(row).toBeVisible();
      await look(bo, 'bo-chat', { phone: true });
      await row.getByTestId('chat-remove').click();
      await bo.getByLabel('Reason').fill('spam');
      await bo.getByTestId('chat-confirm').click();
      await expect(row).toHaveCount(0);
      await bo.getByLabel('Show').selectOption('REMOVED');
      await expect(bo.getByTestId('chat-row').filter({ hasText: 'buy cheap accounts here' })).toContainText(
        'spam',
      );
      await bo.getByLabel('Show').selectOption('SHOWN');
      await bo
        .getByTestId('chat-row')
        .filter({ hasText: 'evening lottery' })
        .getByTestId('chat-mute')
        .click();
      await bo.getByLabel('Reason').fill('advertising');
      await bo.getByTestId('chat-confirm').click();
      await expect(bo.getByTestId('mute-row').filter({ hasText: b.username })).toBeVisible();

      // The removed message has left A's room, and B cannot send while muted.
      await page.goto('/chatRoom');
      await expect(page.getByTestId('chat-text').filter({ hasText: 'evening lottery' })).toBeVisible();
      await expect(page.getByTestId('chat-text').filter({ hasText: 'buy cheap accounts' })).toHaveCount(0);
      await expect(
        playerApi(server, b.token, '/wps/chat/messages', { groupId: lobby, content: 'hello?' }),
      ).rejects.toThrow(/muted/);
      await desk.close();
    } finally {
      await server.ops('switch', 'CBS3', 'off');
      await boPost(
        server,
        '/site/brand/set',
        { settings: { ...brand.settings, chatHeaderColor: original }, reason: 'chat e2e done' },
        staff.adminToken,
      );
    }
  });
});
