import { test, expect } from './fixtures.ts';

test('the server answers health and serves the web app', async ({ page, request, server }) => {
  const health = await request.get(`${server.url}/healthz`);
  expect(health.ok()).toBe(true);
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
});
