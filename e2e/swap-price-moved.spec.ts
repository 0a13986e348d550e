import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, openFromHeader } from './support/ui';

/**
 * A swap quote is not a free option: when the reference rate moved against the house past the
 * tolerance, the server refuses the execution (409 price_moved). The price feed cannot be moved from
 * the browser, so the first execution here gets that answer; everything else is the real server. The
 * form says it where the quote was and gets a new quote in one click, which then goes through. At
 * desktop and phone widths (screenshots in the temp directory).
 */

const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };
const MOVED = 'The price moved; please request a new quote';

async function logInFromLanding(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await page.getByLabel('Email').fill(ALICE.email);
  await page.getByLabel('Password', { exact: true }).fill(ALICE.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

for (const [name, width, height] of [
  ['desktop', 1366, 900],
  ['phone', 390, 844],
] as const) {
  test(`(${name}) a swap refused because the price moved gets a new quote in one click, then goes through`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height });
    await logInFromLanding(page);
    await openFromHeader(page, 'Swap', /\/swap$/);
    await page.getByLabel('Amount').fill('0.01');
    await expect(page.getByTestId('swap-receive')).toHaveText(/ BTC$/);

    let refused = false;
    await page.route('**/api/v1/swap', async (route) => {
      if (refused || route.request().method() !== 'POST') return route.fallback();
      refused = true;
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, message: MOVED, code: 'price_moved' }),
      });
    });
    await page.getByRole('button', { name: 'Swap', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
    await confirm.getByRole('button', { name: 'YES' }).click();

    const alert = page.getByRole('alert').filter({ hasText: MOVED });
    await expect(alert).toBeVisible();
    await expect(page.getByTestId('swap-receive')).toBeHidden();
    await expect(page.getByLabel('Amount')).toHaveValue('0.01');
    await page.screenshot({ path: path.join(os.tmpdir(), `swap-price-moved-${name}.png`), fullPage: true });
    await expectAccessible(page, 'swap refused for a moved price');

    await alert.getByRole('button', { name: 'Get a new quote' }).click();
    await expect(alert).toBeHidden();
    await expect(page.getByTestId('swap-receive')).toHaveText(/ BTC$/);
    await page.getByRole('button', { name: 'Swap', exact: true }).click();
    await confirm.getByRole('button', { name: 'YES' }).click();
    await expect(page.getByText('Swap successful')).toBeVisible();
    await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
  });
}
