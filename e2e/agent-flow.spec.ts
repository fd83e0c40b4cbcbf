import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { playerSession, preparePage, uniqueName, withSwitch } from './accounts-helpers.ts';
import { repoRoot, type RunningServer } from './server.ts';
import { settled } from './settled.ts';

/**
 * An agent's day end to end (issue 29), in Chromium against the real server and its demo tree, all
 * through the UI: agent1 registers a downline and creates a registration link; a visitor opens the
 * link, registers under agent1, deposits through the sandbox gateway and spins the house slot; then
 * agent1 finds that player, its deposit, its bet, its P&L and the rebate the bet earned in the agent
 * centre. The team figures come from the agent stats fold job (agent.stats-fold, every 5 s), so
 * the agent's pages are reloaded until they show them (toPass), never waited on blindly. The agent's
 * rebate income is credited by the agent credit job (agent.agent-credit, once a minute): the flow
 * runs it through the operator's `jobs run` rather than wait up to a minute for it.
 */
const shots = join(repoRoot, '.tmp/shots/agent');

/** Money as the agent centre prints it (no symbol, two decimals); `signed` as the players' result. */
const money = (n: number, signed = false) =>
  `${n < 0 ? '-' : signed && n > 0 ? '+' : ''}${Math.abs(n).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
const numberIn = async (l: Locator) => Number((await l.innerText()).replace(/[^\d.-]/g, ''));
/** Cents, so sums of amounts compare exactly. */
const cents = (n: number) => Math.round(n * 100);

async function openAgentCentre(page: Page): Promise<Locator> {
  await page.getByTestId('member-menu-button').click();
  await page.getByTestId('member-menu').locator('[data-page="agentCentre"]').click();
  const centre = page.getByTestId('account-centre');
  await expect(centre).toBeVisible();
  return centre;
}

/** The agent centre's pages the flow visits: the menu's name and the page's key. */
const PAGES = {
  Overview: 'agentTeamOverview',
  'Account (register center)': 'registerCenter',
  'Team Management': 'downlineManagmentView',
  'Team Betting': 'personalHistoryCopy',
  'User Profit and Loss': 'palStatementsAgentCopy',
  'My Income': 'agentRevenueReport',
} as const;
type PageName = keyof typeof PAGES;

/** Chooses a page from the agent centre's menu by its name and waits for its first answer. */
async function choose(page: Page, name: PageName): Promise<Locator> {
  const centre = page.getByTestId('account-centre');
  await centre.getByRole('navigation').getByRole('button', { name, exact: true }).click();
  const region = centre.locator(`section[data-page="${PAGES[name]}"]`);
  await expect(region.locator('[data-agent-page]')).toBeVisible();
  await expect(region).toBeVisible();
  await expect(region.getByTestId('agent-loading')).toHaveCount(0);
  await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
  return region;
}

/** The page reloaded (the centre's answers are cached for 15 s) and the centre opened on `name`. */
async function reopen(page: Page, name: PageName): Promise<Locator> {
  await page.reload();
  await page.getByTestId('member-bar-content').waitFor();
  await openAgentCentre(page);
  return choose(page, name);
}

async function search(region: Locator, label: string, text: string): Promise<void> {
  const box = region.getByRole('search').getByLabel(label);
  await box.fill(text);
  await box.press('Enter');
}

/**
 * When the overview's figures were last folded: its "Updated" time, shown in the browser's zone to
 * the second (0 before the first fold).
 */
async function foldedAt(region: Locator): Promise<number> {
  const m = /Updated (\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)/.exec(
    await region.locator('h4 small').first().innerText(),
  );
  return m ? region.page().evaluate((s) => new Date(s).getTime(), `${m[1]}T${m[2]}`) : 0;
}

/** Today's overview figures the flow moves: registrations, deposits and valid bets of the range "today". */
async function overviewFigures(region: Locator) {
  return {
    registrations: await numberIn(region.getByTestId('agent-count-registrations').locator('dd')),
    deposit: cents(await numberIn(region.getByTestId('agent-amount-deposit').locator('dd'))),
    validBet: cents(await numberIn(region.getByTestId('agent-amount-validBet').locator('dd'))),
  };
}

/**
 * Runs the agent credit job now, through the operator's `jobs run`: it credits every agent's
 * differential due at the moment it runs, once per window. The server's own runs take each minute's
 * window as it closes, so the flow runs one of the windows before this server started, which no
 * run has taken (a window done already does nothing: the next is tried). The moment it ran.
 */
async function creditAgents(server: RunningServer): Promise<number> {
  const day = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
  for (let minute = Math.floor(Math.random() * 1_000); ; minute++) {
    const at = new Date(day + minute * 60_000 + 30_000).toISOString();
    const said = await server.ops('jobs', 'run', 'agent.agent-credit', '--at', at);
    if (/: ran\.$/.test(said)) return Date.now();
    expect(said).toMatch(/was done already/);
  }
}

/** My Income's slots line (this month): the agent's rebate on its team's slot bets, in cents. */
async function slotRebate(region: Locator): Promise<number> {
  const row = region.getByTestId('agent-income-products').locator('tbody tr', { hasText: 'Slots' });
  if ((await row.count()) === 0) return 0;
  return cents(await numberIn(row.locator('td').nth(1)));
}

test.describe('an agent sees its new player', () => {
  test('AG-01 agent1 registers a downline and makes a link; a player registers through it, deposits and spins; agent1 sees it in overview, team management, team betting, P&L and income', async ({
    page,
    browser,
    server,
  }) => {
    // A whole day of an agent and a new player through the UI, waiting twice on the 5-s fold: 80 s
    // on an idle machine; CI's run at a load of two suites reached the two-minute mark at its end.
    test.setTimeout(240_000);
    const downline = uniqueName('ad');
    const player = uniqueName('ap');
    const playerPassword = 'Linked2026';
    const deposit = 100;
    const stake = 10;

    // ---- agent1: the figures before, a downline registered, a link made ----------------------
    await preparePage(page);
    await playerSession(page, server, 'agent1', 'Agent1234');
    await openAgentCentre(page);
    // The figures before, once the agents' differentials due are credited (the agent credit job, run
    // here) and a fold has run since: whatever earlier tests on this server did is in them, income
    // included, so what changes next is this flow's own.
    const credited = await creditAgents(server);
    let region = await choose(page, 'Overview');
    await expect(async () => {
      if ((await foldedAt(region)) <= credited) region = await reopen(page, 'Overview');
      expect(await foldedAt(region)).toBeGreaterThan(credited);
    }).toPass({ timeout: 20_000 });
    // A fold takes a bounded batch: after a busy earlier test the queue can hold more than one, so
    // the figures count as 'before' only once a later fold leaves them as they were.
    let before = await overviewFigures(region);
    await expect(async () => {
      const at = await foldedAt(region);
      await expect(async () => {
        region = await reopen(page, 'Overview');
        expect(await foldedAt(region)).toBeGreaterThan(at);
      }).toPass({ timeout: 20_000 });
      const again = await overviewFigures(region);
      const settled = JSON.stringify(again) === JSON.stringify(before);
      before = again;
      expect(settled).toBe(true);
    }).toPass({ timeout: 60_000 });
    region = await choose(page, 'My Income');
    const rebateBefore = await slotRebate(region);

    region = await choose(page, 'Account (register center)');
    await region.getByRole('tab', { name: 'Register downline' }).click();
    const form = region.getByTestId('agent-register-form');
    await form.getByRole('radio', { name: 'Player' }).check();
    await form.getByTestId('agent-register-username').fill(downline);
    await expect(form.getByTestId('agent-register-password')).toHaveValue('123456');
    await form.getByTestId('agent-register-submit').click();
    const result = page.getByTestId('agent-register-result');
    await expect(result).toBeVisible();
    const facts = result.locator('dd');
    await expect(facts.nth(0)).toHaveText('Player');
    await expect(facts.nth(1)).toHaveText(downline);
    await expect(facts.nth(2)).toHaveText('123456');
    await expect(facts.nth(3)).toHaveText(/^https?:\/\/\S+$/);
    await page.getByTestId('agent-copy-close').click();
    await expect(result).toHaveCount(0);
    // The form is ready for the next one.
    await expect(form.getByTestId('agent-register-username')).toHaveValue('');

    await region.getByRole('tab', { name: 'Link registration' }).click();
    await region.getByTestId('agent-link-form').getByRole('radio', { name: 'Player' }).check();
    await region.getByTestId('agent-link-submit').click();
    const confirm = page.getByTestId('agent-link-confirm');
    await expect(confirm).toContainText('Player');
    await confirm.getByTestId('agent-confirm').click();
    const created = region.getByTestId('agent-link-created');
    await expect(created).toBeVisible();
    const linkUrl = (
      await created
        .locator('span')
        .filter({ hasText: /^https?:\/\// })
        .first()
        .innerText()
    ).trim();

    await region.getByRole('tab', { name: 'Link management' }).click();
    const linkRow = region.getByTestId('agent-links').locator('tbody tr', { hasText: linkUrl });
    await expect(linkRow).toHaveCount(1);
    const code = (await linkRow.locator('code').innerText()).trim();
    expect(code).toMatch(/^[A-Za-z0-9]{4,40}$/);
    expect(linkUrl).toContain(code);
    await expect(linkRow.getByTestId('agent-link-registrations-open')).toHaveText('0');

    // ---- the visitor: through the link, registered, a deposit, a spin --------------------------
    // The link's default format puts the code in the host's first label, which an IP address has
    // none of; the same code in ?affiliateCode= is the link format the web reads on 127.0.0.1.
    const visitor = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    const play = await visitor.newPage();
    let round: { roundId: string; bet: number; win: number; balance: number };
    try {
      await preparePage(play);
      await play.goto(`/?affiliateCode=${code}`);
      await withSwitch(server, 'CAPTCHA3', false, async () => {
        await play.locator('header').getByRole('button', { name: 'Register', exact: true }).click();
        const dialog = play.getByTestId('register-dialog');
        // The link's code is checked, applied and its input hidden (RG-12).
        await expect(dialog.getByTestId('invitation-applied')).toContainText(code);
        await expect(dialog.getByTestId('affiliate-input')).toHaveCount(0);
        const register = play.getByTestId('register-form');
        await register.getByLabel('Username', { exact: true }).fill(player);
        await register.getByLabel('Password', { exact: true }).fill(playerPassword);
        const registered = play.waitForResponse((r) => r.url().endsWith('/wps/member/register'));
        await register.getByTestId('register-submit').click();
        expect((await registered).status()).toBe(200);
      });
      await expect(play.getByTestId('first-login')).toBeVisible();
      await play.getByTestId('first-login').getByRole('button', { name: 'Start playing' }).click();
      await expect(play.getByTestId('first-login')).toHaveCount(0);
      await expect(play.getByTestId('balance-amount')).toHaveText('$0.00');

      // A deposit through the sandbox gateway's payment page.
      await play.getByTestId('member-menu-button').click();
      await play.getByTestId('member-menu').getByRole('menuitem', { name: 'Account record' }).click();
      const memberCentre = play.getByTestId('member-centre');
      await memberCentre.locator('nav [data-page="depositv2"]').click();
      const depositPage = memberCentre.getByTestId('deposit-page');
      await depositPage.locator('[data-testid^="channel-"]', { hasText: 'Online payment' }).first().click();
      await depositPage.getByTestId('amount').fill(String(deposit));
      const popup = play.waitForEvent('popup');
      await depositPage.getByTestId('deposit-submit').click();
      const pay = await popup;
      await pay.getByRole('button', { name: /Pay/ }).click();
      await expect(pay.locator('body')).toContainText(/paid|success/i);
      await pay.close();
      await expect(play.getByTestId('balance-amount')).toHaveText(`$${money(deposit)}`);

      // One spin of the house slot at 10.00.
      await play.goto('/sandbox/games/lucky-lotus');
      await expect(play.getByTestId('spin')).toBeEnabled({ timeout: 20_000 });
      const raise = play.getByRole('button', { name: 'Raise the bet' });
      while ((await play.getByTestId('bet-value').innerText()).replace(/[^\d.]/g, '') !== '10.00')
        await raise.click();
      const answer = play.waitForResponse((r) => r.url().endsWith('/wps/sandbox/house/spin'));
      await play.getByTestId('spin').click();
      round = ((await (await answer).json()) as { value: typeof round }).value;
      expect(round.bet).toBe(stake);
      expect(cents(round.balance)).toBe(cents(deposit - stake + round.win));
      await expect(play.getByTestId('last-win')).toBeVisible({ timeout: 30_000 });
    } finally {
      await visitor.close();
    }
    const balance = deposit - stake + round.win;

    // ---- agent1 again: everything the fold job has added ------------------------------------
    // Overview: two registrations today (the downline and the player), the deposit and the bet
    // (the last thing the player did: once it shows, every figure below is folded).
    await expect(async () => {
      const now = await overviewFigures(await reopen(page, 'Overview'));
      expect(now).toEqual({
        registrations: before.registrations + 2,
        deposit: before.deposit + cents(deposit),
        validBet: before.validBet + cents(stake),
      });
    }).toPass({ timeout: 30_000 });

    // Team Management: both are direct players, found by search, each with how it came.
    region = await choose(page, 'Team Management');
    await region.getByRole('tab', { name: 'Direct players' }).click();
    const team = region.getByTestId('agent-team-table');
    await search(region, 'Username or remark', player);
    await expect(team.locator('tbody tr')).toHaveCount(1);
    const playerRow = team.locator('tbody tr').first();
    await expect(playerRow.getByTestId('agent-member-open')).toHaveText(player);
    await expect(playerRow.locator('td[data-label="Balance"]')).toHaveText(money(balance));
    await expect(playerRow.locator('td[data-label="Registered"]')).toContainText('Affiliate link');
    await search(region, 'Username or remark', downline);
    await expect(team.locator('tbody tr')).toHaveCount(1);
    await expect(team.locator('tbody tr').first().getByTestId('agent-member-open')).toHaveText(downline);
    await expect(team.locator('tbody tr').first().locator('td[data-label="Registered"]')).toContainText(
      'Created by agent',
    );
    await expect(team.locator('tbody tr').first().locator('td[data-label="Balance"]')).toHaveText('0.00');

    // Team Betting: the spin, by the player's username.
    region = await choose(page, 'Team Betting');
    await search(region, 'Username', player);
    const bets = region.getByTestId('agent-bets').locator('tbody tr');
    await expect(bets).toHaveCount(1);
    await expect(bets.locator('td[data-label="Order number"]')).toContainText(player);
    await expect(bets.locator('td[data-label="Game"]')).toContainText('Lucky Lotus');
    await expect(bets.locator('td[data-label="Game"]')).toContainText('Slots');
    await expect(bets.locator('td[data-label="Bet amount"]')).toHaveText(money(stake));
    await expect(bets.locator('td[data-label="Valid bet"]')).toHaveText(money(stake));
    await expect(bets.locator('td[data-label="Win"]')).toHaveText(money(round.win));
    await expect(bets.locator('td[data-label="Win/loss"]')).toHaveText(money(round.win - stake, true));
    await expect(bets.locator('td[data-label="Status"]')).toHaveText('Settled');

    // User Profit and Loss, today: the player's row (its team is itself).
    region = await choose(page, 'User Profit and Loss');
    const plRow = region.getByTestId('agent-pl').locator('tbody tr', { hasText: player });
    await expect(plRow).toHaveCount(1);
    await expect(plRow.locator('td[data-label="Member"]')).toContainText('Level 1');
    await expect(plRow.locator('td[data-label="Deposit"]')).toHaveText(money(deposit));
    await expect(plRow.locator('td[data-label="Withdrawal"]')).toHaveText('0.00');
    await expect(plRow.locator('td[data-label="Betting"]')).toHaveText(money(stake));
    await expect(plRow.locator('td[data-label="Winning"]')).toHaveText(money(round.win));
    await expect(plRow.locator('td[data-label="Rebate"]')).toHaveText('0.00');
    await expect(plRow.locator('td[data-label="P&L"]')).toHaveText(money(round.win - stake, true));

    // My Income, this month: the slots line grew by agent1's 1.50% of the 10.00 (the player's own
    // slot rebate is 0, the link's default), once the agent credit job has run and a fold taken it.
    await creditAgents(server);
    await expect(async () => {
      region = await reopen(page, 'My Income');
      await expect(region.getByTestId('agent-income-products')).toBeVisible();
      expect(await slotRebate(region)).toBe(rebateBefore + cents(stake * 0.015));
    }).toPass({ timeout: 30_000 });

    // The link counts its registration and names the player.
    region = await choose(page, 'Account (register center)');
    await region.getByRole('tab', { name: 'Link management' }).click();
    const counted = region.getByTestId('agent-links').locator('tbody tr', { hasText: linkUrl });
    await expect(counted.getByTestId('agent-link-registrations-open')).toHaveText('1');
    await counted.getByTestId('agent-link-registrations-open').click();
    const registrations = page.getByTestId('agent-link-registrations');
    await expect(registrations.locator('tbody tr')).toHaveCount(1);
    await expect(registrations.locator('tbody tr')).toContainText(player);
    await page
      .getByRole('dialog', { name: `Registrations through ${code}` })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(registrations).toHaveCount(0);

    // The overview as the agent leaves it, photographed for people to look at.
    region = await choose(page, 'Overview');
    await expect(region.getByTestId('agent-count-registrations').locator('dd')).toHaveText(
      String(before.registrations + 2),
    );
    mkdirSync(shots, { recursive: true });
    await settled(page);
    await page.screenshot({ path: join(shots, 'flow-overview-after.png') });
  });
});
