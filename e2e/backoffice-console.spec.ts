import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { createServer } from 'node:net';
import { consoleEnrol, consolePassword } from './backoffice-kit.ts';
import { repoRoot, startServer } from './server.ts';
import { settled } from './settled.ts';
import { totpCode } from './totp.ts';

/**
 * The back-office console (issue 31, decision 032) in Chromium against the real server: the first
 * admin made by the operator CLI signs in with a password and an authenticator code computed here,
 * enrols, sees the dashboard, creates a member of staff and finds the entry in the audit log.
 */

/** Every file of a build folder, recursively. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

/** The console's own marker (apps/admin/src/marker.ts), read from its source so the two never drift. */
const MARKER = /ADMIN_MARKER = '([^']+)'/.exec(
  readFileSync(join(repoRoot, 'apps/admin/src/marker.ts'), 'utf8'),
)![1]!;

test.describe('back-office console', () => {
  test('the players’ build holds none of the console’s code; the console’s does', () => {
    const web = filesOf(join(repoRoot, 'apps/web/dist')).filter((f) => /\.(js|css|html|json)$/.test(f));
    const admin = filesOf(join(repoRoot, 'apps/admin/dist')).filter((f) => /\.(js|html)$/.test(f));
    expect(web.length).toBeGreaterThan(10);
    expect(admin.some((f) => readFileSync(f, 'utf8').includes(MARKER))).toBe(true);
    const leaked = web.filter((f) => readFileSync(f, 'utf8').includes(MARKER));
    expect(leaked).toEqual([]);
    // Nor any of the console's framework: Refine and TanStack Table are the console's alone.
    const framework = web.filter((f) =>
      /@refinedev|refine-devtools|getCoreRowModel/.test(readFileSync(f, 'utf8')),
    );
    expect(framework).toEqual([]);
  });

  test('the server serves the console under /bo/, its pages on a refresh, and keeps /bo/api/ a JSON wire', async ({
    request,
  }) => {
    for (const path of ['/bo/', '/bo/staff', '/bo/audit/12']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(await res.text()).toContain('<title>Back office</title>');
    }
    const missing = await request.get('/bo/api/nothing-here');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false });
    // The players' site is still the players' app.
    expect(await (await request.get('/')).text()).not.toContain('<title>Back office</title>');
  });

  test('with ADMIN_PORT the back office answers only on its own listener, and that listener only for it', async () => {
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => done(port));
      });
    });
    const server = await startServer({ env: { ADMIN_PORT: String(port), ADMIN_HOST: '127.0.0.1' } });
    try {
      const admin = `http://127.0.0.1:${port}`;
      const login = (base: string) =>
        fetch(`${base}/bo/api/session/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'nobody.here', password: 'wrong-password' }),
        });
      // The public port: no console, no back-office call.
      expect((await fetch(`${server.url}/bo/`)).status).toBe(404);
      expect((await login(server.url)).status).toBe(404);
      expect((await fetch(`${server.url}/wps/system/status`)).status).toBe(200);
      // Its own listener: the console and the calls, and nothing of the players' site.
      const page = await fetch(`${admin}/bo/staff`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Back office</title>');
      const refused = await login(admin);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ success: false, errorCode: 'bo.credentials.invalid' });
      expect((await fetch(`${admin}/wps/system/status`)).status).toBe(404);
      expect((await fetch(`${admin}/`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  test('the first admin from the CLI enrols with TOTP, sees the dashboard, creates staff and finds it in the audit log', async ({
    page,
    server,
  }) => {
    const made = await server.cli('staff', 'create-admin', 'opslead', '--name', 'Ops Lead');
    expect(made, made.stderr).toMatchObject({ code: 0 });
    const password = /One-time password: (\S+)/.exec(made.stdout)![1]!;

    // A wrong password is refused with the one answer for every wrong name or password.
    await consolePassword(page, { username: 'opslead', password: 'not-the-password' });
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password');

    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('First sign-in for opslead.')).toBeVisible();
    await expect(page.getByTestId('enrol-qr')).toBeVisible();
    const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.getByLabel('Code from the app').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();

    // The dashboard, with the admin's menu: every page of the console.
    await expect(page).toHaveURL(/\/bo\/?$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('who')).toContainText('Ops Lead');
    await expect(page.getByTestId('who')).toContainText('Admin');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Deposits',
      'Withdrawals',
      'Points redeems',
      'Reward requests',
      'Points mall',
      'Players',
      'Agents',
      'Lottery',
      'Games',
      'Site',
      'Content',
      'Bonus rules',
      'Raffles',
      'Referral',
      'Feedback',
      'Chat room',
      'Chat groups',
      'Reports',
      'Staff',
      'Audit log',
    ]);
    await expect(page.getByText('Back-office activity · last 24 hours')).toBeVisible();
    // At least this sign-in: the worker's server is shared with the other back-office specs.
    await expect(page.locator('.tile').filter({ hasText: 'Staff sign-ins' })).toContainText(
      /Staff sign-ins\s*[1-9]\d*/,
    );

    // A new member of staff, with the one-time password shown once.
    await nav.getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('table', { name: 'Staff accounts' })).toContainText('opslead');
    await page.getByRole('button', { name: 'New staff account' }).click();
    const dialog = page.getByRole('dialog', { name: 'New staff account' });
    await dialog.getByLabel('Username').fill('cashier.ann');
    await dialog.getByLabel('Display name').fill('Ann Cashier');
    await dialog.getByLabel('Role').selectOption('finance');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const created = page.getByRole('dialog', { name: 'Account created' });
    await expect(created.getByTestId('one-time-password')).toHaveText(/\S{12,}/);
    await created.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'cashier.ann' });
    await expect(row).toContainText('Finance');
    await expect(row).toContainText('At first sign-in');

    // The audit log names who did it, from where, and the account after.
    await nav.getByRole('link', { name: 'Audit log' }).click();
    const entries = page.getByRole('table', { name: 'Audit log entries' });
    const entry = entries
      .getByRole('row')
      .filter({ hasText: 'staff.create' })
      .filter({ hasText: 'opslead' })
      .first();
    await expect(entry).toContainText('Staff');
    // The first admin's creation by the CLI is there too (other specs on this worker's server make
    // admins the same way: this one's is among them, not the only one).
    await expect(
      entries.getByRole('row').filter({ hasText: 'staff.create' }).filter({ hasText: 'CLI' }).first(),
    ).toBeVisible();
    await entry.getByRole('link', { name: 'Details' }).click();
    await expect(page.getByRole('heading', { name: 'staff.create' })).toBeVisible();
    await expect(page.locator('.panel').filter({ hasText: 'After' }).locator('pre')).toContainText(
      '"username": "cashier.ann"',
    );
    await expect(page.locator('.panel').filter({ hasText: 'After' }).locator('pre')).toContainText(
      '"role": "finance"',
    );

    // Filtered by action prefix, then the chain verified from the console.
    await page.getByRole('link', { name: 'Audit log' }).first().click();
    await page.getByLabel('Action').fill('staff.login.');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(entries.getByRole('row').filter({ hasText: 'staff.create' })).toHaveCount(0);
    await expect(
      entries.getByRole('row').filter({ hasText: 'staff.login.failed' }).filter({ hasText: 'opslead' }),
    ).toHaveCount(1);
    await page.getByRole('button', { name: 'Verify chain' }).click();
    await expect(page.getByTestId('verify-result')).toContainText('Chain verified');

    // CSV export of the filtered list, walked to its end by Refine's useExport.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      [
        'id',
        'at',
        'actorKind',
        'actorName',
        'ip',
        'action',
        'targetType',
        'targetId',
        'before',
        'after',
        'hash',
      ]
        .map((h) => `"${h}"`)
        .join(','),
    );
    expect(lines.every((l) => l.includes(',"staff.login.'))).toBe(true);
    expect(
      lines.filter((l) => l.includes('"opslead"')).map((l) => /"staff\.login\.[a-z-]+"/.exec(l)?.[0]),
    ).toEqual(['"staff.login.password"', '"staff.login.failed"']);

    // Signing out ends the session; the console is behind sign-in again.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/bo\/signin\?reason=signed-out/);
    await expect(page.getByRole('status')).toHaveText('You have signed out.');
    await page.goto('/bo/staff');
    await expect(page).toHaveURL(/\/bo\/signin\?.*to=%2Fstaff/);
  });

  test('a role sees only its pages; a session that ends on the server goes back to sign-in', async ({
    page,
    server,
  }) => {
    const made = await server.cli('staff', 'create-admin', 'boss2');
    const password = /One-time password: (\S+)/.exec(made.stdout)![1]!;
    await consolePassword(page, { username: 'boss2', password });
    await consoleEnrol(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // A support agent made by the admin: no Staff, no Audit log, no finance queues; the players' pages.
    await page.goto('/bo/staff');
    await page.getByRole('button', { name: 'New staff account' }).click();
    const dialog = page.getByRole('dialog', { name: 'New staff account' });
    await dialog.getByLabel('Username').fill('helpdesk.bo');
    await dialog.getByLabel('Display name').fill('Help Desk');
    await dialog.getByLabel('Role').selectOption('support');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const supportPassword = await page.getByTestId('one-time-password').innerText();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    // Signing out ends the session on the server before the tab forgets it: wait for that, or the
    // next page load still carries the token, meets the ended session and says so.
    await expect(page).toHaveURL(/\/bo\/signin\?reason=signed-out/);

    await consolePassword(page, { username: 'helpdesk.bo', password: supportPassword });
    await consoleEnrol(page);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Players',
      'Feedback',
      'Chat room',
      'Chat groups',
    ]);
    await expect(page.getByText('Back-office activity')).toHaveCount(0);
    await page.goto('/bo/audit');
    await expect(page.getByText('Your role does not open this page.')).toBeVisible();

    // The session ends on the server (here its own logout from elsewhere; an idle time-out or a
    // disabled account ends it alike): the next call sends the tab back to sign-in, saying why.
    const token = await page.evaluate(() => sessionStorage.getItem('bo.token'));
    expect(token).toBeTruthy();
    await page.evaluate(async (t) => {
      await fetch('/bo/api/session/logout', { method: 'POST', headers: { authorization: t! } });
    }, token);
    await page.goto('/bo/');
    await expect(page).toHaveURL(/\/bo\/signin\?reason=ended/);
    await expect(page.getByRole('status')).toHaveText(/Your session has ended/);
  });
});

/**
 * The console's screens at the staff's desk (1440×900) and the sign-in on a phone (390×844),
 * written to .tmp/shots/backoffice to be looked at; they assert only that each screen is there.
 */
test.describe('back-office console, looked at', () => {
  const dir = join(repoRoot, '.tmp/shots/backoffice');
  test.beforeAll(() => mkdirSync(dir, { recursive: true }));

  async function shot(page: Page, name: string) {
    await settled(page);
    await page.screenshot({ path: join(dir, `${name}.png`) });
  }

  test('sign-in, enrolment, dashboard, staff, audit log and an entry', async ({ page, server }) => {
    test.setTimeout(90_000);
    const made = await server.cli('staff', 'create-admin', 'shift.lead', '--name', 'Mara Quinn');
    const password = /One-time password: (\S+)/.exec(made.stdout)![1]!;

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/bo/');
    await expect(page.getByLabel('Username')).toBeVisible();
    await shot(page, 'signin-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'signin-desk');

    await page.getByLabel('Username').fill('shift.lead');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('enrol-qr')).toBeVisible();
    await shot(page, 'enrol-desk');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'enrol-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    const secret = (await page.getByTestId('enrol-secret').innerText()).replace(/\s/g, '');
    const enrolledAt = Date.now();
    await page.getByLabel('Code from the app').fill(totpCode(secret, enrolledAt));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await page.goto('/bo/staff');
    for (const [username, name, role] of [
      ['cash.ann', 'Ann Cashier', 'finance'],
      ['desk.bo', 'Bo Desk', 'support'],
      ['risk.cy', 'Cy Risk', 'risk'],
      ['look.di', 'Di Viewer', 'read-only'],
    ] as const) {
      await page.getByRole('button', { name: 'New staff account' }).click();
      const dialog = page.getByRole('dialog', { name: 'New staff account' });
      await dialog.getByLabel('Username').fill(username);
      await dialog.getByLabel('Display name').fill(name);
      await dialog.getByLabel('Role').selectOption(role);
      if (username === 'look.di') await shot(page, 'staff-create-desk');
      await dialog.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByTestId('one-time-password')).toBeVisible();
      if (username === 'look.di') await shot(page, 'staff-created-desk');
      await page.getByRole('button', { name: 'Done' }).click();
    }
    await page
      .getByRole('row')
      .filter({ hasText: 'risk.cy' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await page
      .getByRole('dialog', { name: 'Disable staff account' })
      .getByLabel('Reason')
      .fill('moved to another team');
    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByLabel('Show disabled accounts').check();
    await expect(page.getByRole('row').filter({ hasText: 'risk.cy' })).toContainText('Disabled');
    await shot(page, 'staff-desk');

    await page.goto('/bo/');
    await expect(page.locator('.tile').first()).toBeVisible();
    await expect(page.locator('.u-over').first()).toBeVisible();
    await shot(page, 'dashboard-desk');
    await page.screenshot({ path: join(dir, 'dashboard-desk-full.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'dashboard-phone');
    await page.screenshot({ path: join(dir, 'dashboard-phone-full.png'), fullPage: true });
    await page.goto('/bo/staff');
    await expect(page.getByRole('row').filter({ hasText: 'cash.ann' })).toBeVisible();
    await shot(page, 'staff-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/bo/audit');
    await expect(
      page.getByRole('table', { name: 'Audit log entries' }).getByRole('row').nth(5),
    ).toBeVisible();
    await shot(page, 'audit-desk');
    await page
      .getByRole('table', { name: 'Audit log entries' })
      .getByRole('row')
      .filter({ hasText: 'staff.disable' })
      .click();
    await expect(page.getByRole('heading', { name: 'staff.disable' })).toBeVisible();
    await shot(page, 'audit-entry-desk');

    // The second factor of a later sign-in (the authenticator's next code).
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill('shift.lead');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByLabel('Authenticator code')).toBeVisible();
    await shot(page, 'second-factor-desk');
    await page.getByLabel('Authenticator code').fill(totpCode(secret, enrolledAt + 30_000));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    // Back where the person was when they signed out.
    await expect(page.getByRole('heading', { name: 'staff.disable' })).toBeVisible();
  });
});
