import type { Browser } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createMember, playerSession, preparePage, uniqueName } from './accounts-helpers.ts';
import { consoleSession, look, lookDir, staffAccounts } from './backoffice-kit.ts';
import { startServer, type RunningServer } from './server.ts';

/**
 * The back office's approval queues and players pages (issue 31, decision 032) in Chromium against
 * the real server: a finance member of staff signs in with TOTP, approves the bank transfer a
 * player made in the players' site, and the player's balance moves there without a reload; a
 * support member of staff does not meet the finance queue (no menu entry, the address refused).
 * With LOOK_DIR set, the screens are photographed at 1440×900 and the queue and item at 390×844.
 */
/**
 * A new player logs in to the players' site in a context of its own and makes a bank-transfer
 * deposit there (the steps of wallet-money.spec.ts); the order waits for review.
 */
async function playerBankTransfer(
  browser: Browser,
  server: RunningServer,
  amount: string,
  reference: string,
) {
  const username = uniqueName('apq');
  await createMember(server, username, 'Play1234');
  const playerContext = await browser.newContext({ baseURL: server.url });
  const player = await playerContext.newPage();
  const ip = await preparePage(player);
  await playerSession(player, server, username, 'Play1234', ip);
  await expect(player.getByTestId('balance-amount')).toHaveText('$0.00');
  await player.getByTestId('member-menu-button').click();
  await player.getByTestId('member-menu').getByRole('menuitem', { name: 'Account record' }).click();
  const centre = player.getByTestId('member-centre');
  await centre.locator('nav [data-page="depositv2"]').click();
  const deposit = centre.getByTestId('deposit-page');
  await deposit.locator('[data-testid^="channel-"]', { hasText: 'Bank transfer' }).first().click();
  await deposit.getByTestId('amount').fill(amount);
  await deposit.getByTestId('deposit-reference').fill(reference);
  await deposit.getByTestId('deposit-submit').click();
  const order = deposit.getByTestId('deposit-order').first();
  await expect(order.getByTestId('deposit-status')).toHaveText('Pending');
  const orderNo = (await order.getAttribute('data-order'))!;
  return { username, player, playerContext, order, orderNo };
}

test.describe('back-office approvals and players', () => {
  test.setTimeout(lookDir ? 240_000 : 150_000);

  test('a finance user approves a player’s bank transfer from the deposit queue; the player’s balance moves live; the player’s page shows it', async ({
    page,
    browser,
    server,
  }) => {
    const staff = await staffAccounts(server, { fin: 'finance' });

    // The player deposits by bank transfer in the players' site (as wallet-money.spec.ts does).
    const { username, player, playerContext, order, orderNo } = await playerBankTransfer(
      browser,
      server,
      '250',
      'E2E-BO-REF-1',
    );

    // The finance user: the queues in the menu, the transfer waiting in the deposit queue.
    await consoleSession(page, server, staff.fin);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Deposits',
      'Withdrawals',
      'Points redeems',
      'Reward requests',
      'Players',
      'Agents',
      'Lottery',
      'Reports',
    ]);
    await nav.getByRole('link', { name: 'Deposits' }).click();
    const queue = page.getByRole('table', { name: 'Deposits queue' });
    // Filtered on the server by the member's name.
    await page.getByLabel('Member').fill(username);
    await page.getByRole('button', { name: 'Apply' }).click();
    const row = queue.getByRole('row').filter({ hasText: orderNo });
    await expect(row).toContainText(username);
    await expect(row).toContainText('250.00');
    await expect(row).toContainText('E2E-BO-REF-1');
    await expect(row.getByTestId('four-eyes')).toHaveText('Needs 1');
    await look(page, 'bo-deposits', { phone: true });

    await row.getByRole('link', { name: orderNo }).click();
    await expect(page.getByRole('heading', { name: `Deposit ${orderNo}` })).toBeVisible();
    await expect(page.getByTestId('payer-reference')).toHaveText('E2E-BO-REF-1');
    await expect(page.getByTestId('item-status')).toHaveText('Pending');
    await expect(page.getByTestId('item-actions').getByRole('button')).toHaveText(['Approve', 'Reject']);
    await look(page, 'bo-deposit-item', { phone: true });

    await page.getByTestId('item-actions').getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: `Approve ${orderNo}` });
    await dialog.getByLabel('Note (optional)').fill('matched the statement');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('action-done')).toHaveText('Approved');
    await expect(page.getByTestId('item-status')).toHaveText('Credited');
    await expect(page.getByTestId('four-eyes')).toHaveText(
      `Approved by ${staff.fin.username} · you approved`,
    );
    await expect(page.getByTestId('item-actions').getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('member-balance')).toContainText('250.00');

    // The player's site: the balance and the order move without a reload.
    await expect(player.getByTestId('balance-amount')).toHaveText('$250.00');
    await expect(order.getByTestId('deposit-status')).toHaveText('Credited');
    await playerContext.close();

    // Finance has no players' pages here? It does (player.read): the player's page shows the money.
    await nav.getByRole('link', { name: 'Players' }).click();
    await page.getByRole('searchbox').fill(username);
    await page.getByRole('button', { name: 'Search' }).click();
    await look(page, 'bo-players');
    await page.getByRole('table', { name: 'Players found' }).getByRole('link', { name: username }).click();
    await expect(page.getByRole('heading', { name: username })).toBeVisible();
    await look(page, 'bo-player-profile');
    await page.getByRole('tab', { name: 'Balances' }).click();
    await expect(page.getByTestId('player-total')).toContainText('250.00');
    await look(page, 'bo-player-balances');

    // An adjustment needs an amount and a reason, asked in a confirmation; the balance follows.
    await page.getByTestId('player-actions').getByRole('button', { name: 'Adjust balance' }).click();
    const adjust = page.getByRole('dialog', { name: `Adjust balance: ${username}` });
    const confirm = adjust.getByRole('button', { name: 'Confirm: adjust balance' });
    await expect(confirm).toBeDisabled();
    await adjust.getByLabel('Amount').fill('10');
    await expect(confirm).toBeDisabled();
    await adjust.getByLabel('Reason').fill('goodwill for a slow transfer');
    await look(page, 'bo-player-adjust');
    await confirm.click();
    await expect(page.getByTestId('action-done')).toContainText('Credited 10');
    await expect(page.getByTestId('player-total')).toContainText('260.00');
    await page.getByRole('tab', { name: 'Ledger' }).click();
    await expect(page.getByRole('table', { name: 'Ledger' })).toContainText(orderNo);
    await look(page, 'bo-player-ledger');

    // A note by staff, newest first with its author; the sessions and logins the player made.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('New note').fill('Called about a late transfer; told to wait for review.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.locator('.notes li').first()).toContainText('Called about a late transfer');
    await expect(page.locator('.notes li').first()).toContainText(staff.fin.username);
    await look(page, 'bo-player-notes');
    await page.getByRole('tab', { name: 'Sessions & devices' }).click();
    await expect(page.getByRole('table', { name: 'Sessions' })).toContainText('Live');
    await look(page, 'bo-player-sessions', { phone: true });
    await page.getByRole('tab', { name: 'Logins & IPs' }).click();
    await expect(page.getByRole('table', { name: 'IP addresses' })).toBeVisible();
    await look(page, 'bo-player-logins');

    // The withdrawal queue opens for finance (its rows are the server's; none waits here).
    await nav.getByRole('link', { name: 'Withdrawals' }).click();
    await expect(page.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
    await expect(page.getByLabel('Status')).toHaveValue('OPEN');
    await look(page, 'bo-withdrawals', { phone: true });
  });

  test('a support user has no finance queue: no menu entry, the address refused, the server refuses the call', async ({
    page,
    server,
  }) => {
    const staff = await staffAccounts(server, { sup: 'support' });
    await consoleSession(page, server, staff.sup);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Players' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Deposits' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Withdrawals' })).toHaveCount(0);
    for (const path of ['/bo/deposits', '/bo/withdrawals', '/bo/deposits/1']) {
      await page.goto(path);
      await expect(page.getByText('Your role does not open this page.')).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    }
    const token = await page.evaluate(() => sessionStorage.getItem('bo.token'));
    const res = await fetch(`${server.url}/bo/api/approvals/deposits`, {
      headers: { authorization: token! },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ success: false, errorCode: 'bo.permission.denied' });

    // Support looks a player up and may lock (player.lock) but not adjust (no player.adjust).
    const username = uniqueName('aps');
    await createMember(server, username, 'Play1234');
    await nav.getByRole('link', { name: 'Players' }).click();
    await page.getByRole('searchbox').fill(username.slice(0, 6));
    await expect(page.getByLabel('Search by')).toContainText('Any key (Username)');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table', { name: 'Players found' }).getByRole('link', { name: username }).click();
    const actions = page.getByTestId('player-actions').getByRole('button');
    await expect(actions).toHaveText(['Lock', 'Force password change', 'End sessions']);
    await actions.filter({ hasText: 'Lock' }).click();
    const lock = page.getByRole('dialog', { name: `Lock: ${username}` });
    await expect(lock.getByRole('button', { name: 'Confirm: lock' })).toBeDisabled();
    await lock.getByLabel('Reason').fill('shared account reported');
    await lock.getByRole('button', { name: 'Confirm: lock' }).click();
    await expect(page.getByTestId('action-done')).toContainText('Lock: done');
    await expect(page.getByTestId('player-status')).toHaveText('Locked');
    await expect(actions).toHaveText(['Unlock', 'Force password change', 'End sessions']);
    await look(page, 'bo-player-support', { phone: true });
  });

  test('four eyes: above APPROVAL_FOUR_EYES_ABOVE the first approval waits for a second, different person; the same person cannot approve again', async ({
    browser,
  }) => {
    const own = await startServer({ env: { APPROVAL_FOUR_EYES_ABOVE: '100' } });
    try {
      const staff = await staffAccounts(own, { ann: 'finance', bob: 'finance' });
      const { player, playerContext, order, orderNo } = await playerBankTransfer(
        browser,
        own,
        '250',
        'E2E-BO-4EYES',
      );
      const annContext = await browser.newContext({ baseURL: own.url });
      const ann = await annContext.newPage();
      await consoleSession(ann, own, staff.ann);
      await ann.goto('/bo/deposits');
      await expect(ann.getByText('Above 100.00 USD two different people must approve.')).toBeVisible();
      const row = ann
        .getByRole('table', { name: 'Deposits queue' })
        .getByRole('row')
        .filter({ hasText: orderNo });
      await expect(row.getByTestId('four-eyes')).toHaveText('Needs 2');
      await row.getByRole('link', { name: orderNo }).click();
      await ann.getByTestId('item-actions').getByRole('button', { name: 'Approve' }).click();
      await ann.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect(ann.getByTestId('action-done')).toHaveText(
        'Your approval is recorded: a second, different person must approve it too',
      );
      await expect(ann.getByTestId('item-status')).toHaveText('Pending');
      await expect(ann.getByTestId('four-eyes')).toHaveText(
        `Needs 2 · approved by ${staff.ann.username} · you approved`,
      );
      // Ann's approve button is gone; the server refuses her second vote all the same, in words.
      await expect(ann.getByTestId('item-actions').getByRole('button')).toHaveText(['Reject']);
      const token = await ann.evaluate(() => sessionStorage.getItem('bo.token'));
      const again = await fetch(`${own.url}/bo/api/approvals/deposits/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token! },
        body: JSON.stringify({ id: Number(/\/deposits\/(\d+)/.exec(ann.url())![1]) }),
      });
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({ errorCode: 'bo.approval.same.approver' });
      await expect(player.getByTestId('balance-amount')).toHaveText('$0.00');

      // Bob finds it under "Awaiting a 2nd approval" and gives the second approval: credited.
      const bobContext = await browser.newContext({ baseURL: own.url });
      const bob = await bobContext.newPage();
      await consoleSession(bob, own, staff.bob);
      await bob.goto('/bo/deposits');
      await bob.getByLabel('Awaiting a 2nd approval').check();
      await bob.getByRole('button', { name: 'Apply' }).click();
      const waiting = bob
        .getByRole('table', { name: 'Deposits queue' })
        .getByRole('row')
        .filter({ hasText: orderNo });
      await expect(waiting.getByTestId('four-eyes')).toHaveText(
        `Needs 2 · approved by ${staff.ann.username}`,
      );
      await waiting.getByRole('link', { name: orderNo }).click();
      await bob.getByTestId('item-actions').getByRole('button', { name: 'Approve' }).click();
      await bob.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await expect(bob.getByTestId('action-done')).toHaveText('Approved');
      await expect(bob.getByTestId('item-status')).toHaveText('Credited');
      await expect(player.getByTestId('balance-amount')).toHaveText('$250.00');
      await expect(order.getByTestId('deposit-status')).toHaveText('Credited');

      // Ann's page is stale: rejecting what Bob credited is refused with what happened.
      await ann.getByTestId('item-actions').getByRole('button', { name: 'Reject' }).click();
      await ann.getByRole('dialog').getByLabel('Reason (the member sees it)').fill('no such transfer');
      await ann.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
      await expect(ann.getByTestId('action-refusal')).toContainText('This item has already been decided');
      await Promise.all([annContext.close(), bobContext.close(), playerContext.close()]);
    } finally {
      await own.stop();
    }
  });
});
