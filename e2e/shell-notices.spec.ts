import { test, expect } from './fixtures.ts';
import { englishPage } from './shell-helpers.ts';
import { settled } from './settled.ts';

test.describe('notices', () => {
  test('NM-06 NM-07 NM-08 NM-09 NM-10 NM-11 the notice bar opens the modal at a title; 9 a page; paging clears the choice', async ({
    page,
  }) => {
    await englishPage(page);
    await page.goto('/promotions');
    const bar = page.getByRole('region', { name: 'Announcements', exact: true });
    const titles = bar.getByTestId('notice-marquee').locator('ul').first().getByRole('button');
    await expect(titles).toHaveCount(12);
    const tenth = (await titles.nth(10).textContent())!.trim();
    // The titles scroll; pause them, then pick one by keyboard (it may sit outside the visible strip).
    await bar.getByRole('button', { name: 'Pause the announcements' }).click();
    await expect(bar.getByRole('button', { name: 'Resume the announcements' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await titles.nth(10).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Announcements' });
    await expect(dialog).toBeVisible();
    const list = dialog.getByRole('navigation', { name: 'Announcement titles' });
    // Index 10 is on the second page (9 a page).
    await expect(dialog.getByText('2 / 2')).toBeVisible();
    await expect(list.locator('ol').getByRole('button')).toHaveCount(3);
    await expect(list.getByRole('button', { name: tenth })).toHaveAttribute('aria-current', 'true');
    await expect(dialog.getByRole('article').getByRole('heading')).toHaveText(tenth);
    await expect(dialog.getByRole('article').locator('time')).toHaveText(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    await dialog.getByRole('button', { name: 'Previous page' }).click();
    await expect(dialog.getByText('1 / 2')).toBeVisible();
    const firstPage = list.locator('ol').getByRole('button');
    await expect(firstPage).toHaveCount(9);
    await expect(dialog.getByRole('article')).toContainText('Choose an announcement');
    await firstPage.first().click();
    await expect(dialog.getByRole('article').getByRole('heading')).toHaveText(
      (await firstPage.first().locator('span').first().textContent())!,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('NM-12 an announcement carrying script runs none of it', async ({ page, server }) => {
    const title = `Security notice ${Date.now()}`;
    const html =
      '<p>Read carefully.</p><img src=x onerror="window.__pwned=(window.__pwned||0)+1"><script>window.__pwned=(window.__pwned||0)+1</script>' +
      '<a href="javascript:window.__pwned=(window.__pwned||0)+1">claim</a><p onmouseover="window.__pwned=1">hover</p>';
    const id = await server.ops('notice', 'add', '--title', title, '--html', html, '--type', 'PL');
    try {
      await englishPage(page);
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto('/noticePage');
      const list = page.getByRole('navigation', { name: 'Announcement titles' });
      await list.getByRole('button', { name: title }).click();
      const article = page.getByRole('article');
      await expect(article).toContainText('Read carefully.');
      await article.getByText('claim').click();
      await article.getByText('hover').hover();
      // Every picture in it has loaded or failed: where a surviving onerror would have run.
      await expect
        .poll(() =>
          article.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
        )
        .toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await article.innerHTML()).not.toMatch(/onerror|<script|javascript:|onmouseover/i);
      expect(dialogs).toEqual([]);
    } finally {
      const match = /\d+/.exec(id);
      if (match) await server.ops('notice', 'remove', match[0]);
    }
  });

  test('the popup notice shows once per session on home', async ({ page }) => {
    await englishPage(page, { popupsSeen: false });
    // The popup waits for the first banner (at most 3 s) and an idle moment: on the page's clock,
    // moved on by the test after the reload, so those waits are surely over when it looks.
    await page.clock.install();
    await page.goto('/');
    const popup = page.getByTestId('popup-notice');
    await expect(popup).toContainText('Welcome bonus: 100% on your first deposit');
    await popup.getByRole('button', { name: 'Got it' }).click();
    await expect(popup).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Play now' })).toBeVisible();
    await page.clock.runFor(5_000);
    await page.waitForLoadState('networkidle');
    await settled(page);
    await expect(page.getByTestId('popup-notice')).toHaveCount(0);
  });
});
