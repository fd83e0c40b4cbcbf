import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { freshIp, loginThroughPopup, playerSession, preparePage, uniqueName } from './accounts-helpers.ts';
import {
  DEFAULT_CONTRACT_TIME_ZONE,
  zoneMinuteLabel,
} from '../packages/contract/src/agent-contracts/days.ts';
import { repoRoot, type RunningServer } from './server.ts';

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

/** A logged-in call from the page itself (its session token, the wire's headers). */
async function pageCall<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const res = await fetch(p, {
      headers: { Authorization: sessionStorage.getItem('token') ?? '', Device: 'web', Merchant: 'SEA888' },
    });
    return (await res.json()) as T;
  }, path);
}

/** The agent's My Income salary tile, in minor units (the page shows major units with 2 decimals). */
async function incomeSalary(page: Page): Promise<number> {
  const region = await choose(page, 'agentRevenueReport');
  const tile = region
    .getByTestId('agent-income')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: /^Salary$/ }) })
    .locator('dd');
  return Math.round(Number((await tile.innerText()).replace(/,/g, '')) * 100);
}

/** Runs the lottery's draw pass until `done` holds (the draw job runs on its own too; this hurries it). */
async function drawUntil(server: RunningServer, done: () => Promise<boolean>, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    await server.ops('lottery', 'draw').catch(() => '');
    if (await done()) return;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error('the draw did not come');
}

test.describe('agent contracts', () => {
  test.beforeAll(() => {
    if (dir) mkdirSync(dir, { recursive: true });
  });

  test('AG-15 AG-11 an upline offers a daily salary to a downline agent, who meets the contract modal at login and accepts; management and my contract show it signed', async ({
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    const downline = uniqueName('dl');
    const password = 'Down1234';

    // ---- the upline: a new direct downline agent, then the offer -------------------------------
    const upline = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await preparePage(upline);
    await playerSession(upline, server, 'agent1', 'Agent1234');
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
    // agent1's own daily salary with the platform, in force: 1% from 5.00 and 1.5% from 10,000.00.
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
    // A server started after the zone's midnight settles the day just ended by its daily job's
    // catch-up, a little after it starts: the records are read again until that day is in.
    const settled = region.getByTestId('contract-statements').getByRole('row').filter({ hasText: lastDay });
    await expect(async () => {
      await tab(region, 'My contract');
      await tab(region, 'Records');
      await expect(settled).toHaveCount(1, { timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
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
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await preparePage(page);
    await playerSession(page, server, 'agent1', 'Agent1234');
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
    // The demo's statements pay from the first start: its daily salary's first tier is within the
    // team's daily lottery bets, and each demo player has a ticket of 10.00 or more in the hour the
    // real-time job settles at its first run.
    for (const key of ['agentDailyWages2', 'agentRealtimeSalary']) {
      const region = await choose(page, key);
      await tab(region, 'Records');
      const pays = await region.getByTestId('contract-statements').locator('td:nth-child(7)').allInnerTexts();
      expect(
        pays.some((pay) => pay.trim() !== '0.00'),
        `${key}: ${pays.join(' ')}`,
      ).toBe(true);
    }
  });
  test("AG-14 AG-15 a real-time salary end to end: agent2 accepts agent1's real-time offer in the modal at login, its player bets on a lottery draw, the draw runs, the window is settled, and Records and My Income show what the tiers give", async ({
    browser,
    server,
  }) => {
    test.setTimeout(240_000);
    // ---- agent2 meets the demo's real-time offer from agent1 and accepts it -----------------------
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const agent = await context.newPage();
    await prepareForModal(agent);
    await loginThroughPopup(agent, 'agent2', 'Agent1234');
    const modal = agent.getByRole('dialog', { name: 'Contract' });
    await expect(modal).toBeVisible();
    const block = modal.getByTestId('contract-request').filter({ hasText: 'Real-Time Salary – Lottery' });
    await expect(block).toContainText('Your upline (agent1) offers you this contract');
    // The terms the test computes the pay from: from a single-draw bet of 10.00, 0.4% of the bet on a
    // draw the player won, 0.8% on one it lost (basis points, as the contract core applies them).
    const terms = block.getByTestId('contract-request-terms');
    await expect(terms.getByRole('row').nth(1)).toHaveText('110.000.4%0.8%');
    const tier = { betAmount: 1_000, winRate: 40, lossRate: 80 };
    await block.getByTestId('contract-accept').click();
    await expect(modal.getByTestId('contract-request').filter({ hasText: 'Real-Time Salary' })).toHaveCount(
      0,
    );
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect(modal).toHaveCount(0);
    await openAgentCentre(agent);
    const before = await incomeSalary(agent);

    // ---- demoplayer2 (agent2's direct player) bets 20.00 on the next 5D 1-minute draw ------------
    const player = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await preparePage(player);
    await playerSession(player, server, 'demoplayer2', 'Player1234');
    await player.goto('/lottery?gameCode=SSC1');
    const head = player
      .locator('header')
      .filter({ has: player.getByRole('heading', { name: '5D 1 minute' }) });
    const onSale = head.getByText(/^Betting on No\. /);
    await expect(onSale).toBeVisible();
    // Room for the order before the close (sales close 5 s before each 1-minute draw).
    const timer = head.getByRole('timer');
    await expect
      .poll(
        async () => {
          const m = /^(\d\d):(\d\d)$/.exec((await timer.textContent()) ?? '');
          return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
        },
        { timeout: 70_000, intervals: [1_000] },
      )
      .toBeGreaterThan(15);
    const numero = ((await onSale.textContent()) ?? '').replace('Betting on No. ', '').trim();
    await player.getByRole('tab', { name: '1-star' }).click();
    const row = player.getByTestId('row-P1');
    await row.getByRole('button', { name: 'All', exact: true }).click();
    await expect(player.getByTestId('amount')).toHaveText('20.00');
    await player.getByRole('button', { name: 'Bet now' }).click();
    await expect(player.getByRole('status').filter({ hasText: `Bet placed on No. ${numero}` })).toBeVisible();

    // ---- the draw runs and settles the ticket ----------------------------------------------------
    type Order = { numero: string; betAmount: number; winAmount: number; status: number };
    const mine = async () =>
      (await pageCall<{ content: Order[] }>(player, '/lgw/orders/today?page=1&size=20')).content.filter(
        (o) => o.numero === numero,
      );
    await drawUntil(server, async () => {
      const orders = await mine();
      return orders.length === 1 && orders[0]!.status !== 2;
    });
    const settledBy = new Date().toISOString();
    const [order] = await mine();
    await player.close();

    // ---- the real-time job's work for the window that holds the draw, without waiting for it to
    // close: the operator's early settlement of that window (the scheduled run settles it again
    // after its close and moves only a difference).
    const said = await server.ops('contracts', 'settle', 'realtime', '--at', settledBy);
    const windowStart = /^Real-time salary, window (\S+?)–/.exec(said)?.[1];
    expect(windowStart, said).toBeDefined();

    // What the tiers give on the draw, computed here: the player's bet in the draw reaches tier 1;
    // a draw is won when it paid back at least the bet; the rate applies to the bet, rounded down.
    const bet = Math.round(order!.betAmount * 100);
    const payout = Math.round(order!.winAmount * 100);
    expect(bet).toBe(2_000);
    expect(bet).toBeGreaterThanOrEqual(tier.betAmount);
    const rate = payout >= bet ? tier.winRate : tier.lossRate;
    const expected = Math.floor((bet * rate) / 10_000);
    expect(expected).toBeGreaterThan(0);
    const shown = (minor: number) => (minor / 100).toFixed(2);

    // ---- agent2's Real-Time Salary page: the window's statement ----------------------------------
    const region = await choose(agent, 'agentRealtimeSalary');
    await tab(region, 'Records');
    const statement = region
      .getByTestId('contract-statements')
      .getByRole('row')
      .filter({ has: agent.locator('td:nth-child(3)', { hasText: /^20\.00$/ }) });
    await expect(statement).toHaveCount(1);
    // The window by its start on the settlement zone's clock (the zone of its day).
    const label = zoneMinuteLabel(Date.parse(windowStart!), DEFAULT_CONTRACT_TIME_ZONE);
    await expect(statement.locator('td').nth(0)).toHaveText(`${label.slice(0, 10)} ${label.slice(11, 16)}`);
    // A window's statement has no one tier (each player-draw reaches its own): the column says so.
    await expect(statement.locator('td').nth(3)).toHaveText('—');
    await expect(statement.locator('td').nth(4)).toHaveText(shown(expected));
    await expect(statement.locator('td').nth(5)).toHaveText('0.00');
    await expect(statement.locator('td').nth(6)).toHaveText(shown(expected));
    await shoot(agent, 'records-realtime');
    // ---- and My Income's salary grew by exactly that -------------------------------------------
    // (the page may first show its cached figures and then the fresh ones: read until they settle)
    await expect
      .poll(
        async () => {
          await choose(agent, 'agentRealtimeSalary');
          return incomeSalary(agent);
        },
        { timeout: 20_000 },
      )
      .toBe(before + expected);
    await context.close();
  });
});
