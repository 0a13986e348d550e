import { expect, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer } from './support/ui';

/**
 * The spec's placeholder screens, reached the way a person would: Blog & News from the header, its
 * second page, an article and Go Back; Investment baskets from the dashboard; Pro trading from Buy & Sell.
 */
test('alice walks through the blog, the basket and the professional trading preview', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
  // The login toast fades out over the next pages; axe would judge its half-transparent colours.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });

  // Alice lands on the dashboard, where the Investment baskets card is.
  await page.getByRole('link', { name: 'Explore baskets' }).click();
  await expect(page).toHaveURL(/\/basket-sip$/);
  await expect(page.getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
  await expectAccessible(page, '/basket-sip');

  await nav.getByRole('link', { name: 'Blog & News', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs and News' })).toBeVisible();
  await expectAccessible(page, '/blog-news');
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: /How deposits reach your wallet/ }).click();
  await expect(page).toHaveURL(/\/blog-details$/);
  await expectAccessible(page, '/blog-details');
  await page.getByRole('link', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/blog-news$/);

  await nav.getByRole('link', { name: 'Buy Crypto', exact: true }).click();
  const info = page.getByRole('dialog', { name: 'How buying and selling works' });
  await info.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('link', { name: 'Pro trading' }).click();
  await expect(page).toHaveURL(/\/protrading-buy-sell$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Professional Trading' })).toBeVisible();
  await page.getByRole('button', { name: 'Quick Buy' }).click();
  await expect(page.getByText(/This is a preview/)).toBeVisible();
  await expectAccessible(page, '/protrading-buy-sell');

  expect(errors).toEqual([]);
});
