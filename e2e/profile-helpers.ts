import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { createMember, loginThroughPopup, preparePage, uniqueName } from './accounts-helpers.ts';
import type { RunningServer } from './server.ts';

export const LOGIN_PASSWORD = 'Login12345';

/**
 * The preamble of every security-centre test: a new member (registered through the API), logged in
 * through the popup, with the member centre open on "My account". Answers the centre and the name.
 */
export async function openSecurityCentre(page: Page, server: RunningServer, prefix: string) {
  await preparePage(page);
  const username = uniqueName(prefix);
  await createMember(server, username, LOGIN_PASSWORD);
  await loginThroughPopup(page, username, LOGIN_PASSWORD);
  await page.getByTestId('member-menu-button').click();
  await page.getByTestId('member-menu').getByRole('menuitem', { name: 'My account' }).click();
  const centre = page.getByTestId('member-centre');
  await expect(centre.getByTestId('security-centre')).toBeVisible();
  return { centre, username };
}
