import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { freshIp, loginThroughPopup, preparePage, uniqueName } from './accounts-helpers.ts';
import { repoRoot } from './server.ts';

/**
 * Agent contracts in Chromium (issue 30, AG-15): against the real server and its demo tree, all
 * through the UI. agent1 registers a new downline agent, offers it a daily salary from the tier
 * editor (after the simulator's look at what it would have paid), the downline logs in, meets the
 * contract modal and accepts; then its Daily Salary entry appears with the contract signed, and
 * agent1's management lists it signed. With LOOK_DIR set, the modal, each contract page and the
 * simulator are photographed at desktop and phone sizes (LOOK_DIR/agent-contracts).
 */
const dir = process.env.LOOK_DIR ? join(resolve(repoRoot, process.env.LOOK_DIR), 'agent-contracts') : null;
const sizes = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** English pages and the popup notices seen, but the contract modal left to open (preparePage puts it off). */
async function prepareForModal(page: Page): Promise<void> {
  const res = await page.request.get(
    '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B',
    { headers: { Merchant: 'SEA888' } },
  );
  const ids =
    ((await res.json()) as { value?: { popup?: { id: number }[] } }).value?.popup?.map((p) => p.id) ?? [];
  await page.addInitScript((seen: number[]) => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
    window.sessionStorage.setItem('popupNoticeSeen', JSON.stringify(seen));
  }, ids);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': freshIp() });
}

async function openAgentCentre(page: Page): Promise<Locator> {
  await page.getByTestId('member-menu-button').click();
  await page.getByTestId('member-menu').locator('[data-page="agentCentre"]').click();
  const centre = page.getByTestId('account-centre');
  await expect(centre).toBeVisible();
  return centre;
}

/** A page of the centre by its key (on a phone through the drawer), once its first answer is in. */
async function choose(page: Page, key: string): Promise<Locator> {
  const centre = page.getByTestId('account-centre');
  const toggle = centre.getByTestId('agent-menu-button');
  if (await toggle.isVisible()) await toggle.click();
  await centre.getByRole('navigation').locator(`[data-page="${key}"]`).click();
  const region = centre.locator(`section[data-page="${key}"]`);
  await expect(region.locator('[data-agent-page]').first()).toBeVisible();
  await expect(region.getByTestId('agent-loading')).toHaveCount(0);
  return region;
}

async function tab(region: Locator, name: string): Promise<void> {
  await region.getByTestId('contract-tabs').getByRole('button', { name, exact: true }).click();
  await expect(region.getByTestId('agent-loading')).toHaveCount(0);
}

/** Photographs at both sizes, when LOOK_DIR asks (the page is put back to its size after). */
async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  if (!dir) return;
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(250);
    await (target ?? page).screenshot({ path: join(dir, `${name}-${size.name}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

test.describe('agent contracts', () => {
  test.beforeAll(() => {
    if (dir) mkdirSync(dir, { recursive: true });
  });

  test('AG-15 AG-11 an upline offers a daily salary to a downline agent, who meets the contract modal at login and accepts; management and my contract show it signed', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const downline = uniqueName('dl');
    const password = 'Down1234';

    // ---- the upline: a new direct downline agent, then the offer -------------------------------
    const upline = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await preparePage(upline);
    await loginThroughPopup(upline, 'agent1', 'Agent1234');
    await openAgentCentre(upline);
    let region = await choose(upline, 'registerCenter');
    await region.getByRole('tab', { name: 'Register downline' }).click();
    const form = region.getByTestId('agent-register-form');
    await form.getByRole('radio', { name: 'Agent' }).check();
    await form.getByTestId('agent-register-username').fill(downline);
    await form.getByTestId('agent-register-password').fill(password);
    await form.getByTestId('agent-register-submit').click();
    await expect(upline.getByTestId('agent-register-result')).toBeVisible();
    await upline.getByTestId('agent-copy-close').click();

    region = await choose(upline, 'agentDailyWages2');
    // agent1's own daily salary with the platform, in force: 1% from 1,000.00 and 1.5% from 10,000.00.
    const own = region.getByTestId('contract-card').filter({ hasText: 'Daily Salary – Lottery' });
    await expect(own.getByTestId('contract-status')).toHaveText('Signed');
    await shoot(upline, 'my-contract-upline');
    // The simulator on agent1's own contract: its team's real figures of the last 4 days.
    await own.getByTestId('contract-simulate').click();
    const ownSimulation = own.getByTestId('contract-simulator');
    await expect(ownSimulation.getByTestId('contract-sim-period')).toHaveCount(4);
    await expect(ownSimulation.getByTestId('contract-statement-pay')).toBeVisible();
    const lastDay = (
      await ownSimulation.locator('[data-testid="contract-sim-detail"] h5').innerText()
    ).trim();
    const simulatedPay = (await ownSimulation.getByTestId('contract-sim-last-pay').innerText()).trim();
    await ownSimulation.scrollIntoViewIfNeeded();
    await shoot(upline, 'simulator-own');
    // The simulator's last period is what settlement recorded for it (the same statement function).
    await tab(region, 'Records');
    const settled = region.getByTestId('contract-statements').getByRole('row').filter({ hasText: lastDay });
    await expect(settled).toHaveCount(1);
    await expect(settled.locator('td').nth(6)).toHaveText(simulatedPay);
    await tab(region, 'My contract');
    await tab(region, 'Contract management');
    await expect(region.getByTestId('contract-given')).toContainText('agent2');
    await region.getByTestId('contract-offer').click();
    const offer = upline.getByTestId('contract-offer-form');
    await expect(offer.getByTestId('contract-downline')).toBeVisible();
    await offer.getByTestId('contract-downline').selectOption({ label: downline });
    await expect(offer.getByTestId('tier-editor-caps')).toHaveText('Your highest: 1.5%');
    await offer.getByTestId('tier-betVolume').fill('1000');
    await offer.getByTestId('tier-activeMember').fill('1');
    await offer.getByTestId('tier-rate').fill('2');
    await offer.getByTestId('contract-offer-submit').click();
    // The editor refuses a rate above agent1's own, with the original's words, before anything is sent.
    await expect(offer.getByTestId('tier-issue')).toHaveText('Salary must not be higher than highest 1.5%');
    await offer.getByTestId('tier-rate').fill('0.8');
    await offer.getByTestId('tier-add').click();
    await offer.getByTestId('tier-betVolume').nth(1).fill('10000');
    await offer.getByTestId('tier-activeMember').nth(1).fill('3');
    await offer.getByTestId('tier-rate').nth(1).fill('1.2');
    await offer.getByTestId('contract-simulate').click();
    const simulator = offer.getByTestId('contract-simulator');
    await expect(simulator).toBeVisible();
    await expect(simulator.locator('[aria-busy="true"]')).toHaveCount(0);
    // What agent1 would owe the new downline, whose team has not bet yet: nothing, and it says why.
    await expect(simulator.getByTestId('contract-sim-owe-last')).toHaveText('0.00');
    await expect(simulator.getByTestId('contract-sim-no-bets')).toBeVisible();
    await shoot(upline, 'offer-simulator');
    await offer.getByTestId('contract-offer-submit').click();
    await expect(upline.getByTestId('contract-offer-done')).toContainText(
      `The offer was sent to ${downline}`,
    );
    await upline.getByTestId('contract-offer-close').click();
    const row = region.getByTestId('contract-given').getByRole('row').filter({ hasText: downline });
    await expect(row.getByTestId('contract-status')).toHaveText('Pending');
    await shoot(upline, 'management');

    // ---- the downline: the modal at login, accept ---------------------------------------------
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const down = await context.newPage();
    await prepareForModal(down);
    await loginThroughPopup(down, downline, password);
    const modal = down.getByRole('dialog', { name: 'Contract' });
    await expect(modal).toBeVisible();
    const block = modal.getByTestId('contract-request');
    await expect(block).toHaveCount(1);
    await expect(modal.getByRole('heading', { name: 'New contract request' })).toBeVisible();
    await expect(block.getByRole('heading')).toHaveText('Daily Salary – Lottery');
    await expect(block).toContainText('Your upline (agent1) offers you this contract');
    const terms = block.getByTestId('contract-request-terms');
    await expect(terms.getByRole('columnheader')).toHaveText([
      'Tier',
      'Team daily bet ≥',
      'Active members ≥',
      'Salary',
    ]);
    await expect(terms.getByRole('row').nth(1)).toHaveText('11,000.0010.8%');
    await expect(terms.getByRole('row').nth(2)).toHaveText('210,000.0031.2%');
    await shoot(down, 'modal');
    await block.getByTestId('contract-simulate').click();
    await expect(block.getByTestId('contract-simulator')).toBeVisible();
    await expect(block.getByTestId('contract-simulator').locator('[aria-busy="true"]')).toHaveCount(0);
    await shoot(down, 'modal-simulator');
    await block.getByTestId('contract-accept').click();
    await expect(modal.getByTestId('contract-modal-done')).toContainText('Every request has been answered.');
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect(modal).toHaveCount(0);
    // A new account's first login also welcomes it (LG-19): out of the way.
    await down.getByTestId('first-login').getByRole('button', { name: 'Start playing' }).click();
    await expect(down.getByTestId('first-login')).toHaveCount(0);

    // The Daily Salary entry now shows (AG-04): the downline holds the contract, signed.
    await openAgentCentre(down);
    const mine = await choose(down, 'agentDailyWages2');
    const card = mine.getByTestId('contract-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('contract-status')).toHaveText('Signed');
    await expect(card).toContainText('agent1');
    await expect(card.getByTestId('contract-terms-in-force').getByRole('row').nth(1)).toHaveText(
      '11,000.0010.8%',
    );
    await shoot(down, 'my-contract');
    await tab(mine, 'Contract history');
    const events = mine.getByTestId('contract-events').locator('li');
    await expect(events.nth(0)).toContainText('Accepted');
    await expect(events.nth(1)).toContainText('Offered');
    await shoot(down, 'history');
    await tab(mine, 'Records');
    await expect(mine.getByTestId('contract-records')).toBeVisible();
    await expect(mine.getByTestId('agent-loading')).toHaveCount(0);
    await shoot(down, 'records');
    await context.close();

    // ---- the upline's management shows it signed ----------------------------------------------
    await tab(region, 'My contract');
    await tab(region, 'Contract management');
    await expect(
      region
        .getByTestId('contract-given')
        .getByRole('row')
        .filter({ hasText: downline })
        .getByTestId('contract-status'),
    ).toHaveText('Signed');
    await tab(region, 'Records');
    await expect(region.getByTestId('agent-loading')).toHaveCount(0);
    await shoot(upline, 'records-upline');
    await upline.close();
  });
  test("AG-10 AG-12 AG-13 AG-14 each contract page shows its kind's tiers: the dividend's period bet, P&L, actives and rate with its period; the hourly bet per hour and rate; the real-time single-draw bet with profit and loss rates", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await preparePage(page);
    await loginThroughPopup(page, 'agent1', 'Agent1234');
    await openAgentCentre(page);
    const pages = [
      {
        key: 'agentDividendRecordCopy2',
        title: 'Dividend – All products – Monthly',
        columns: ['Tier', 'Period valid bet ≥', 'Period P&L ≥', 'Active members ≥', 'Dividend rate'],
        first: '11,000.00500.00120%',
        extras: ['Monthly', 'Loss carried forward'],
      },
      {
        key: 'agentHourSalary',
        title: 'Hourly Salary – Lottery',
        columns: ['Tier', 'Team bet per hour ≥', 'Active members ≥', 'Salary'],
        first: '1500.0010.5%',
        extras: ['Every hour'],
      },
      {
        key: 'agentRealtimeSalary',
        title: 'Real-Time Salary – Lottery',
        columns: ['Tier', 'Single-draw bet ≥', 'Profit salary', 'Loss salary'],
        first: '110.000.5%1%',
        extras: [],
      },
    ];
    for (const p of pages) {
      const region = await choose(page, p.key);
      const card = region.getByTestId('contract-card').filter({ hasText: p.title });
      await expect(card.getByTestId('contract-status')).toHaveText('Signed');
      const terms = card.getByTestId('contract-terms-in-force');
      await expect(terms.getByRole('columnheader')).toHaveText(p.columns);
      await expect(terms.getByRole('row').nth(1)).toHaveText(p.first);
      for (const extra of p.extras) await expect(terms).toContainText(extra);
      await shoot(page, `my-contract-${p.key}`);
    }
  });
});
