import { expect, test } from '@playwright/test';

test('the app loads on the same port as the API', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Exchange/);
});
