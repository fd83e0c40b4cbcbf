import { test, expect } from './fixtures.ts';
import { createMember, playerSession, preparePage, secureApi, uniqueName } from './accounts-helpers.ts';
import { boCall, boPost, consoleSession, look, staffAccounts } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * Raffles end to end (issue 32, decision 053) in Chromium against the real server. Staff (content
 * desk) create a raffle through the API whose entries close in seconds; two members enter through
 * the API and a third on /raffles (one tap, the ticket shown); the server's own draw job draws it
 * (no hand on the clock), the page shows the winners and the player's win and its proof, and the
 * prize is in the player's wallet. On the console, the Raffles page shows the winners with the
 * ledger movements that paid them, and a new raffle is created, edited and cancelled in the forms.
 * With LOOK_DIR set, each screen is photographed at 1440×900 and 390×844.
 */

async function playerApi(server: RunningServer, token: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

async function member(server: RunningServer, prefix: string) {
  const username = uniqueName(prefix);
  await createMember(server, username, 'Raffle1234');
  const login = await secureApi(server, '/wps/session/login', { username, password: 'Raffle1234' });
  return { username, token: (login.value as { token: string }).token };
}

type PlayerRaffle = { id: number; phase: string; winners: { account: string; amount: number }[] };

test.describe('raffles', () => {
  test.setTimeout(240_000);

  test('a member enters a raffle on /raffles, the draw job draws it once and pays the prize, the page shows the winners and the win; staff see the winners and create, edit and cancel a raffle on the console', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const { desk, adminToken } = await staffAccounts(server, {
      desk: { role: 'content', displayName: 'Raffle desk' },
    });
    const others = [await member(server, 'rfa'), await member(server, 'rfb')];
    const playerName = uniqueName('rfp');
    await createMember(server, playerName, 'Raffle1234');

    await consoleSession(page, server, desk);
    const staffToken = await page.evaluate(() => sessionStorage.getItem('bo.token'));
    const stamp = Date.now() % 100000;
    const title = `Friday lucky draw ${stamp}`;
    const closesAt = Date.now() + 45_000;
    const raffle = (await boPost(
      server,
      '/raffles',
      {
        title,
        description: 'One free ticket each. Three cash prizes.',
        opensAt: Date.now() - 60_000,
        closesAt,
        drawAt: closesAt + 1_000,
        prizes: [50, 20, 10],
      },
      staffToken!,
    )) as { id: number; seedHash: string };
    for (const o of others)
      await playerApi(server, o.token, '/wps/relay/MCSFE_claimRafflePromotion', {
        promotionId: raffle.id,
        raffleScheduleId: raffle.id,
      });

    // The player: /raffles from the promotions page, the open raffle with its prizes; enter with one tap.
    const player = await page.context().newPage();
    await player.setViewportSize({ width: 1440, height: 900 });
    // English pages, the popup notices seen (the brand's default language is Burmese).
    await preparePage(player);
    await playerSession(player, server, playerName, 'Raffle1234');
    await player.goto('/promotions');
    await player.getByTestId('raffles-link').click();
    await expect(player).toHaveURL(/\/raffles$/);
    await expect(player.getByRole('heading', { name: 'Lucky draws', level: 1 })).toBeVisible();
    const card = player.locator(`[data-testid="raffle-card"][data-raffle="${raffle.id}"]`);
    await expect(card).toContainText(title);
    await expect(card).toContainText('Open');
    await expect(card.getByRole('list', { name: 'Prizes' })).toContainText('Prize 1');
    await expect(card.getByTestId('raffle-entries')).toHaveText('2');
    await card.getByTestId('raffle-enter').click();
    await expect(card.getByTestId('raffle-ticket')).toContainText('Your ticket #');
    await expect(card.getByTestId('raffle-entries')).toHaveText('3');
    await expect(card.getByTestId('raffle-enter')).toHaveCount(0);
    await expect(player.getByTestId('raffle-summary')).toBeVisible();
    await look(player, 'raffles-open', { phone: true });

    // The server's draw job (every minute) draws it after the close; the page reads it again.
    // The tab's own session (a second login could end it).
    const playerToken = (await player.evaluate(() => sessionStorage.getItem('token')))!;
    const balance = async () =>
      ((await playerApi(server, playerToken, '/wps/v2/wallets/balance')) as { sumBalance: number })
        .sumBalance;
    const before = await balance();
    await expect
      .poll(
        async () => {
          const list = (await playerApi(server, others[0]!.token, '/wps/raffles')) as {
            list: PlayerRaffle[];
          };
          return list.list.find((r) => r.id === raffle.id)?.phase;
        },
        { timeout: 150_000, intervals: [5_000] },
      )
      .toBe('DRAWN');
    await player.reload();
    const drawn = player.locator(`[data-testid="raffle-card"][data-raffle="${raffle.id}"]`);
    await expect(drawn).toHaveAttribute('data-phase', 'DRAWN');
    await expect(drawn.getByTestId('raffle-winners').getByRole('row')).toHaveCount(4);
    // Three tickets, three prizes: every entrant won one, the player's own row marked.
    await expect(drawn.getByTestId('raffle-my-win')).toContainText('You won');
    await expect(drawn.getByTestId('raffle-winners')).toContainText(`${playerName} (you)`);
    await expect(player.getByTestId('raffle-my-wins')).not.toHaveText('$0.00');
    await drawn.getByText('Check this draw').click();
    await expect(drawn).toContainText(raffle.seedHash);
    await look(player, 'raffles-drawn', { phone: true });
    // The prize reached the wallet (one of 50, 20 or 10).
    expect([10, 20, 50]).toContain(Math.round((await balance()) - before));
    await player.close();

    // The console: the raffle drawn, its winners with the ledger movements that paid them.
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await nav.getByRole('link', { name: 'Raffles' }).click();
    await expect(page.getByRole('heading', { name: 'Raffles', level: 1 })).toBeVisible();
    const row = page.locator(`[data-testid="raffle-row"][data-raffle="${raffle.id}"]`);
    await expect(row.getByTestId('raffle-phase')).toHaveText('Drawn');
    await row.getByRole('button', { name: 'Winners' }).click();
    const winners = page.getByRole('table', { name: `Winners of raffle ${raffle.id}` });
    await expect(winners.getByRole('row')).toHaveCount(4);
    await expect(winners).toContainText(playerName);
    await look(page, 'bo-raffles', { phone: true });

    // A new raffle through the form, then edited, then cancelled with a reason.
    await page.getByTestId('raffle-new').click();
    const form = page.getByRole('dialog', { name: 'New raffle' });
    const newTitle = `Monthly draw ${stamp}`;
    await form.getByLabel('Title').fill(newTitle);
    await form.getByLabel('Description (shown to players)').fill('Big prizes at the end of the month.');
    await form.getByLabel('Cash prizes by place, first place first').fill('abc');
    await form.getByRole('button', { name: 'Save raffle' }).click();
    await expect(form.getByRole('alert')).toContainText('Prizes are amounts');
    await form.getByLabel('Cash prizes by place, first place first').fill('888, 188, 88');
    await look(page, 'bo-raffle-new');
    await form.getByRole('button', { name: 'Save raffle' }).click();
    await expect(form).toBeHidden();
    const created = page.getByTestId('raffle-row').filter({ hasText: newTitle });
    await expect(created.getByTestId('raffle-phase')).toHaveText('Open');
    await expect(created).toContainText('1,164');
    await created.getByTestId('raffle-edit').click();
    const edit = page.getByRole('dialog', { name: /^Edit raffle #/ });
    await edit.getByLabel('Cash prizes by place, first place first').fill('1000, 200');
    await edit.getByRole('button', { name: 'Save raffle' }).click();
    await expect(edit).toBeHidden();
    await expect(created).toContainText('1,200');
    await created.getByTestId('raffle-cancel').click();
    const cancel = page.getByRole('dialog', { name: /^Cancel raffle #/ });
    await cancel.getByLabel('Reason').fill('Replaced by the spring draw');
    await cancel.getByRole('button', { name: 'Cancel raffle' }).click();
    await expect(cancel).toBeHidden();
    await expect(created.getByTestId('raffle-phase')).toHaveText('Cancelled');
    await expect(created.getByTestId('raffle-edit')).toHaveCount(0);

    // Audited, with who did it (read with the setup admin's session: the content desk has no audit.read).
    const audit = (await boCall(server, `/audit?action=raffle.&actorName=${desk.username}`, {
      token: adminToken,
    })) as { list: { action: string; actorName: string }[] };
    expect(audit.list.map((e) => e.action)).toEqual(
      expect.arrayContaining(['raffle.create', 'raffle.update', 'raffle.cancel']),
    );
    expect(audit.list.filter((e) => e.action === 'raffle.create')).toHaveLength(2);
  });
});
