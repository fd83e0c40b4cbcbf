import { expect, type Page } from '@playwright/test';

/**
 * The session storage keys that put off the contract modal at login (issue 30) for the demo agents,
 * as each closing it would: they hold offers, and the modal is e2e/agent-contracts.spec.ts's
 * business. The flag is per member (apps/web/src/features/agent/contracts/contract-modal.tsx), so a
 * member a test makes itself still meets the modal.
 */
export const CONTRACT_MODAL_PUT_OFF = ['agent1', 'agent2', 'subagent3', 'subagent4'].map(
  (username) => `contractRequestsLater:${username}`,
);

/**
 * English pages, and the home page's popup notices either marked as seen (most tests) or left to
 * open (the popup's own test). The default language of the seeded brand is Burmese.
 */
export async function englishPage(page: Page, { popupsSeen = true } = {}): Promise<void> {
  let ids: number[] = [];
  if (popupsSeen) {
    const res = await page.request.get(
      '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B',
      { headers: { Merchant: 'SEA888' } },
    );
    ids =
      ((await res.json()) as { value?: { popup?: { id: number }[] } }).value?.popup?.map((p) => p.id) ?? [];
  }
  await page.addInitScript(
    ({ seen, later }: { seen: number[]; later: string[] }) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
      if (seen.length) window.sessionStorage.setItem('popupNoticeSeen', JSON.stringify(seen));
      for (const key of later) window.sessionStorage.setItem(key, '1');
    },
    { seen: ids, later: CONTRACT_MODAL_PUT_OFF },
  );
}

/** The page header (top bar, brand bar, navigation), the notice bar and the footer, as locators. */
export function chrome(page: Page) {
  return {
    header: page.getByRole('navigation', { name: 'Main navigation' }),
    noticeBar: page.getByRole('region', { name: 'Announcements', exact: true }),
    footer: page.locator('footer'),
  };
}

/** Scrolls to the bottom so below-the-fold parts (the footer) load. */
export async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 20; i++) {
      window.scrollTo(0, document.body.scrollHeight);
      await new Promise((r) => setTimeout(r, 60));
    }
  });
}

/**
 * Presses Escape in the open dialog once it holds the focus. The dialog listens for Escape on
 * itself and takes the focus just after it is drawn (apps/web/src/shared/ui/modal.tsx), so an
 * Escape pressed the moment it shows can land on the page behind and leave it open.
 */
export async function escapeDialog(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')))
    .toBe(true);
  await page.keyboard.press('Escape');
}
