import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * Issue 48's order types on the trading page, at a desktop's and a phone's width: alice (USDT from the
 * demo data) opens a market, places a post-only limit buy far below the book (it rests), then a
 * post-only at the best ask (refused: the message shows in the form), then a second resting order, and
 * cancels both with the market's 'Cancel all' after a confirmation that counts them. Each width uses
 * its own market, as both run at once on the same demo account. With E2E_SHOTS set to a folder, the
 * form (Advanced open) and the Cancel all dialog are saved there at each width.
 */

const SHOTS = process.env.E2E_SHOTS;

/** Buy Crypto from the header, on `coin`'s market; the info dialog opens by itself on the first visit. */
async function openMarket(page: Page, coin: string, firstVisit: boolean): Promise<void> {
  await openFromHeader(page, 'Buy Crypto', /\/buy-sell$/);
  if (firstVisit) {
    const info = page.getByRole('dialog', { name: 'How buying and selling works' });
    await info.getByRole('button', { name: 'Got it' }).click();
    await expect(info).toBeHidden();
  }
  await page.getByLabel('Coin').selectOption(coin);
  await expect(page.getByRole('heading', { name: new RegExp(`Order book · ${coin}-USDT`) })).toBeVisible();
}

/** A limit buy at a book level's price times `factor` (below 1: far below the market), post only. */
async function fillPostOnly(page: Page, level: 'Bid' | 'Ask', factor: number): Promise<void> {
  const levels = page.getByRole('button', { name: new RegExp(`^${level} .*use as limit price$`) });
  await expect.poll(() => levels.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const [price] = await Promise.all([levels.first().getAttribute('data-price'), levels.first().click()]);
  await expect(page.getByRole('radio', { name: 'Limit' })).toBeChecked();
  // Test arithmetic on a displayed price, to size a small order: about 20 USDT at the halved price.
  const reference = Number(price);
  const limit = factor === 1 ? String(price) : (reference * factor).toFixed(2);
  await page.getByLabel('Limit Price').fill(limit);
  await page.getByLabel('Quantity').fill((20 / (reference / 2)).toFixed(3));
  const advanced = page.getByText('Advanced', { exact: true });
  if (!(await page.getByRole('checkbox', { name: 'Post only' }).isVisible())) await advanced.click();
  await page.getByRole('checkbox', { name: 'Post only' }).check();
}

async function confirmBuy(page: Page, coin: string): Promise<void> {
  await page.getByRole('button', { name: `Buy ${coin}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
  await expect(confirm.getByText('Post only')).toBeVisible();
  await confirm.getByRole('button', { name: 'YES' }).click();
}

for (const [width, height, coin] of [
  [1366, 768, 'BNB'],
  [390, 844, 'DOT'],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`a post-only order rests, one that would cross is refused, and Cancel all clears ${coin}-USDT`, async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
      await openMarket(page, coin, true);

      // The advanced section is closed until asked for; open, it explains each choice.
      await fillPostOnly(page, 'Bid', 0.5);
      await expect(page.getByText('Fills the whole quantity at once, or is cancelled')).toBeVisible();
      await expectAccessible(page, `order form with Advanced open at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-advanced-${width}.png`, fullPage: true });
      await confirmBuy(page, coin);
      await expect(page.getByText('Order placed successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/history$/);

      // At the best ask a post-only buy would take it at once: refused, said by the price.
      await openMarket(page, coin, false);
      await fillPostOnly(page, 'Ask', 1);
      await confirmBuy(page, coin);
      const refusal = 'A post-only order must not trade at once: this price would match the other side';
      await expect(page.getByRole('form', { name: 'Buy order' }).getByText(refusal)).toBeVisible();

      await fillPostOnly(page, 'Bid', 0.4);
      await confirmBuy(page, coin);
      await expect(page).toHaveURL(/\/history$/);

      await openMarket(page, coin, false);
      const mine = page.getByRole('region', { name: 'Your orders' });
      await expect(mine.getByRole('listitem')).toHaveCount(2);
      await mine.getByRole('button', { name: `Cancel all open orders on ${coin}-USDT` }).click();
      const dialog = page.getByRole('alertdialog', { name: `Cancel all 2 open orders on ${coin}-USDT ?` });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, `Cancel all dialog at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/cancel-all-${width}.png` });
      await dialog.getByRole('button', { name: 'YES' }).click();
      await expect(page.getByText('2 open orders cancelled')).toBeVisible();
      await expect(mine.getByText(`No open orders on ${coin}-USDT.`)).toBeVisible();
      expect(errors, 'uncaught page errors').toEqual([]);
    });
  });
}
