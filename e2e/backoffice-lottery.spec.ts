import { test, expect } from './fixtures.ts';
import { createMember, secureApi, uniqueName } from './accounts-helpers.ts';
import { boCall, boPost, consoleSession, look, staffAccounts } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * The back office's Lottery section (issue 31, decision 034) in Chromium against the real server:
 * an official game added by the operator CLI, a player's bet on its numero on sale, and an admin
 * who signs in with TOTP, finds the draw awaiting its result, enters it, sees the settlement's
 * effect (bets changed, paid to players, the house's figure) before confirming, then the settled
 * numero; the player's balance holds exactly the preview's payout. With LOOK_DIR set, the screens
 * are photographed at 1440×900.
 */
async function lgw(server: RunningServer, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

test.describe('back-office lottery', () => {
  test.setTimeout(180_000);

  test('an admin signs in with TOTP, enters an official result after previewing the settlement’s effect, and the player is paid exactly that', async ({
    page,
    server,
  }) => {
    // The first admin from the CLI (enrolled over the wire) makes the admin who uses the console.
    const { ltop: operator, adminToken: setup } = await staffAccounts(server, {
      ltop: { role: 'admin', displayName: 'Lottery desk' },
    });

    // An official game of 30-second draws (its results entered by hand), and a player with 50.00.
    const code = `E2E${Math.floor(Math.random() * 1e6)}`;
    expect(
      await server.ops(
        'lottery',
        'game',
        'add',
        '--code',
        code,
        '--name',
        'E2E official 30 s',
        '--family',
        'SSC',
        '--official=yes',
        '--interval',
        '30',
        '--lock',
        '5',
      ),
    ).toContain(`Game ${code} added`);
    const player = uniqueName('ltp');
    await createMember(server, player, 'Play1234');
    const found = await boCall(server, `/players?key=username&q=${player}`, { token: setup });
    const playerId = (found.list as { id: number }[])[0]!.id;
    await boPost(
      server,
      '/players/adjust',
      { id: playerId, direction: 'credit', amount: 50, reason: 'e2e stake', requestKey: crypto.randomUUID() },
      setup,
    );
    const session = await secureApi(server, '/wps/session/login', {
      type: 'username',
      captcha: '',
      username: player,
      password: 'Play1234',
    });
    const token = (session.value as { token: string }).token;

    // 5 on the first digit, three times (6.00): the numero on sale now, or the next if it is closing.
    let numero = '';
    await expect
      .poll(
        async () => {
          const near = (await lgw(server, `/lgw/numeros/near?gameCode=${code}`, token)).json as {
            gameId: number;
            currentNumero: { numero: string; isSale: boolean };
          };
          if (!near.currentNumero?.isSale) return 'closed';
          const bet = await lgw(server, '/lgw/orders/betting', token, {
            gameId: near.gameId,
            currentNumero: near.currentNumero.numero,
            prizeModeId: 4,
            bettingSlipString: '5____~1~1016~1~1960~3',
            betCartAmountSum: 6,
          });
          if (bet.status !== 200) return `refused ${JSON.stringify(bet.json)}`;
          numero = near.currentNumero.numero;
          return 'placed';
        },
        { timeout: 40_000, intervals: [1000] },
      )
      .toBe('placed');

    // The console: the admin signs in with the password and enrols the authenticator.
    await consoleSession(page, server, operator);

    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Lottery' })
      .click();
    const games = page.getByRole('table', { name: 'Lottery games' });
    const row = games.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('every 30 s');
    await expect(row).toContainText('Official');
    await look(page, 'bo-lottery-games');

    // The numero's page while it is on sale: its liability.
    await page.goto(`/bo/lottery/${code}/${numero}`);
    const liability = page.getByRole('region', { name: 'Liability' });
    await expect(liability.getByRole('table', { name: 'Exposure by bet content' })).toContainText('5____');
    await expect(liability).toContainText('58.80');
    await look(page, 'bo-lottery-numero-open');

    // Once the draw time has passed, the draw awaits its result.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByTestId('numero-status').innerText();
        },
        { timeout: 45_000, intervals: [2000] },
      )
      .toBe('Awaiting result');
    await page.getByRole('link', { name: code }).click();
    await expect(
      page
        .getByRole('table', { name: `Numeros of ${code}` })
        .getByRole('row')
        .filter({ hasText: numero }),
    ).toContainText('Awaiting result');
    await look(page, 'bo-lottery-game');
    await page
      .getByRole('table', { name: `Numeros of ${code}` })
      .getByRole('link', { name: numero })
      .click();

    await page.getByTestId('numero-actions').getByRole('button', { name: 'Enter result' }).click();
    const dialog = page.getByRole('dialog', { name: `Enter result: ${code} ${numero}` });
    await dialog.getByLabel('Result').fill('5,1,2,3,4');
    await dialog.getByRole('button', { name: 'Preview the settlement' }).click();
    const preview = dialog.getByTestId('settlement-preview');
    await expect(preview).toContainText('Bets changed');
    await expect(preview.getByTestId('preview-house')).toHaveText(/−58\.80/);
    await expect(preview.getByRole('table', { name: 'Players whose money moves' })).toContainText(player);
    await look(page, 'bo-lottery-preview');
    // Nothing moved yet.
    expect((await boCall(server, `/players/balances?id=${playerId}`, { token: setup })).total).toBe(44);
    await preview.getByRole('button', { name: 'Confirm: enter result' }).click();
    await expect(page.getByTestId('numero-status')).toHaveText('Settled');
    await expect(page.getByTestId('win-no')).toHaveText('5,1,2,3,4');
    await expect(page.getByRole('table', { name: 'Result revisions' })).toContainText('Official');
    await look(page, 'bo-lottery-settled');

    // The player holds exactly what the preview said: 50 − 6 + 58.80.
    expect((await boCall(server, `/players/balances?id=${playerId}`, { token: setup })).total).toBe(102.8);
    const audit = await boCall(server, `/audit?action=lottery.result&targetId=${code}-${numero}`, {
      token: setup,
    });
    expect((audit.list as { actorName: string }[]).map((e) => e.actorName)).toEqual([operator.username]);
  });
});
