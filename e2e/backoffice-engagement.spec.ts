import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { createMember, secureApi, uniqueName } from './accounts-helpers.ts';
import { boCall, consoleSession, look, staffAccounts } from './backoffice-kit.ts';
import type { RunningServer } from './server.ts';

/**
 * The engagement desks of the back office (decision 051) in Chromium against the real server: a
 * player's reward request (made through the API, with a picture and a remark) is approved on the
 * Reward requests page, its picture shown, and the bonus is in the player's bonus wallet at once;
 * a reload's bonus rules are edited on the Bonus rules page (the match percent, once a day) and
 * switched off, each read back through the API and found in the audit log. The Referral page
 * opens with its terms, and the player's feedback is handled with a reply on the Feedback page. With LOOK_DIR set, each screen is
 * photographed at 1440×900 (the queues at 390×844 too).
 */

async function playerApi(
  server: RunningServer,
  token: string,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
) {
  const raw = body instanceof Buffer;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      Authorization: token,
      ...(body === undefined ? {} : { 'content-type': raw ? 'image/png' : 'application/json' }),
    },
    body: body === undefined ? undefined : raw ? new Uint8Array(body) : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; value: Record<string, unknown>; message?: string };
  if (!json.success) throw new Error(`${path}: ${json.message}`);
  return json.value;
}

/** A picture a player would send: a receipt-like card, as a PNG. */
function picture(label: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200">
    <rect width="320" height="200" fill="${colour}"/>
    <rect x="20" y="20" width="280" height="160" rx="12" fill="#ffffff" opacity="0.85"/>
    <text x="40" y="90" font-family="sans-serif" font-size="26" fill="#222">${label}</text>
    <text x="40" y="130" font-family="sans-serif" font-size="18" fill="#555">e2e picture</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe('back-office engagement desks', () => {
  test.setTimeout(180_000);

  test('a reward request is approved with its picture shown and the bonus reaches the player; a bonus rule is edited and switched off, audited', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const stamp = Date.now() % 100000;
    const addNotice = async (title: string) =>
      Number(
        /Notice (\d+)/.exec(
          await server.ops('notice', 'add', '--type', 'PR', '--title', title, '--html', '<p>Rules</p>'),
        )![1],
      );
    // A reward on request (30, 1× the bonus) and a daily reload (10 % up to 100, 5× the bonus).
    const requestTitle = `Share a win ${stamp}`;
    const requestPromo = await addNotice(requestTitle);
    await server.ops(
      'promo',
      'rule',
      String(requestPromo),
      '--kind',
      'REQUEST',
      '--fixed',
      '30',
      '--wagering',
      '1',
      '--base',
      'BONUS',
    );
    const reloadTitle = `Weekend reload ${stamp}`;
    const reloadPromo = await addNotice(reloadTitle);
    await server.ops(
      'promo',
      'rule',
      String(reloadPromo),
      '--kind',
      'RELOAD',
      '--match',
      '10',
      '--cap',
      '100',
      '--wagering',
      '5',
      '--base',
      'BONUS',
    );

    // The player joins and sends the request with a picture and a remark, through the API.
    const username = uniqueName('rwq');
    await createMember(server, username, 'Reward1234');
    const login = await secureApi(server, '/wps/session/login', { username, password: 'Reward1234' });
    const token = (login.value as { token: string }).token;
    await playerApi(server, token, '/wps/relay/MCSFE_signUpPromotionJoin', { promotionId: requestPromo });
    const png = await picture('Big win 1,250', '#3a6ea5');
    await playerApi(server, token, '/wps/relay/MCSFE_signUpRequestReward', {
      promotionId: requestPromo,
      pictures: [png.toString('base64')],
      remarks: 'Won 1,250 on a slot tonight',
    });
    // And a feedback with an image, for the inbox.
    const image = await playerApi(
      server,
      token,
      '/wps/feedback/image',
      await picture('Frozen page', '#a5543a'),
    );
    await playerApi(
      server,
      token,
      '/wps/feedback',
      {
        sender: username,
        content: 'The deposit page froze after I chose a bank.',
        type: 'BUG',
        images: [image.id],
      },
      'PUT',
    );

    const { eng: admin, adminToken: setup } = await staffAccounts(server, {
      eng: { role: 'admin', displayName: 'Engagement desk' },
    });
    await consoleSession(page, server, admin);
    const nav = page.getByRole('navigation', { name: 'Back office' });

    // Reward requests: the queue, the player's request with its picture; approve with the usual reward.
    await nav.getByRole('link', { name: 'Reward requests' }).click();
    const table = page.getByRole('table', { name: 'Reward requests' });
    const row = table.getByRole('row').filter({ hasText: username });
    await expect(row).toContainText(requestTitle);
    await expect(row).toContainText('Won 1,250 on a slot tonight');
    await expect(row.getByTestId('request-pictures').getByRole('img')).toBeVisible();
    expect(
      await row
        .getByTestId('request-pictures')
        .getByRole('img')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(320);
    await look(page, 'bo-reward-requests', { phone: true });
    await row.getByTestId('request-approve').click();
    const decide = page.getByRole('dialog', { name: `Approve ${username}'s request` });
    await expect(decide).toContainText(requestTitle);
    await look(page, 'bo-reward-request-approve');
    await decide.getByTestId('decide-confirm').click();
    await expect(page.getByText(`Approved: 30 to ${username}'s bonus wallet`)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: username })).toHaveCount(0);
    // The player's bonus wallet holds it, with its wagering.
    const wallet = (await playerApi(server, token, '/wps/bonus')) as {
      active: { amount: number; required: number };
    };
    expect(wallet.active).toMatchObject({ amount: 30, required: 30 });
    // Decided: the row with who approved it.
    await page.getByTestId('request-view').selectOption('DECIDED');
    const decided = table.getByRole('row').filter({ hasText: username });
    await expect(decided.getByTestId('request-status')).toContainText('Approved');
    await expect(decided).toContainText(`by ${admin.username}`);

    // Bonus rules: the reload's rules edited (25 %, once a day), then switched off.
    await nav.getByRole('link', { name: 'Bonus rules' }).click();
    const rules = page.getByRole('table', { name: 'Promotion rules' });
    const reload = rules.getByRole('row').filter({ hasText: reloadTitle });
    await expect(reload).toContainText('10 % up to 100');
    await look(page, 'bo-promotions');
    await reload.getByTestId('rule-edit').click();
    const dialog = page.getByRole('dialog', { name: `Rules of ${reloadTitle}` });
    await dialog.getByLabel('Match (% of the deposit)').fill('25');
    await dialog.getByLabel('Once a day').check();
    await dialog.getByLabel('LIVE contribution').fill('15');
    await look(page, 'bo-promotion-rule-edit');
    await dialog.getByRole('button', { name: 'Save rules' }).click();
    await expect(dialog).toBeHidden();
    await expect(reload).toContainText('25 % up to 100');
    await expect(reload).toContainText('Once a day');
    await reload.getByTestId('rule-toggle').click();
    await expect(reload.getByTestId('rule-state')).toHaveText('Off');
    const saved = (await boCall(server, '/promotions/rules', { token: setup })) as {
      list: {
        id: number;
        matchPercent: number;
        oncePerDay: boolean;
        enabled: boolean;
        contributions: Record<string, number>;
      }[];
    };
    expect(saved.list.find((r) => r.id === reloadPromo)).toMatchObject({
      matchPercent: 25,
      oncePerDay: true,
      enabled: false,
      contributions: expect.objectContaining({ LIVE: 15 }),
    });
    const audit = (await boCall(server, `/audit?action=promotion.&targetId=${reloadPromo}&size=10`, {
      token: setup,
    })) as { list: { action: string; actorName: string }[] };
    expect(audit.list.map((e) => e.action)).toEqual(
      expect.arrayContaining(['promotion.rule.update', 'promotion.rule.enable']),
    );
    // The console's changes are the admin's (the rule's creation was the operator command's).
    expect(
      audit.list
        .filter((e) => e.action !== 'promotion.rule.create')
        .every((e) => e.actorName === admin.username),
    ).toBe(true);

    // Referral and Feedback: the pages open with their figures and the player's feedback.
    await nav.getByRole('link', { name: 'Referral' }).click();
    await expect(
      page.getByRole('form', { name: 'Referral terms' }).getByLabel('Reward per qualified friend'),
    ).toBeVisible();
    await look(page, 'bo-referral');
    await nav.getByRole('link', { name: 'Feedback' }).click();
    const inbox = page.getByRole('table', { name: 'Feedback' });
    const mine = inbox.getByRole('row').filter({ hasText: 'The deposit page froze' });
    await expect(mine.getByTestId('feedback-images').getByRole('img')).toBeVisible();
    await look(page, 'bo-feedback', { phone: true });
    // Handled with a reply: it leaves the open list and shows under Handled with who and what.
    await mine.getByTestId('feedback-handle').click();
    const handle = page.getByRole('dialog', { name: /^Handle feedback #/ });
    await handle.getByLabel('Reply or remark').fill('Asked the payments team to check the bank list.');
    await look(page, 'bo-feedback-handle');
    await handle.getByRole('button', { name: 'Mark handled' }).click();
    await expect(inbox.getByRole('row').filter({ hasText: 'The deposit page froze' })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Show' }).selectOption('HANDLED');
    const done = inbox.getByRole('row').filter({ hasText: 'The deposit page froze' });
    await expect(done.getByTestId('feedback-state')).toHaveText('Handled');
    await expect(done).toContainText(`by ${admin.username}`);
  });
});
