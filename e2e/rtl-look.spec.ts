import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { demoChatMessages } from '../apps/server/src/seed/demo-chat.ts';
import { freshIp, playerSession, preparePage, secureApi, withSwitch } from './accounts-helpers.ts';
import type { RunningServer } from './server.ts';
import { settled } from './settled.ts';

/**
 * LN-07, every player page in Arabic (issue 33, decision 044): the demo player and the demo agent
 * walk the whole site in Arabic at 1440×900 and 390×844 — home, the lottery lobby and a game's
 * client (the number picker, the trend chart, the chase planner), the game lists, an original,
 * promotions, VIP, points mall, raffles, notices, help, chat, responsible gambling, every page of
 * the member centre and of the agent centre. On each: the document is right to left, nothing
 * overflows the page sideways, and a date with its time reads date first (isolated left to right).
 * The layout mirrors: the header's first link and the centres' menus stand on the right. With
 * LOOK_DIR set, each page is photographed at both sizes. The chat room is also walked open, with
 * the Lobby a demo start seeds: its messages, the member's own Arabic words, and the same room in
 * English beside it.
 */
const lookDir = process.env.LOOK_DIR;
const SIZES = [
  [1440, 900],
  [390, 844],
] as const;

async function arabic(page: Page) {
  // A brand that offers Arabic in its picker (moreLanguages), as languages-rtl.spec.ts serves it.
  await page.route('**/config/brand.json', async (route) => {
    const response = await route.fetch();
    const brand = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...brand, moreLanguages: ['AR', 'FA', 'UR'] } });
  });
  await page.addInitScript(() => {
    if (!window.sessionStorage.getItem('e2e.rtl.language')) {
      window.sessionStorage.setItem('e2e.rtl.language', '1');
      window.localStorage.setItem('language', 'ar');
    }
  });
}

/**
 * The page at rest: its answers in (no request running) and no spinner left (the shared spinner: a
 * status whose only child is its hidden label; class names are hashed in the build).
 */
async function atRest(page: Page, scope: Locator | Page = page) {
  await page.waitForLoadState('networkidle');
  await expect(scope.locator('span[role="status"]:has(> span.visually-hidden:only-child)')).toHaveCount(0, {
    timeout: 20_000,
  });
}

/**
 * The checks of every page: right to left, no sideways overflow of the document, and every
 * `yyyy-MM-dd HH:mm` on screen drawn date first (its year left of its time); then the photograph.
 */
async function check(page: Page, name: string, width: number) {
  await settled(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const overflow = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect
    .soft(overflow.scroll, `${name} at ${width}: no sideways overflow`)
    .toBeLessThanOrEqual(overflow.client + 1);
  const dates = await page.evaluate(() => {
    const out: { text: string; dateFirst: boolean }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const m = /\d{4}-\d\d-\d\d \d\d:\d\d/.exec(text);
      if (!m) continue;
      const parent = node.parentElement!;
      if (parent.closest('[hidden], [aria-hidden="true"]') || !parent.getClientRects().length) continue;
      const box = (at: number) => {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect();
      };
      const year = box(m.index);
      const hour = box(m.index + 11);
      // Only what is laid out on one line (a wrapped date is judged by its own lines).
      if (!year.width || Math.abs(year.top - hour.top) > 4) continue;
      out.push({ text: m[0], dateFirst: year.left < hour.left });
    }
    return out;
  });
  for (const d of dates) expect.soft(d.dateFirst, `${name}: "${d.text}" reads date first`).toBe(true);
  if (lookDir) {
    mkdirSync(lookDir, { recursive: true });
    await page.screenshot({ path: join(lookDir, `rtl-look-${name}-${width}.png`) });
  }
}

/** Whether `a` stands right of `b` (the start side of a right-to-left page). */
async function rightOf(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB).toBeTruthy();
  expect(boxA!.x).toBeGreaterThan(boxB!.x);
}

/** Whether the text of `data` is drawn left to right: its first character left of its last. */
async function readsLeftToRight(data: Locator): Promise<{ text: string; direction: string; ltr: boolean }> {
  return data.evaluate((el) => {
    // Its first character (in its first text node) and its last (in its last): React may write
    // "+" and "95" as two nodes.
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const nodes: Node[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent) nodes.push(node);
    const box = (node: Node, at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    const last = nodes.at(-1)!;
    return {
      text: el.textContent ?? '',
      direction: getComputedStyle(el).direction,
      ltr: box(nodes[0]!, 0).left < box(last, last.textContent!.length - 1).left,
    };
  });
}

const PLAYER_PAGES: [name: string, path: string][] = [
  ['home', '/'],
  ['lottery-lobby', '/lottery'],
  ['lottery-picker', '/lottery?gameCode=SSC1'],
  ['lottery-results', '/lottery?gameCode=SSC1&tab=results'],
  ['lottery-trend', '/lottery?gameCode=SSC1&tab=trend'],
  ['slots', '/rng'],
  ['live', '/live'],
  ['fishing', '/fish'],
  ['original-limbo', '/sandbox/games/limbo'],
  ['promotions', '/promotions'],
  ['vip', '/vip'],
  ['points-mall', '/pointMall'],
  ['raffles', '/raffles'],
  ['notices', '/noticePage'],
  ['help', '/help'],
  ['chat', '/chatRoom'],
  ['responsible', '/responsible'],
];

const CENTRE_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
] as const;

const AGENT_PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
] as const;

test('LN-07 every player page in Arabic: right to left, mirrored, no sideways overflow, dates read date first', async ({
  page,
  server,
}) => {
  test.setTimeout(600_000);
  await arabic(page);
  await preparePage(page);
  await playerSession(page, server, 'demo', 'Demo1234');
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    for (const [name, path] of PLAYER_PAGES) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await atRest(page);
      await check(page, name, width);
      if (name === 'home' && width > 1000) {
        const nav = page.getByRole('navigation', { name: 'التنقل الرئيسي' });
        await rightOf(nav.getByRole('link').first(), nav.getByRole('link').nth(1));
      }
      if (name === 'lottery-picker' && width > 1000) {
        // The last draw's number in the client's head: "20261130-0336", not "0336-20261130".
        const last = page.locator('header bdi[dir="ltr"]').filter({ hasText: /^\d{8}-\d+$/ });
        await expect(last.first()).toBeVisible();
        for (const numero of await last.all())
          expect(await readsLeftToRight(numero)).toMatchObject({ direction: 'ltr', ltr: true });
      }
      if (name === 'lottery-trend') {
        // Each result reads in its order ("5,9,6,6,3"), and the line through the hits is mirrored
        // with the ball columns, which run from the right.
        const result = page.getByTestId('trend-result').first();
        expect(await readsLeftToRight(result)).toMatchObject({ direction: 'ltr', ltr: true });
        const line = page.getByTestId('trend-chart').locator('xpath=preceding-sibling::*[name()="svg"]');
        expect(await line.evaluate((el) => getComputedStyle(el).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
        const [lineBox, tableBox] = [
          await line.boundingBox(),
          await page.getByTestId('trend-chart').boundingBox(),
        ];
        // It ends where the table's ball columns end on the left (the table's left edge).
        expect(Math.abs(lineBox!.x - tableBox!.x)).toBeLessThan(2);
      }
      if (name === 'lottery-picker') {
        // The chase planner, switched on: its table of the next draws.
        const chase = page.locator('section[aria-labelledby="chase-title"]');
        await chase.getByRole('checkbox').first().check();
        await expect(chase.getByTestId('chase-plan')).toBeVisible();
        await atRest(page);
        await check(page, 'lottery-chase', width);
      }
    }

    // The member centre, each of its pages; on a desktop its menu stands on the right.
    await page.goto('/');
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').getByRole('menuitem').first().click();
    const centre = page.getByTestId('member-centre');
    await expect(centre).toBeVisible();
    for (const key of CENTRE_PAGES) {
      const entry = centre.locator(`nav [data-page="${key}"]`);
      if (!(await entry.isVisible()))
        await centre
          .getByRole('button', { name: /القائمة|menu/i })
          .first()
          .click();
      await entry.click();
      const section = centre.locator('section[data-page]');
      await expect(section).toHaveAttribute('data-page', key);
      await atRest(page, section);
      if (width > 1000 && key === 'securityCenter') await rightOf(centre.locator('nav').first(), section);
      await check(page, `centre-${key}`, width);
      if (key === 'securityCenter') {
        // The mobile number reads "+95 9****456", its plus first, in the right-to-left row.
        expect(await readsLeftToRight(centre.getByTestId('sc-mobile-value'))).toMatchObject({
          direction: 'ltr',
          ltr: true,
        });
        await centre.getByTestId('profile-open').click();
        await expect(centre.getByTestId('profile-form')).toBeVisible();
        await atRest(page, centre);
        await check(page, 'centre-profile', width);
        await page.keyboard.press('Escape');
        if (!(await centre.isVisible())) {
          await page.getByTestId('member-menu-button').click();
          await page.getByTestId('member-menu').getByRole('menuitem').first().click();
        }
      }
    }
  }
});

test('LN-07 the agent centre in Arabic: every page right to left, its menu on the right, no sideways overflow', async ({
  page,
  server,
}) => {
  test.setTimeout(400_000);
  await arabic(page);
  await preparePage(page);
  await playerSession(page, server, 'agent1', 'Agent1234');
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await page.getByTestId('member-menu-button').click();
    await page.getByTestId('member-menu').locator('[data-page="agentCentre"]').click();
    const centre = page.getByTestId('account-centre');
    await expect(centre).toBeVisible();
    for (const key of AGENT_PAGES) {
      const toggle = centre.getByTestId('agent-menu-button');
      if (await toggle.isVisible()) await toggle.click();
      await centre.getByRole('navigation').locator(`[data-page="${key}"]`).click();
      const region = centre.locator(`section[data-page="${key}"]`);
      await expect(region).toBeVisible();
      await expect(region.locator('[data-agent-page]')).toBeVisible();
      await expect(region.getByTestId('agent-loading')).toHaveCount(0);
      await atRest(page, region);
      if (width > 1000 && key === 'agentAnnouncement')
        await rightOf(centre.getByRole('navigation').first(), region);
      await check(page, `agent-${key}`, width);
    }
  }
});

test('LN-07 registration in Arabic: the mobile tab’s country code reads +NN left to right', async ({
  page,
}) => {
  await arabic(page);
  await preparePage(page);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.goto('/register');
    const dialog = page.getByTestId('register-dialog');
    await expect(dialog).toBeVisible();
    // The second tab: the mobile number (the first, the username).
    await dialog.getByRole('tab').nth(1).click();
    const code = dialog.getByTestId('country-picker').locator('span[dir="ltr"]');
    await expect(code).toHaveText(/^\+\d+$/);
    expect(await readsLeftToRight(code)).toMatchObject({ direction: 'ltr', ltr: true });
    await atRest(page, dialog);
    await check(page, 'register-mobile', width);
  }
});

/** A player's call to the room (the chat calls take plain JSON with the session's token). */
async function roomCall(server: RunningServer, token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: unknown; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

/**
 * The room on a phone as a chat app (decision 054): straight after it opens, without scrolling the
 * page, the composer's send button is on the screen, the list fills the space between the room's
 * header and the composer and is scrolled to the newest message, and the side bar's floating
 * button (hidden on this page on phones) covers neither the list nor the composer; customer
 * service is in the room's header.
 */
async function roomFitsPhone(page: Page, where: string) {
  const { width, height } = page.viewportSize()!;
  const list = page.getByTestId('chat-messages');
  const send = page.getByTestId('chat-send');
  await expect(send).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), `${where}: the page not scrolled`).toBe(0);
  // The panel fits itself to the screen once what stands above it has its height.
  await expect
    .poll(
      async () => {
        const box = await send.boundingBox();
        return box ? box.y + box.height : Infinity;
      },
      { message: `${where}: the send button on the first screen` },
    )
    .toBeLessThanOrEqual(height);
  const sendBox = (await send.boundingBox())!;
  expect(sendBox.x).toBeGreaterThanOrEqual(0);
  expect(sendBox.x + sendBox.width).toBeLessThanOrEqual(width);
  expect(sendBox.y).toBeGreaterThanOrEqual(0);
  const listBox = (await list.boundingBox())!;
  const composerBox = (await page.getByTestId('chat-composer').boundingBox())!;
  expect(composerBox.y + composerBox.height, `${where}: the whole composer on screen`).toBeLessThanOrEqual(
    height,
  );
  // The list runs down to the composer and takes most of the screen.
  expect(Math.abs(listBox.y + listBox.height - composerBox.y)).toBeLessThan(2);
  expect(listBox.height, `${where}: the list fills the screen`).toBeGreaterThan(height * 0.45);
  // Scrolled to the newest message: the list's bottom reached, its last message inside it.
  await expect
    .poll(() => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight))
    .toBeLessThanOrEqual(2);
  const last = (await page.getByTestId('chat-message').last().boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(listBox.y + listBox.height + 1);
  // The floating button: not drawn here, or at least over neither the messages nor the composer.
  const floating = await page.getByTestId('side-bar').boundingBox();
  const overlaps = (a: NonNullable<typeof floating>, b: NonNullable<typeof floating>) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  if (floating) {
    expect(overlaps(floating, listBox), `${where}: the floating button off the messages`).toBe(false);
    expect(overlaps(floating, composerBox), `${where}: the floating button off the composer`).toBe(false);
  }
  // Customer service, which that button opens elsewhere, is in the room's header instead.
  await expect(page.getByTestId('chat-header').getByTestId('chat-service')).toBeVisible();
}

test('LN-07 the chat room in Arabic with messages: own words on the mirrored side, nicknames and amounts left to right, no sideways overflow, on a phone the composer on the first screen and the floating button off the room; the same room in English', async ({
  page,
  server,
}) => {
  test.setTimeout(300_000);
  await withSwitch(server, 'CBS3', true, async () => {
    // The Lobby as a demo start seeds it (DEMO_CHAT=1, seed/demo-chat.ts): the demo players' words,
    // here sent through the room's own call by each of them.
    const tokens = new Map<string, string>();
    let lobby = 0;
    for (const m of demoChatMessages) {
      let token = tokens.get(m.username);
      if (!token) {
        const login = await secureApi(
          server,
          '/wps/session/login',
          { username: m.username, password: 'Player1234' },
          { ip: freshIp() },
        );
        if (!login.success) throw new Error(`login ${m.username}: ${login.message}`);
        token = (login.value as { token: string }).token;
        tokens.set(m.username, token);
      }
      if (!lobby)
        lobby = ((await roomCall(server, token, '/wps/relay/CBS_launchChat')) as { groupId: number }).groupId;
      await roomCall(server, token, '/wps/chat/messages', { groupId: lobby, content: m.content });
    }

    await arabic(page);
    await preparePage(page);
    await playerSession(page, server, 'demo', 'Demo1234');
    const arabicWords = 'مساء الخير للجميع، سألعب 3-7-9 الليلة 🍀';
    const room = page.getByTestId('chat-room');
    const message = (text: string) => page.getByTestId('chat-message').filter({ hasText: text }).last();
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.goto('/chatRoom');
      await expect(room).toBeVisible();
      await expect(message('Golden Koi')).toBeVisible();
      if (width < 1000) await roomFitsPhone(page, `chat in Arabic at ${width}`);
      if (width === SIZES[0][0]) {
        // Words in Arabic, typed and sent with Enter, appear as the member's own.
        await page.locator('#chat-input').fill(arabicWords);
        await page.locator('#chat-input').press('Enter');
        await expect(message(arabicWords)).toBeVisible();
        await expect(page.locator('#chat-input')).toHaveValue('');
      }
      const mine = message(arabicWords);
      await mine.scrollIntoViewIfNeeded();
      await expect(mine.getByTestId('chat-text')).toHaveText(arabicWords);
      await atRest(page);
      await check(page, 'chat-room', width);
      // Own words stand on the mirrored side: others' bubbles at the start (right), the member's
      // own at the end (left), each against its edge of the list.
      const list = await page.getByTestId('chat-messages').boundingBox();
      const theirs = await message('Golden Koi').getByTestId('chat-text').boundingBox();
      const own = await mine.getByTestId('chat-text').boundingBox();
      expect(list && theirs && own).toBeTruthy();
      expect(Math.abs(list!.x + list!.width - 16 - (theirs!.x + theirs!.width))).toBeLessThan(24);
      expect(Math.abs(own!.x - (list!.x + 16))).toBeLessThan(24);
      expect(own!.x).toBeLessThan(theirs!.x);
      // The Arabic words read right to left; a Latin nickname and a Latin message with an amount
      // ("$125.50 on a $2 spin") read left to right inside the right-to-left page.
      expect(await mine.getByTestId('chat-text').evaluate((el) => getComputedStyle(el).direction)).toBe(
        'rtl',
      );
      const koi = message('Golden Koi');
      expect(await readsLeftToRight(koi.locator('bdi').first())).toMatchObject({ ltr: true });
      await expect(koi.locator('bdi').first()).toHaveText('Hai Phong Player');
      expect(await readsLeftToRight(koi.getByTestId('chat-text'))).toMatchObject({
        direction: 'ltr',
        ltr: true,
      });
      // The header's own name ("Lucky Demo") and the composer's count ("0/300") read left to right.
      expect(await readsLeftToRight(page.getByTestId('chat-nickname'))).toMatchObject({ ltr: true });
      expect(await readsLeftToRight(page.locator('#chat-count'))).toMatchObject({
        direction: 'ltr',
        ltr: true,
      });
      // The group list stands on the start side (right) of the room on a desktop.
      if (width > 1000) await rightOf(room.getByRole('navigation'), page.getByTestId('chat-messages'));
    }

    // The same room in English: left to right, the member's own words on the right.
    await page.evaluate(() => window.localStorage.setItem('language', 'en'));
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.goto('/chatRoom');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(message('Golden Koi')).toBeVisible();
      if (width < 1000) await roomFitsPhone(page, `chat in English at ${width}`);
      const mine = message(arabicWords);
      await mine.scrollIntoViewIfNeeded();
      await atRest(page);
      await settled(page);
      const theirs = await message('Golden Koi').getByTestId('chat-text').boundingBox();
      const own = await mine.getByTestId('chat-text').boundingBox();
      expect(own!.x + own!.width).toBeGreaterThan(theirs!.x + theirs!.width);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `chat in English at ${width}: no sideways overflow`).toBeLessThanOrEqual(1);
      if (lookDir) await page.screenshot({ path: join(lookDir, `rtl-look-chat-room-en-${width}.png`) });
    }
  });
});
