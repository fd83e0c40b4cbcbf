import { test, expect } from './fixtures.ts';
import { chrome, englishPage, scrollToBottom } from './shell-helpers.ts';

test.describe('route table', () => {
  test.beforeEach(async ({ page }) => englishPage(page));

  test('SH-01 history mode: real paths, no hash, back and forward work', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Slots' })
      .click();
    await expect(page).toHaveURL(/\/rng$/);
    expect(new URL(page.url()).hash).toBe('');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Promotions' })
      .click();
    await expect(page).toHaveURL(/\/promotions$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
    // A deep link loads directly (the server answers every route with the app).
    await page.goto('/noticePage');
    await expect(page.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
  });

  test('SH-02 /, /index, /index.html and /home show the home page', async ({ page }) => {
    for (const path of ['/', '/index', '/index.html', '/home']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Play now' }), path).toBeVisible();
      await expect(page.getByRole('region', { name: 'Featured' }), path).toBeVisible();
    }
  });

  test('SH-03 /register and /register.html show home with the register dialog over it', async ({ page }) => {
    for (const path of ['/register', '/register.html']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Play now' }), path).toBeVisible();
      await expect(page.getByRole('dialog'), path).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('heading').first(), path).toContainText(
        /create your account|register/i,
      );
    }
  });

  test('SH-04 /noticePage lists the announcements', async ({ page }) => {
    await page.goto('/noticePage');
    await expect(
      page.getByRole('navigation', { name: 'Announcement titles' }).locator('ol').getByRole('button'),
    ).toHaveCount(9);
  });

  test('SH-05 /vip has no header', async ({ page }) => {
    await page.goto('/vip');
    await expect(
      page.getByTestId('vip-page').getByRole('heading', { level: 1, name: 'VIP Club' }),
    ).toBeVisible();
    await expect(chrome(page).header).toHaveCount(0);
    // Scoped to the page: the lazily loaded footer's logo link is also named "... home".
    await expect(page.getByTestId('vip-page').getByRole('link', { name: 'Home' })).toBeVisible();
  });

  test('SH-06 /pointMall shows the points mall', async ({ page }) => {
    await page.goto('/pointMall');
    await expect(page.getByRole('heading', { level: 1, name: 'Points mall' })).toBeVisible();
    await expect(page.getByText('1.20').first()).toBeVisible();
  });

  test('SH-07 /sports and /esports render the same games page', async ({ page }) => {
    await page.goto('/sports');
    const kinds = page.getByRole('navigation', { name: 'Sports or e-sports' });
    await expect(kinds).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sports' })).toBeVisible();
    await kinds.getByRole('link', { name: 'E-sports' }).click();
    await expect(page).toHaveURL(/\/esports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'E-sports' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sports or e-sports' })).toBeVisible();
  });

  test('SH-08 /lottery shows the header only: no notice bar, no footer', async ({ page }) => {
    await page.goto('/lottery');
    await expect(page.getByRole('heading', { level: 1, name: 'Lottery' })).toBeVisible();
    await expect(chrome(page).header).toBeVisible();
    await scrollToBottom(page);
    await expect(chrome(page).noticeBar).toHaveCount(0);
    await expect(chrome(page).footer).toHaveCount(0);
  });

  test('SH-09 /vnlottery, /seaLottery and /elott each show a lottery variant', async ({ page }) => {
    for (const [path, title] of [
      ['/vnlottery', 'Vietnam lottery'],
      ['/seaLottery', 'SEA lottery'],
      ['/elott', 'E-lottery'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Lottery types' }).getByRole('link', { name: title }),
      ).toHaveAttribute('aria-current', 'page');
    }
  });

  test('SH-10 /rng, /bgs, /bingo, /live, /fish and /pvp share one game-list page reading vassalage', async ({
    page,
  }) => {
    for (const [path, title] of [
      ['/rng', 'Slots'],
      ['/bgs', 'Slots'],
      ['/bingo', 'Bingo'],
      ['/live', 'Live casino'],
      ['/fish', 'Fishing'],
      ['/pvp', 'Cards'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title }), path).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Providers' }), path).toBeVisible();
    }
    await page.goto('/rng?vassalage=PG');
    await expect(page.getByTestId('provider-spotlight')).toContainText('PG Soft');
    await expect(
      page.getByRole('navigation', { name: 'Providers' }).getByRole('link', { name: 'PG Soft' }),
    ).toHaveAttribute('aria-current', 'page');
    // /bgs starts with the BGS vendor group chosen.
    await page.goto('/bgs');
    await expect(page.getByTestId('provider-spotlight')).toContainText('BGaming');
  });

  test('SH-12 SH-13 SH-14 /hot, /promotions and /promoDetail', async ({ page }) => {
    await page.goto('/hot');
    await expect(page.getByRole('heading', { level: 1, name: 'Hot games' })).toBeVisible();
    await page.goto('/promotions');
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const card = page.getByTestId('promotion-card').filter({ hasText: 'Daily reload bonus 10%' });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: 'Details' }).click();
    await expect(page).toHaveURL(/\/promoDetail\?id=\d+$/);
    await expect(page.getByTestId('promotion-detail')).toContainText(
      'Reload any day and receive a 10% bonus',
    );
  });

  test('SH-15 SH-20 /seamless and /game hold a game in a frame; a foreign address is refused', async ({
    page,
  }) => {
    await page.goto('/game?url=%2Fhelpmc&title=Help%20frame');
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/helpmc$/);
    await expect(page.frameLocator('[data-testid="game-frame"]').getByTestId('helpmc-page')).toBeVisible();
    await page.goto('/seamless?url=%2Fhelpmc');
    await expect(page.getByTestId('game-frame')).toBeVisible();
    await page.goto('/game?url=https%3A%2F%2Fevil.example%2Fphish');
    await expect(
      page.getByText('Invalid URL (the domain check failed). Please contact customer service.'),
    ).toBeVisible();
    await expect(page.getByTestId('game-frame')).toHaveCount(0);
    await page.goto('/seamless');
    await expect(page.getByText('Choose a game to start')).toBeVisible();
  });

  test('SH-16 SH-17 /help shows the help centre; /helpmc shows it without header or footer', async ({
    page,
  }) => {
    await page.goto('/help?topic=terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    await expect(page.getByTestId('help-article')).toContainText('Terms and conditions');
    await page.goto('/helpmc');
    await expect(page.getByTestId('helpmc-page')).toBeVisible();
    await expect(page.getByTestId('help-article')).toContainText('About Lucky Lotus');
    await scrollToBottom(page);
    await expect(chrome(page).header).toHaveCount(0);
    await expect(chrome(page).footer).toHaveCount(0);
  });

  test('SH-18 SH-19 /download shows the apps with QR codes; /join the agent programme', async ({ page }) => {
    await page.goto('/download');
    await expect(page.getByRole('heading', { level: 1, name: 'App download' })).toBeVisible();
    await expect(page.getByTestId('download-app')).toHaveCount(2);
    await expect(page.getByRole('img', { name: /QR code to download the iOS app/ })).toBeVisible();
    await page.goto('/join');
    await expect(page.getByRole('heading', { level: 1, name: 'Join us' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact us' })).toBeVisible();
  });

  test('SH-21 /login shows the login page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-page')).toBeVisible();
    await expect(page.getByTestId('login-page').getByRole('heading', { level: 1 })).toContainText(
      'Welcome to Lucky Lotus',
    );
  });

  test('an unknown path shows a friendly 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await page.getByTestId('not-found-page').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
