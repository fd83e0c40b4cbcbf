import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.ts';
import { consoleSession, look, staffAccounts } from './backoffice-kit.ts';

/**
 * The back office's Reports (issue 31, decision 038) in Chromium against the real server and its
 * demo data (the demo agents' players have days of settled bets, folded by the site fold): a
 * read-only member of staff signs in with TOTP, opens Reports, reads the range's totals and chart,
 * filters by vendor over a range, sorts by GGR, opens the agents' report and a top agent's team,
 * and exports the rows as CSV. With LOOK_DIR set the screens are photographed at 1440×900.
 */
test.describe('back-office reports', () => {
  test.setTimeout(150_000);

  test('a read-only user opens Reports, filters a range by vendor, sorts, opens an agent’s team and exports CSV', async ({
    page,
    server,
  }) => {
    const { rpro: who } = await staffAccounts(server, { rpro: { role: 'read-only', displayName: 'Reader' } });
    await page.setViewportSize({ width: 1440, height: 900 });
    await consoleSession(page, server, who);

    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

    // The last 7 days by product (counted from the server's report day, which the form shows first):
    // the demo players' bets are there once the site fold has run.
    await expect(page.getByLabel('From')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByRole('button', { name: '7 days' }).click();
    const table = page.getByRole('table', { name: 'Report by product' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const totals = page.getByRole('region', { name: /to/ });
    await expect(totals.locator('.tile').filter({ hasText: 'Staked' })).toBeVisible();
    // The chart has a point for each of the 7 days.
    await expect(totals.getByRole('table', { name: 'Staked and GGR per day' }).getByRole('row')).toHaveCount(
      8,
    );
    await look(page, 'reports-product');

    // By vendor, one row per vendor over the range, largest GGR first.
    await page.getByRole('group', { name: 'Report' }).getByRole('button', { name: 'By vendor' }).click();
    await page.getByLabel('Rows').selectOption('range');
    await page.getByRole('button', { name: 'Apply' }).click();
    const vendors = page.getByRole('table', { name: 'Report by vendor' });
    // The last answer stays on screen while the next loads: wait for the table to be done.
    await expect(vendors).toHaveAttribute('aria-busy', 'false');
    await expect(vendors.getByRole('row').nth(1)).toBeVisible();
    await vendors.getByRole('button', { name: 'GGR', exact: true }).click();
    await expect(vendors.getByRole('button', { name: /^GGR ?, sorted largest first$/ })).toBeVisible();
    await expect(vendors).toHaveAttribute('aria-busy', 'false');
    const ggr = await vendors
      .getByRole('row')
      .evaluateAll((rows) =>
        rows.slice(1).map((r) => Number((r.lastElementChild?.textContent ?? '').replace(/,/g, ''))),
      );
    expect(ggr).toEqual([...ggr].sort((a, b) => b - a));
    await look(page, 'reports-vendor');

    // CSV of every row of the filter, walked by Refine's useExport.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      ['day', 'vendor', 'bets', 'betAmount', 'validBet', 'payout', 'ggr', 'currency']
        .map((h) => `"${h}"`)
        .join(','),
    );
    expect(lines.length).toBe((await vendors.getByRole('row').count()) - 1);

    // By agent: the top-level agents; a row opens that agent's team.
    await page.getByRole('group', { name: 'Report' }).getByRole('button', { name: 'By agent' }).click();
    const agents = page.getByRole('table', { name: 'Report by agent' });
    const agent1 = agents.getByRole('row').filter({ hasText: 'agent1' });
    await expect(agents).toHaveAttribute('aria-busy', 'false');
    await expect(agent1).toHaveCount(1);
    await agent1.click();
    await expect(page.getByRole('navigation', { name: 'Agent team' })).toContainText('agent1');
    await expect(page.getByRole('heading', { name: /team of agent1/ })).toBeVisible();
    await expect(agents).toHaveAttribute('aria-busy', 'false');
    await expect(agents.getByRole('row').nth(1)).toBeVisible();
    await look(page, 'reports-agent-team');
  });
});
