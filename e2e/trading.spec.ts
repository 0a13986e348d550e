import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, logInAsCustomer } from './support/ui';

/**
 * The /buy-sell screen and History's Order Transaction tab against the real server: alice (KYC
 * verified, seeded with USD, USDT and BTC) buys and sells BTC instantly, places a limit buy far
 * below the market and cancels it; the form's rules show their messages; bob (no KYC) is sent to
 * KYC. Every screen is checked with axe: no serious or critical violations.
 */

const logIn = logInAsCustomer;

/** Opens Buy & Sell from the header ('Buy Crypto') and closes the info modal it shows on load. */
async function openBuySell(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Buy Crypto' }).click();
  const info = page.getByRole('dialog', { name: 'How buying and selling works' });
  await expect(info).toBeVisible();
  await info.getByRole('button', { name: 'Got it' }).click();
  await expect(info).toBeHidden();
  await expect(page.getByRole('heading', { name: 'BTC / USDT' })).toBeVisible();
}

/** An instant trade is a wallet transaction: History opens on Transactions, where it is listed. */
async function expectOnTransactions(page: Page, label: 'Bought BTC' | 'Sold BTC'): Promise<void> {
  await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Transactions', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Transactions' });
  // The trade is listed, and the newest row is highlighted on arrival (other e2e files act as alice
  // in parallel, so the trade need not be the newest row by the time the list loads).
  await expect(table.locator('tbody tr').filter({ hasText: label }).first()).toBeVisible();
  await expect(table.locator('tbody tr').first()).toHaveAttribute('aria-current', 'true');
}

async function expectOnOrderHistory(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Order Transaction', selected: true })).toBeVisible();
}

test('alice sees the info modal, the chart and the book, and the rules speak for an empty and a too-small quantity', async ({
  page,
}) => {
  await logIn(page, 'alice@example.com', 'Alice@123456');
  await page.getByRole('banner').getByRole('link', { name: 'Buy Crypto' }).click();
  await expect(page.getByRole('dialog', { name: 'How buying and selling works' })).toBeVisible();
  await expectAccessible(page, 'buy-sell info modal');
  await page.getByRole('button', { name: 'Got it' }).click();

  await expect(page.getByRole('figure', { name: /BTC \/ USDT candles over the last day/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Order book · BTC-USDT/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Instant' })).toBeChecked();
  await expectAccessible(page, 'buy-sell');

  await page.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please Enter Quantity' })).toBeVisible();
  await page.getByLabel('Quantity').fill('0.0000001');
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Quantity should be greater than 0.000001' }),
  ).toBeVisible();
  await expectAccessible(page, 'buy-sell with a validation message');

  // ADA has no limit-order market: only instant is offered.
  await page.getByLabel('Coin').selectOption('ADA');
  await expect(page.getByRole('radio', { name: 'Limit' })).toHaveCount(0);
});

test('alice buys BTC instantly after confirming, and lands on Transactions where the trade is listed', async ({
  page,
}) => {
  await logIn(page, 'alice@example.com', 'Alice@123456');
  await openBuySell(page);
  await page.getByLabel('Quantity').fill('0.001');
  await page.getByRole('button', { name: 'Buy BTC' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(/Total to pay/)).toBeVisible();
  await expectAccessible(page, 'buy confirmation');
  await confirm.getByRole('button', { name: 'YES' }).click();

  await expect(page.getByText('Buy order executed successfully')).toBeVisible();
  await expectOnTransactions(page, 'Bought BTC');
  await expectAccessible(page, 'history, transactions');
});

test('alice sees the quoted fee and total of a sell before selling, then confirms it like a buy', async ({
  page,
}) => {
  await logIn(page, 'alice@example.com', 'Alice@123456');
  await openBuySell(page);
  await page.getByRole('tab', { name: 'Sell' }).click();
  const quoted = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/wallet/quotes') && response.request().method() === 'POST',
  );
  await page.getByLabel('Quantity').fill('0.001');
  const quote = (await (await quoted).json()) as { data: { quote_id: string; expires_at: string } };

  // The server's quote is on screen before anything is sold: price, fee, total and its countdown.
  const form = page.getByRole('form', { name: 'Sell order' });
  await expect(form.getByText('Fee', { exact: true })).toBeVisible();
  await expect(form.getByText('Total to receive')).toBeVisible();
  await expect(form.getByText(/^Price valid for \d+ s$/)).toBeVisible();
  await expectAccessible(page, 'sell with its quote');

  const sold = page.waitForRequest((request) =>
    request.url().endsWith('/wallet/limitorder/limitInstant/sell'),
  );
  await page.getByRole('button', { name: 'Sell BTC' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Sell ?' });
  await expect(confirm.getByText('Proceeds (after fee)')).toBeVisible();
  await expectAccessible(page, 'sell confirmation');
  const yes = confirm.getByRole('button', { name: 'YES' });
  await yes.click();
  // A quote that ran out while the dialog was open is not sent: the new price is shown and asked again.
  const requoted = confirm.getByText(/The price changed/);
  await expect(requoted.or(page.getByText('Sell order executed successfully'))).toBeVisible();
  if (await requoted.isVisible()) await yes.click();
  // The sell spends the quote that was shown (unless it expired in the meantime).
  const body = (await sold).postDataJSON() as { quote_id: string | null };
  expect(typeof body.quote_id).toBe('string');
  if (body.quote_id !== quote.data.quote_id) {
    expect(Date.parse(quote.data.expires_at)).toBeLessThanOrEqual(Date.now());
  }

  await expect(page.getByText('Sell order executed successfully')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectOnTransactions(page, 'Sold BTC');
});

test('alice places a limit buy far below the market, finds it under Open and cancels it', async ({
  page,
}) => {
  await logIn(page, 'alice@example.com', 'Alice@123456');
  await openBuySell(page);
  await page.getByRole('radio', { name: 'Limit' }).check({ force: true });
  await page.getByLabel('Quantity').fill('0.01');
  await page.getByLabel('Limit Price').fill('1000');
  await expect(page.getByText('10.0200 USDT')).toBeVisible();
  await page.getByRole('button', { name: 'Buy BTC' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
  await expect(confirm.getByText('Limit buy BTC')).toBeVisible();
  await expect(confirm.getByText('1,000.0 USDT')).toBeVisible();
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  await expectOnOrderHistory(page);

  // It rests on the book, so History opens its Open list with the new row highlighted.
  await expect(page.getByRole('tab', { name: 'Open', exact: true, selected: true })).toBeVisible();
  const openOrders = page.getByRole('table', { name: 'Open orders' });
  const row = openOrders.getByRole('row').filter({ hasText: 'BTC-USDT' }).filter({ hasText: '1,000.0' });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expectAccessible(page, 'history, open orders');

  await row.getByRole('button', { name: /^Cancel/ }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Are You sure you want to Cancel this Order ?' });
  await expect(cancel).toBeVisible();
  await cancel.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('Order cancelled successfully')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('alice buys through the house’s best ask, and finds her trade in Recent trades when she comes back', async ({
  page,
}) => {
  await logIn(page, 'alice@example.com', 'Alice@123456');
  await openBuySell(page);
  await page.getByRole('radio', { name: 'Limit' }).check({ force: true });
  // A little above the best ask, so the house's requote in between cannot leave the order resting.
  const asks = page.getByRole('button', { name: /^Ask .*use as limit price$/ });
  await expect.poll(() => asks.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const best = Math.min(
    ...(await asks.evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute('data-price'))))),
  );
  const limit = (Math.ceil(best * 1.005 * 10) / 10).toFixed(1);
  // An uncommon size, to tell her trade from those of other flows acting at the same time.
  await page.getByLabel('Quantity').fill('0.000137');
  await page.getByLabel('Limit Price').fill(limit);
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  await page
    .getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' })
    .getByRole('button', { name: 'YES' })
    .click();
  await expect(page.getByText('Order placed successfully')).toBeVisible();
  await expectOnOrderHistory(page);

  await page.getByRole('banner').getByRole('link', { name: 'Buy Crypto' }).click();
  const trades = page.getByRole('table', { name: 'BTC-USDT recent trades' });
  const mine = trades.locator('tbody tr').filter({ hasText: '0.000137' });
  await expect(mine.first()).toBeVisible();
  // A buy, at or under her limit: the book's price, not hers.
  const price = Number((await mine.first().locator('td').first().innerText()).replace(/[^\d.]/g, ''));
  expect(price).toBeLessThanOrEqual(Number(limit));
  await expect(mine.first().locator('td').first()).toHaveClass(/text-success/);
});

test('bob, without KYC, is asked to complete it instead of trading', async ({ page }) => {
  await logIn(page, 'bob@example.com', 'Bob@1234567');
  await openBuySell(page);
  const gate = page.getByRole('button', { name: 'Please Complete Your Kyc' });
  await expect(gate).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy BTC' })).toHaveCount(0);
  await expectAccessible(page, 'buy-sell without KYC');
  await gate.click();
  await expect(page).toHaveURL(/\/kyc$/);
});
