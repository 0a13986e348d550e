import { expect, type Page, test } from '@playwright/test';
import {
  collectPageErrors,
  expectAccessible,
  logInAsCustomer,
  openFromAccountMenu,
  openFromHeader,
} from './support/ui';

/**
 * The path most people take, at a desktop and a phone width: the landing page, Login in the header,
 * the dashboard, then the wallet, Buy & Sell and History through the menus, and back to the dashboard.
 * The dashboard once crashed on exactly this path ('This page failed to load') while every flow that
 * began at /login passed, so this one starts where a person starts and fails on any page error.
 */

const widths = [
  { name: 'desktop', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Top currencies' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Assets' })).toBeVisible();
  await expect(page.getByText('This page failed to load')).toHaveCount(0);
}

for (const size of widths) {
  test(`landing → Login → dashboard → wallet → Buy & Sell → History → dashboard at ${size.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const errors = collectPageErrors(page);

    await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
    await expectDashboard(page);
    await expectAccessible(page, `dashboard at ${size.width}`);

    await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
    await expect(page.getByRole('button', { name: 'Add Money' })).toBeVisible();

    await openFromHeader(page, 'Buy Crypto', /\/buy-sell$/);
    const info = page.getByRole('dialog', { name: 'How buying and selling works' });
    await info.getByRole('button', { name: 'Got it' }).click();
    await expect(page.getByRole('heading', { name: /Order book · BTC-USDT/ })).toBeVisible();

    await openFromHeader(page, 'History', /\/history$/);
    await expect(page.getByRole('tab', { name: 'Transactions', selected: true })).toBeVisible();

    await page.getByRole('banner').getByRole('link', { name: 'Exchange' }).click();
    await expectDashboard(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/history$/);
    await page.goForward();
    await expectDashboard(page);

    expect(errors, 'uncaught page errors').toEqual([]);
  });
}
