import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { englishPage } from './shell-helpers.ts';

/** A fresh visitor in `language` (the seeded brand's default is Burmese), on a phone-sized screen. */
async function visitorIn(page: Page, language: string): Promise<void> {
  await page.addInitScript((lang: string) => window.localStorage.setItem('language', lang), language);
}

/** Every request the page makes to the platform's calls, by path. */
function countCalls(page: Page): Map<string, number> {
  const calls = new Map<string, number>();
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (/^\/(wps|lgw|lotto|config)\//.test(pathname)) calls.set(pathname, (calls.get(pathname) ?? 0) + 1);
  });
  return calls;
}

/** Web font files the page fetched. */
function countFonts(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('.woff2')) fonts.push(new URL(req.url()).pathname);
  });
  return fonts;
}

test.describe('first visit (decision 015)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const path of ['/', '/rng', '/lottery']) {
    test(`a load of ${path} makes one status call and repeats no other call`, async ({ page }) => {
      await visitorIn(page, 'en');
      const calls = countCalls(page);
      await page.goto(path);
      await expect(page.locator('footer, [data-testid="lottery-page"], main').first()).toBeVisible({
        timeout: 30_000,
      });
      await page.waitForLoadState('networkidle');
      expect(calls.get('/wps/system/status')).toBe(1);
      const repeated = [...calls].filter(([, n]) => n > 1);
      expect(repeated).toEqual([]);

      // A second load of the page asks again, once (its session copy does not replace the call).
      calls.clear();
      await page.reload();
      await page.waitForLoadState('networkidle');
      expect(calls.get('/wps/system/status')).toBe(1);
    });
  }

  // A visitor who chose no language reads the brand's (Burmese): the announcements warmed for the
  // home page's banner were asked for before the translator had a language, keyed in English, and
  // asked again in Burmese as the page rendered. The originals row's names are the shell's: none
  // of the games' six catalogues comes with the home page.
  test("a first visit to / in the brand's language repeats no call and fetches no game's strings", async ({
    page,
  }) => {
    const calls = countCalls(page);
    const catalogues: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/assets/strings/')) catalogues.push(pathname);
    });
    await page.goto('/');
    await expect(page.getByTestId('original-card-dice')).toContainText('အန်စာတုံး', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    expect([...calls].filter(([, n]) => n > 1)).toEqual([]);
    expect(calls.get('/wps/relay/MCSFE_getListAnnouncements')).toBe(1);
    expect(catalogues.filter((p) => p.includes('/originals'))).toEqual([]);
  });

  // The page's chunk loader asks for its feature's strings: asked before the start had given the
  // translator the visitor's language, they came in English as well (decision 015, twelfth pass).
  for (const path of ['/rng', '/lottery']) {
    test(`a Burmese first visit to ${path} fetches its strings in Burmese only`, async ({ page }) => {
      const catalogues: string[] = [];
      page.on('request', (req) => {
        const { pathname } = new URL(req.url());
        if (pathname.startsWith('/assets/strings/')) catalogues.push(pathname);
      });
      await visitorIn(page, 'my');
      await page.goto(path);
      await expect(page.locator('[data-testid="lottery-page"], main').first()).toBeVisible({
        timeout: 30_000,
      });
      await page.waitForLoadState('networkidle');
      const named = catalogues.map((p) => {
        const [, namespace, language] = /^\/assets\/strings\/(.+)-[\w-]{8}\/([\w-]+)\.json$/.exec(p) ?? [];
        return `${namespace}/${language}`;
      });
      expect(named).toContain('translation/my');
      expect(named).toContain(path === '/rng' ? 'games/my' : 'lottery/my');
      // The rules of the plays have no Burmese file yet: Burmese reads the English one (strings.ts).
      expect(named.filter((n) => !n.endsWith('/my') && n !== 'lottery-rules/en')).toEqual([]);
    });
  }

  test("before any script runs the page shows the start screen with the brand's name", async ({
    browser,
  }) => {
    // With scripts off the document is all a phone shows until its scripts arrive.
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const page = await bare.newPage();
      await page.goto('/lottery');
      await expect(page).toHaveTitle('Lucky Lotus');
      const screen = page.getByRole('status', { name: 'Loading' });
      await expect(screen).toBeVisible();
      await expect(screen).toHaveText('Lucky Lotus');
      // Styled by the entry's stylesheet: the brand's gradient face, centred on a full screen.
      const box = await screen.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(844);
      expect(await screen.locator('.boot-brand').evaluate((el) => getComputedStyle(el).fontWeight)).toBe(
        '900',
      );
    } finally {
      await bare.close();
    }
  });

  test("the scripts a page starts with ask V8 to compile them off the main thread; a dialog's chunk does not", async ({
    page,
    request,
  }) => {
    await visitorIn(page, 'en');
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/lottery');
    await page.waitForLoadState('networkidle');
    const html = await (await request.get('/lottery')).text();
    const entry = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
    const vendor = html.match(/<link rel="modulepreload"[^>]* href="(\/assets\/vendor-[^"]+)"/)?.[1];
    const lotteryPage = scripts.find((path) => path.includes('/lottery-page-'));
    // The register dialog's code loads when the dialog opens, not with the page under it.
    await page.goto('/register');
    await page.getByTestId('register-form').waitFor();
    const registerDialog = scripts.find((path) => path.includes('/register-dialog-'));
    expect(entry && vendor && lotteryPage && registerDialog).toBeTruthy();
    // As the browser gets them (compressed, then decoded): the hint is the first line or nothing.
    const firstLine = async (path: string) => {
      const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.ok()).toBe(true);
      return (await res.text()).split('\n', 1)[0];
    };
    for (const path of [entry!, vendor!, lotteryPage!])
      expect(await firstLine(path), path).toBe('//# allFunctionsCalledOnLoad');
    expect(await firstLine(registerDialog!)).not.toContain('allFunctionsCalledOnLoad');
  });

  test('the app replaces the start screen once it has rendered', async ({ page }) => {
    await visitorIn(page, 'en');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Play now' })).toBeVisible();
    await expect(page.locator('.boot-screen')).toHaveCount(0);
  });

  test("home's download and help row loads its code and the help centre when the reader nears it", async ({
    page,
  }) => {
    // Its popup notices seen: an open popup holds the page still.
    await englishPage(page);
    const calls = countCalls(page);
    const chunks: string[] = [];
    page.on('request', (req) => {
      if (/\/download-and-help-[\w-]+\.js$/.test(req.url())) chunks.push(req.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Play now' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // A phone's first screens: neither the row's code nor its call, nor the row.
    expect(chunks).toEqual([]);
    expect(calls.get('/wps/system/helpCenter')).toBeUndefined();
    await expect(page.getByRole('heading', { name: 'Help centre' })).toHaveCount(0);

    // Scrolled towards it, the row comes in, with its help links.
    await page.getByRole('heading', { name: 'Latest announcements' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 1200);
    const help = page.getByRole('region', { name: 'Help centre' });
    await expect(help).toBeVisible();
    await expect(help.getByRole('link').first()).toBeVisible();
    expect(chunks).toHaveLength(1);
    expect(calls.get('/wps/system/helpCenter')).toBe(1);
  });

  test("home without the row's code (a failed fetch) still shows the rest, and so does a page without the footer's", async ({
    page,
  }) => {
    await englishPage(page);
    await page.route(/\/assets\/(download-and-help|footer)-[\w-]+\.js$/, (route) => route.abort());
    const failures: string[] = [];
    page.on('requestfailed', (req) => {
      const { pathname } = new URL(req.url());
      if (/\/(download-and-help|footer)-/.test(pathname)) failures.push(pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Play now' })).toBeVisible();
    await page.getByRole('heading', { name: 'Latest announcements' }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => failures.length).toBe(2);
    // The page stands: its sections are there, only the two parts whose code failed are empty.
    await expect(page.getByRole('heading', { name: 'Latest announcements' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Help centre' })).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page.getByText('This page did not load')).toHaveCount(0);
  });

  test('an English page downloads no web font', async ({ page }) => {
    await visitorIn(page, 'en');
    const fonts = countFonts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Play now' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(fonts).toEqual([]);
  });

  const scripts = [
    { language: 'my', family: 'Noto Sans Myanmar' },
    { language: 'th', family: 'Noto Sans Thai' },
    { language: 'zh-CN', family: 'Noto Sans SC' },
  ];
  for (const { language, family } of scripts) {
    test(`a ${language} page draws its text with the web font ${family}`, async ({ page, browser }) => {
      await visitorIn(page, language);
      const fonts = countFonts(page);
      await page.goto('/');
      const nav = page.getByRole('navigation').first();
      await expect(nav).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);

      // The font is loaded, and it covers the page's own text of the script.
      const faces = await page.evaluate(
        (name) =>
          [...document.fonts].filter((f) => f.family.replace(/["']/g, '') === name).map((f) => f.status),
        family,
      );
      expect(faces).toContain('loaded');
      expect(fonts.length).toBeGreaterThan(0);
      const withFont = await nav.screenshot();

      // The same region with the font files refused: this machine has no font of its own for the
      // script, so what the page showed above came from the web font and not from a fallback.
      const bare = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const other = await bare.newPage();
      await visitorIn(other, language);
      await other.route('**/*.woff2', (route) => route.abort());
      await other.goto('/');
      const otherNav = other.getByRole('navigation').first();
      await expect(otherNav).toBeVisible();
      await other.waitForLoadState('networkidle');
      const withoutFont = await otherNav.screenshot();
      await bare.close();
      expect(withFont.equals(withoutFont)).toBe(false);
    });
  }
});
