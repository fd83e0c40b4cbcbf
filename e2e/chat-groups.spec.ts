import { test, expect } from './fixtures.ts';
import {
  createMember,
  freshIp,
  playerSession,
  preparePage,
  secureApi,
  uniqueName,
} from './accounts-helpers.ts';
import { boCall, consoleSession, look, staffAccounts } from './backoffice-kit.ts';

/**
 * The chat groups on the console (issue 32, decision 054) in Chromium against the real server.
 * Set up through the API: a member, a support account, the CBS3 switch. The support desk opens
 * Chat groups from the menu, creates a group (it appears in the player's room), moves it to the
 * top of the players' order (the room lists it first), deletes a group made by mistake, renames
 * the first and closes it with a reason: the player's next message in it is refused with the
 * closed group's own words. Each change is in the audit log (with its reason, but the order's).
 * With LOOK_DIR set, the page, its dialogs, the player's refusal and the Chat room's muted
 * players panel are photographed.
 */

test.describe('chat groups', () => {
  test.setTimeout(240_000);

  test('HD-05 staff create, reorder, rename and close a chat group and delete an unused one on the console; the player sees it first, then refused closed', async ({
    page,
    browser,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await preparePage(page);
    const username = uniqueName('cgrp').slice(0, 14);
    const password = 'Chat1234';
    await createMember(server, username, password);
    const login = await secureApi(server, '/wps/session/login', { username, password }, { ip: freshIp() });
    expect(login.success).toBe(true);
    const staff = await staffAccounts(server, { grp: 'support' });
    const name = `Football ${Date.now() % 100_000}`;

    await server.ops('switch', 'CBS3', 'on');
    try {
      // The console: Chat groups sits next to Chat room in the support desk's menu.
      const desk = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const bo = await desk.newPage();
      await consoleSession(bo, server, staff.grp);
      const nav = bo.getByRole('navigation', { name: 'Back office' });
      await expect(nav.getByRole('link')).toHaveText([
        'Dashboard',
        'Players',
        'Feedback',
        'Chat room',
        'Chat groups',
      ]);
      await nav.getByRole('link', { name: 'Chat groups' }).click();
      await expect(bo.getByRole('heading', { name: 'Chat groups', level: 1 })).toBeVisible();
      const rows = bo.getByTestId('chat-group-row');
      await expect(rows.first()).toContainText('Every rank');
      await expect(rows.filter({ hasText: 'Rank 5 and up' })).toHaveCount(1);

      // Create: the reason is required, then the group is listed open.
      await bo.getByTestId('chat-group-new').click();
      const dialog = bo.getByRole('dialog', { name: 'New chat group' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Description (shown to players)').fill('Match talk, kick-off to final whistle');
      await dialog.getByLabel(/Minimum VIP rank/).fill('0');
      await dialog.getByTestId('chat-group-save').click();
      await expect(dialog.getByRole('alert')).toHaveText(/Give a reason/);
      await dialog.getByLabel('Reason').fill('Season starts');
      await look(bo, 'bo-chat-group-dialog');
      await dialog.getByTestId('chat-group-save').click();
      const row = rows.filter({ hasText: name });
      await expect(row.getByTestId('chat-group-state')).toHaveText('Open');
      await look(bo, 'bo-chat-groups', { phone: true });

      // The player's room has it.
      await playerSession(page, server, username, password);
      await page.goto('/chatRoom');
      await expect(page.getByTestId('chat-room')).toBeVisible();
      await page.getByTestId('chat-group').filter({ hasText: name }).click();
      await expect(page.getByTestId('chat-header')).toContainText(name);

      // Move it to the top of the players' order, one step at a time (it was created last).
      const n = await rows.count();
      const up = row.getByRole('button', { name: `Move ${name} up` });
      for (let place = n - 1; place >= 1; place--) {
        await up.click();
        await expect(row.getByTestId('chat-group-place')).toHaveText(String(place));
      }
      await expect(rows.first()).toContainText(name);
      await expect(up).toBeDisabled();
      await expect(row.getByRole('button', { name: `Move ${name} down` })).toBeEnabled();
      // The player's room lists it first now.
      await page.goto('/chatRoom');
      await expect(page.getByTestId('chat-room')).toBeVisible();
      await expect(page.getByTestId('chat-group').first()).toContainText(name);

      // A group made by mistake, never used: deleted with a reason, gone from the list.
      const typo = `Typo ${Date.now() % 100_000}`;
      await bo.getByTestId('chat-group-new').click();
      const made = bo.getByRole('dialog', { name: 'New chat group' });
      await made.getByLabel('Name').fill(typo);
      await made.getByLabel('Reason').fill('Typo group');
      await made.getByTestId('chat-group-save').click();
      const typoRow = rows.filter({ hasText: typo });
      await expect(typoRow).toHaveCount(1);
      await typoRow.getByTestId('chat-group-delete').click();
      const del = bo.getByRole('dialog', { name: `Delete ${typo}` });
      await expect(del).toContainText('never held a message');
      await del.getByLabel('Reason').fill('Made by mistake');
      await look(bo, 'bo-chat-group-delete');
      await del.getByTestId('chat-confirm').click();
      await expect(typoRow).toHaveCount(0);
      await expect(rows).toHaveCount(n);

      // Rename it; the audit keeps before and after.
      await row.getByTestId('chat-group-edit').click();
      const edit = bo.getByRole('dialog', { name: `Edit ${name}` });
      await edit.getByLabel('Name').fill(`${name} live`);
      await edit.getByLabel('Reason').fill('Clearer name');
      await edit.getByTestId('chat-group-save').click();
      const renamed = rows.filter({ hasText: `${name} live` });
      await expect(renamed).toHaveCount(1);

      // Close it with a reason: the player's next message there is refused, saying why.
      await renamed.getByTestId('chat-group-toggle').click();
      const close = bo.getByRole('dialog', { name: `Close ${name} live` });
      await close.getByLabel('Reason').fill('Spam wave');
      await close.getByTestId('chat-confirm').click();
      await expect(renamed.getByTestId('chat-group-state')).toHaveText('Closed');
      await expect(renamed.getByTestId('chat-group-toggle')).toHaveText('Reopen');

      // Live (the session's stream) the room says so in place of the composer; had the player
      // sent first, the server's refusal says the same.
      await expect(page.getByText('This chat group is closed at the moment.')).toBeVisible();
      await expect(page.getByTestId('chat-header')).toContainText(name);
      await look(page, 'chat-group-closed', { phone: true });
      // A new visit no longer lists it.
      await page.goto('/chatRoom');
      await expect(page.getByTestId('chat-room')).toBeVisible();
      await expect(page.getByTestId('chat-group').filter({ hasText: name })).toHaveCount(0);

      // Each change is in the audit log with its reason.
      const audit = (await boCall(server, '/audit?action=chat.group.', { token: staff.adminToken })) as {
        list: { action: string; actorName: string; after: { reason?: string } }[];
      };
      const mine = audit.list.filter((e) => e.actorName === staff.grp.username);
      expect(mine.map((e) => [e.action, e.after.reason])).toEqual([
        ['chat.group.close', 'Spam wave'],
        ['chat.group.update', 'Clearer name'],
        ['chat.group.delete', 'Made by mistake'],
        ['chat.group.create', 'Typo group'],
        // The order takes no reason: the audit keeps the order before and after.
        ...Array.from({ length: n - 1 }, () => ['chat.group.reorder', undefined]),
        ['chat.group.create', 'Season starts'],
      ]);

      // The Chat room desk's muted players panel (its heading inside the panel's padding).
      await nav.getByRole('link', { name: 'Chat room' }).click();
      await expect(bo.getByRole('heading', { name: 'Muted players' })).toBeVisible();
      const box = await bo.getByRole('heading', { name: 'Muted players' }).boundingBox();
      const panel = await bo.getByRole('region', { name: 'Muted players' }).boundingBox();
      expect(box!.x - panel!.x).toBeGreaterThanOrEqual(12);
      expect(box!.y - panel!.y).toBeGreaterThanOrEqual(12);
      await look(bo, 'bo-chat-muted');
      await desk.close();
    } finally {
      await server.ops('switch', 'CBS3', 'off');
    }
  });
});
