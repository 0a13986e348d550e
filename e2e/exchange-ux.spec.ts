import { expect, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * Issue 13's trading screen as a trader uses it, from the landing page: the house's ladder fills the
 * book with several levels a side around a spread, a level's price becomes the limit price, the
 * percent buttons size the order, the user's orders sit under the form, and "How it works" opens by
 * itself only on the first visit. On a phone the form is on screen without scrolling.
 */

test('the book has a ladder and a spread, a level fills the limit price, 50% sizes the order', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  const errors = collectPageErrors(page);
  await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
  await openFromHeader(page, 'Buy Crypto', /\/buy-sell$/);

  // First visit: the info opens by itself; closed, it stays closed on the next visit.
  const info = page.getByRole('dialog', { name: 'How buying and selling works' });
  await expect(info).toBeVisible();
  await info.getByRole('button', { name: 'Got it' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'History', exact: true }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Buy Crypto', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Order book · BTC-USDT/ })).toBeVisible();
  await expect(info).toHaveCount(0);
  await page.getByRole('button', { name: 'How it works' }).click();
  await expect(info).toBeVisible();
  await info.getByRole('button', { name: 'Got it' }).click();

  // The house quotes a ladder: several levels a side, and a spread between them.
  const bids = page.getByRole('button', { name: /^Bid .*use as limit price$/ });
  const asks = page.getByRole('button', { name: /^Ask .*use as limit price$/ });
  await expect.poll(() => bids.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  await expect.poll(() => asks.count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('book-spread')).toContainText('USDT');
  await expectAccessible(page, 'buy-sell with the ladder');

  // The house requotes as the price moves, so the level is read from the button at the moment it is clicked.
  const level = bids.nth(1);
  const [price] = await Promise.all([level.getAttribute('data-price'), level.click()]);
  await expect(page.getByRole('radio', { name: 'Limit' })).toBeChecked();
  await expect(page.getByLabel('Limit Price')).toHaveValue(/^\d+(\.\d+)?$/);
  expect(price).toMatch(/^\d+(\.\d+)?$/);

  await page.getByRole('button', { name: '50%' }).click();
  await expect(page.getByLabel('Quantity')).not.toHaveValue('');
  await expect(page.getByText('Total (held until filled)')).toBeVisible();

  // The user's orders on this market sit under the form.
  const mine = page.getByRole('region', { name: 'Your orders' });
  await expect(mine.getByRole('tab', { name: 'Open orders' })).toBeVisible();
  await mine.getByRole('tab', { name: 'Recent fills' }).click();
  await expect(page.getByRole('heading', { name: 'Recent trades' })).toBeVisible();
  expect(errors, 'uncaught page errors').toEqual([]);
});

test('on a 390 px phone the order form is on screen at once, and History tables are cards', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
  await openFromHeader(page, 'Buy Crypto', /\/buy-sell$/);
  await page
    .getByRole('dialog', { name: 'How buying and selling works' })
    .getByRole('button', { name: 'Got it' })
    .click();
  const buy = page.getByRole('button', { name: 'Buy BTC' });
  await expect(buy).toBeInViewport();
  await expectAccessible(page, 'buy-sell at 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await openFromHeader(page, 'History', /\/history$/);
  const firstRow = page.getByRole('table', { name: 'Transactions' }).locator('tbody tr').first();
  await expect(firstRow.getByText('SUCCESS')).toBeVisible();
  // A stacked card: the status sits inside the screen, not behind a sideways scroll.
  const status = firstRow.locator('td').last();
  const box = await status.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'history at 390 px');
});
