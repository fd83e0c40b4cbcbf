import { test, expect } from './fixtures.ts';
import { consoleSession, look, lookDir, staffAccounts } from './backoffice-kit.ts';

/**
 * The back office's Agents section (issue 31, decision 037) in Chromium against the real server and
 * its demo tree: a finance member of staff signs in with TOTP, opens the agent tree, expands the top
 * agent, opens agent1, reads one of its settled daily-salary statements, and re-runs that period
 * (the dry run first, then a reason): nothing had changed since it was settled, so nothing is
 * credited and the statement stays as it was. With LOOK_DIR set, the screens are photographed at 1440×900.
 */
test.describe('back-office agents', () => {
  test.setTimeout(lookDir ? 240_000 : 150_000);

  test('a finance user signs in with TOTP, browses the agent tree, opens agent1, reads a settled statement and re-runs its period: the dry run and the re-run say nothing changed, nothing is credited twice', async ({
    page,
    server,
  }) => {
    const { agfin: fin } = await staffAccounts(server, {
      agfin: { role: 'finance', displayName: 'Agents finance' },
    });
    await consoleSession(page, server, fin);

    // The tree from the top: the demo's top agent expands to its downline agents.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Agents' }).click();
    const tree = page.getByRole('tree', { name: 'Agents' });
    await expect(tree.getByRole('treeitem').first()).toBeVisible();
    const toggle = tree.getByRole('button', { name: /^Open .*'s downline agents$/ }).first();
    await toggle.click();
    await expect(tree.locator('[role="group"] [role="treeitem"]').first()).toBeVisible();
    await look(page, 'bo-agents-tree');

    // By username: agent1.
    await page.getByRole('searchbox').fill('agent1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('table', { name: 'Members found' })
      .getByRole('link', { name: 'agent1', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'agent1' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Team figures' })).toBeVisible();
    await look(page, 'bo-agent-overview');

    await page.getByRole('tab', { name: 'Contracts' }).click();
    await expect(page.getByRole('region', { name: 'Contracts held' })).toContainText('Daily salary');
    await look(page, 'bo-agent-contracts');
    await page.getByRole('tab', { name: 'Downlines' }).click();
    await expect(page.getByRole('table', { name: 'Direct downlines' })).toContainText('agent2');
    await look(page, 'bo-agent-downlines');

    // A settled period's statement (the daily job settles the demo's past days at start).
    await page.getByRole('tab', { name: 'Statements' }).click();
    await page.getByLabel('Contract kind').selectOption('dailySalary');
    const statements = page.getByRole('table', { name: 'Settlement statements' });
    await expect(async () => {
      await page.getByLabel('Contract kind').selectOption('');
      await page.getByLabel('Contract kind').selectOption('dailySalary');
      await expect(statements.getByRole('row').nth(1)).toContainText('Daily salary', { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await look(page, 'bo-agent-statements');
    await statements.getByRole('row').filter({ hasText: 'Daily salary' }).first().click();
    const dialog = page.getByRole('dialog');
    const statement = dialog.getByTestId('statement');
    await expect(statement).toContainText('Own amount on the whole team');
    const pay = await statement.getByTestId('statement-pay').innerText();
    const paid = await statement.getByTestId('statement-paid').innerText();
    expect(paid).toBe(pay);
    await look(page, 'bo-agent-statement');

    // The re-run: what it would change first, then a reason; nothing changed, nothing is paid again.
    await statement.getByRole('button', { name: 'Re-run this period…' }).click();
    const rerun = dialog.getByTestId('rerun');
    await expect(rerun.getByTestId('rerun-summary')).toHaveText(/would change nothing/);
    const confirm = rerun.getByRole('button', { name: 'Re-run the period' });
    await expect(confirm).toBeDisabled();
    await rerun
      .getByLabel('Reason (kept in the audit log)')
      .fill('checking the period after a result correction');
    await look(page, 'bo-agent-rerun');
    await confirm.click();
    await expect(rerun.getByTestId('rerun-summary')).toHaveText(
      'Re-run done: nothing had changed, nothing was credited.',
    );
    await look(page, 'bo-agent-rerun-done');
    await rerun.getByRole('button', { name: 'Close' }).click();
    // The statement was not rewritten: it still counts one run.
    await expect(statements.getByRole('row').filter({ hasText: 'Daily salary' }).first()).toContainText(pay);
  });
});
