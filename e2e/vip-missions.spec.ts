import { test, expect } from './fixtures.ts';
import { createMember, playerSession, preparePage, uniqueName } from './accounts-helpers.ts';
import { look, lookDir } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * VIP levels and missions end to end (issue 32, decision 042) in Chromium against the real server:
 * the operator defines a mission and a reachable level from the CLI; a player sees its level and
 * progress on /vip, the missions' badge on the member centre's entry, deposits, and after the
 * level run and the missions' settlement (the jobs' work, run by hand with the CLI) sees the new
 * level, the reward credited and its place on the week's leaderboard. With LOOK_DIR set, the pages
 * are photographed at 1440×900 and 390×844.
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

test.describe('VIP and missions', () => {
  test.setTimeout(lookDir ? 240_000 : 120_000);

  test('PR-03: a player deposits, reaches a level and completes a mission: the VIP page, the mission_activity entry opening missionLeaderboard with its count badge above 0 (none at 0), the reward and the leaderboard follow', async ({
    page,
    server,
  }) => {
    // The ladder's rank 2 within reach of one deposit while this test runs, and two missions.
    const levels = await server.ops('vip', 'levels');
    const silver = levels.split('\n').find((l) => /^\s*2\s/.test(l))!;
    await server.ops(
      'vip',
      'level',
      '2',
      '--label',
      'Silver',
      '--deposit',
      '500',
      '--valid-bet',
      '0',
      '--reward',
      '18',
    );
    const title = `Deposit 500 ${uniqueName('')}`;
    const added = [
      await server.ops(
        'mission',
        'add',
        '--title',
        title,
        '--kind',
        'DEPOSIT',
        '--target',
        '500',
        '--period',
        'DAILY',
        '--reward',
        '5',
      ),
      await server.ops(
        'mission',
        'add',
        '--title',
        'Live 100,000',
        '--kind',
        'BET',
        '--product',
        'LIVE',
        '--target',
        '100000',
        '--period',
        'WEEKLY',
        '--reward',
        '50',
      ),
    ].map((s) => s.match(/Mission (\d+)/)![1]!);
    try {
      const username = uniqueName('vip');
      await createMember(server, username, 'Play1234');
      const ip = await preparePage(page);
      // A guest is asked to log in; the ladder shows to everyone.
      await page.goto('/vip');
      await expect(page.getByTestId('vip-my-level')).toContainText('Log in to see your level');
      await expect(page.getByTestId('vip-levels').locator('tbody tr')).toHaveCount(6);
      await playerSession(page, server, username, 'Play1234', ip);
      await page.goto('/vip');
      const mine = page.getByTestId('vip-my-level');
      await expect(mine).toContainText('Bronze');
      await expect(mine).toContainText('Next: Silver');
      await expect(page.getByTestId('vip-conditions')).toHaveText('1 of 2 conditions met');
      const table = page.getByTestId('vip-levels');
      await expect(table.locator('tbody tr')).toHaveCount(6);
      await expect(table.locator('tr[aria-current]')).toContainText('Bronze');
      await look(page, 'vip-bronze', { phone: true });

      // The member centre's missions: two open, the badge says so.
      await page.goto('/');
      await page.getByTestId('member-menu-button').click();
      await page.getByTestId('member-menu').getByRole('menuitem').first().click();
      const centre = page.getByTestId('member-centre');
      const entry = centre.locator('nav [data-page="missionLeaderboard"]');
      await expect(entry).toHaveAttribute('data-key', 'mission_activity');
      await expect(entry.getByTestId('mission-badge')).toHaveText('2');
      await entry.click();
      await expect(centre.locator('section[data-page]')).toHaveAttribute('data-page', 'missionLeaderboard');
      const missions = centre.getByTestId('missions-page');
      await expect(missions.getByTestId('mission')).toHaveCount(2);
      await expect(missions.getByTestId('mission').first()).toContainText(title);

      // A deposit of 600, approved by the operator; the agent fold (every 5 s on the e2e server) counts it.
      const token = (await page.evaluate(() => window.sessionStorage.getItem('token')))!;
      const before = (await api(server, token, '/wps/v2/wallets/balance')).sumBalance as number;
      const order = await api(server, token, '/wps/deposit/orders', {
        channelCode: 'BANK',
        amount: '600',
        payerReference: 'VIP-E2E',
      });
      await server.ops('deposit', 'approve', String(order.orderNo));
      await expect
        .poll(async () => (await api(server, token, '/wps/relay/MCSFE_getPlayerRankProgress')).deposit, {
          timeout: 30_000,
        })
        .toBe(600);
      // The jobs' work run by hand (the server's own runs may come first: each pays once either way).
      await server.ops('vip', 'recompute');
      await server.ops('mission', 'settle');
      const progress = await api(server, token, '/wps/relay/MCSFE_getPlayerRankProgress');
      expect(progress.playerRankProgress).toMatchObject({ labelName: 'Silver', rankLevel: 2 });
      const summary = await api(server, token, '/wps/relay/MCSFE_getMissionSummaryDetails');
      expect(
        (summary.missions as { title: string; rewarded: boolean }[]).find((m) => m.title === title)?.rewarded,
      ).toBe(true);

      await page.reload();
      await page.getByTestId('member-menu-button').click();
      await page.getByTestId('member-menu').getByRole('menuitem').first().click();
      await expect(entry.getByTestId('mission-badge')).toHaveText('1');
      await entry.click();
      const deposit = missions.getByTestId('mission').filter({ hasText: title });
      await expect(deposit.getByTestId('mission-state')).toHaveText('Rewarded');
      await expect(deposit).toContainText('500.00 / 500.00');
      await expect(missions.getByTestId('mission-my-rank')).toContainText('with 1 missions completed');
      await expect(missions.getByTestId('mission-leaderboard').locator('tr[aria-current]')).toContainText(
        username,
      );
      await look(page, 'vip-missions', { phone: true });
      // The last open mission switched off: no mission is open, the badge goes.
      await server.ops('mission', 'off', added[1]!);
      await page.reload();
      await page.getByTestId('member-menu-button').click();
      await page.getByTestId('member-menu').getByRole('menuitem').first().click();
      await expect(centre.locator('nav [data-page="messageV2"]')).toBeVisible();
      await expect(entry.getByTestId('mission-badge')).toHaveCount(0);
      await entry.click();
      await expect(missions.getByTestId('mission')).toHaveCount(1);

      await page.goto('/vip');
      await expect(mine).toContainText('Silver');
      await expect(mine).toContainText('Next: Gold');
      await expect(table.locator('tr[aria-current]')).toContainText('Silver');
      // 600 deposited, 18 for reaching Silver and 5 for the mission.
      expect((await api(server, token, '/wps/v2/wallets/balance')).sumBalance).toBe(before + 623);
      await look(page, 'vip-silver', { phone: true });
    } finally {
      for (const id of added) await server.ops('mission', 'off', id);
      const [, , , deposit, validBet, reward] =
        silver.match(/^\s*(\d+)\s+(\S+)\s+deposits ≥ (\S+)\s+valid bets ≥ (\S+)\s+reward (\S+)/) ?? [];
      if (deposit)
        await server.ops(
          'vip',
          'level',
          '2',
          '--label',
          'Silver',
          '--deposit',
          deposit,
          '--valid-bet',
          validBet!,
          '--reward',
          reward!,
        );
    }
  });
});
