import { defineConfig } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Specs that change the whole site for everyone (the site closed for maintenance, region blocks,
 * switches): beside them, another worker's pages met the maintenance screen or a vendor list
 * without its lanes (SY-13 beside NC-29 failed both, every time, session 32). They run after
 * the others, one at a time.
 */
const SITE_WIDE = /(backoffice-games-site|shell-status|ops-cli)\.spec\.ts$/;

/**
 * Specs on a server of their own (their worker fixture starts it, with its own settings): each
 * needs a worker of its own, and the time-out warning's spec waits out real minutes. Run last in
 * the queue, as they did by their fixtures' order, they trailed the run on one worker while the
 * other had nothing left; first, they run beside the others (decision 026, session 34).
 */
const OWN_SERVER = /(accessibility-timeout|shell-login-required|social-sign-in)\.spec\.ts$/;

/** The real server and the built web app, driven in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  globalSetup: './global-setup.ts',
  // Generous on purpose (decision 026): a test asserts behaviour, not speed, and CI shares these
  // 2-core machines with other work; a slow moment is not a failure. A real failure still fails
  // twice; only its time grows.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // One retry in CI: a test that passes on retry is reported as flaky (reports/playwright.json),
  // not hidden; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // Reduced motion, a player's own setting the pages honour (decision 026): on these machines
    // Chromium draws animations in software, and an idle page's marquee alone kept its GPU process
    // busy (17.3 s of CPU in 20 s against 1.5 s with reduced motion), a third of the suite's CPU.
    // A test about motion itself says so with test.use({ reducedMotion: 'no-preference' }).
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // A project's tests are queued in the order of the projects here.
  projects: [
    { name: 'own-server', testMatch: OWN_SERVER },
    { name: 'chromium', testIgnore: [SITE_WIDE, OWN_SERVER] },
    { name: 'site-wide', testMatch: SITE_WIDE, dependencies: ['own-server', 'chromium'], workers: 1 },
  ],
});
