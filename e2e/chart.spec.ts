import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer } from './support/ui';

/**
 * The trading screen's chart against the real server and its simulated feed: alice opens Buy & Sell
 * from the header and reads the BTC-USDT market in its own quote currency, with the last 24 hours'
 * figures; she switches 1H / 1D / 1W and candles / line, then a coin without a market (ADA, in USD).
 * Every state is checked with axe; the layout is captured at a laptop's and a phone's width.
 */

async function openBuySell(page: Page): Promise<void> {
  const header = page.getByRole('banner');
  const link = header.getByRole('link', { name: 'Buy Crypto' });
  const menu = header.getByRole('button', { name: 'Open menu' });
  // On a phone the header's links live in its menu.
  await expect(link.or(menu).first()).toBeVisible();
  if (!(await link.first().isVisible())) await menu.click();
  await link.first().click();
  const info = page.getByRole('dialog', { name: 'How buying and selling works' });
  await expect(info).toBeVisible();
  await info.getByRole('button', { name: 'Got it' }).click();
  await expect(info).toBeHidden();
}

async function readChart(page: Page, width: number): Promise<void> {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
  await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
  await openBuySell(page);

  const chart = page.getByRole('region', { name: 'BTC / USDT' });
  await expect(chart.getByRole('heading', { name: 'BTC / USDT' })).toBeVisible();
  await expect(chart.getByRole('figure', { name: 'BTC / USDT candles over the last day' })).toBeVisible();
  // The seeded feed back-fills a day, so the 24 h figures are real at once.
  for (const label of ['24h High', '24h Low', '24h Change']) {
    await expect(chart.getByText(label)).toBeVisible();
    await expect(chart.getByText(label).locator('xpath=following-sibling::dd')).toHaveText(/\d/);
  }
  await expect(chart.getByText('24h Volume (BTC)')).toBeVisible();
  await expect(chart.getByRole('button', { name: '1D' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expectAccessible(page, 'chart, one day of candles');
  await chart.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`chart-${width}.png`), fullPage: false });

  await chart.getByRole('button', { name: '1H' }).click();
  await expect(chart.getByRole('figure', { name: 'BTC / USDT candles over the last hour' })).toBeVisible();
  await chart.getByRole('button', { name: '1W' }).click();
  await expect(chart.getByRole('figure', { name: 'BTC / USDT candles over the last week' })).toBeVisible();
  await chart.getByRole('button', { name: 'Line' }).click();
  await expect(chart.getByRole('figure', { name: 'BTC / USDT line over the last week' })).toBeVisible();
  await expect(chart.getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'chart, a week as a line');
  await page.screenshot({ path: test.info().outputPath(`chart-line-${width}.png`), fullPage: false });

  // A coin without a USDT market is charted against USD, its instant-order currency.
  await page.getByLabel('Coin').selectOption('ADA');
  const ada = page.getByRole('region', { name: 'ADA / USD' });
  await expect(ada.getByRole('figure', { name: 'ADA / USD line over the last week' })).toBeVisible();
  await ada.getByRole('button', { name: 'Candles' }).click();
  await expect(ada.getByRole('figure', { name: 'ADA / USD candles over the last week' })).toBeVisible();
  await expectAccessible(page, 'chart of a coin against USD');
  expect(errors).toEqual([]);
}

test('alice reads the BTC / USDT chart over 1H, 1D and 1W as candles or a line, at 1366 px', async ({
  page,
}) => {
  await readChart(page, 1366);
});

test('the same chart works on a 390 px phone', async ({ page }) => {
  await readChart(page, 390);
});
