import { expect, test } from '@playwright/test';
import {
  collectPageErrors,
  expectAccessible,
  logInAsCustomer,
  openFromAccountMenu,
  openFromHeader,
} from './support/ui';

/**
 * History reads right (issue 45): dana, the demo customer with a past, signs in from the landing page
 * and opens History from the header. Her completed withdrawal is under Transactions with its kind;
 * her cancelled order is under Order Transaction → Cancelled, not under Completed; and the wallet's
 * deposit and withdraw coin pickers offer only the coins that can move, with one sentence naming the
 * others. At a desktop and a phone width.
 */
const DANA = { email: 'dana@example.com', password: 'Dana@123456' };

const widths = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

for (const size of widths) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('a completed withdrawal, a cancelled order and the coins that can move', async ({ page }) => {
      const errors = collectPageErrors(page);
      const shot = (name: string) =>
        page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
      await logInAsCustomer(page, DANA.email, DANA.password);
      await openFromHeader(page, 'History', /\/history$/);

      // Transactions: the withdrawal, with its kind, amount and status.
      await expect(page.getByRole('tab', { name: 'Transactions', selected: true })).toBeVisible();
      const transactions = page.getByRole('table', { name: 'Transactions' });
      const withdrawal = transactions.getByRole('row').filter({ hasText: 'Withdrawal' });
      await expect(withdrawal).toHaveCount(1);
      await expect(withdrawal).toContainText('25.00');
      await expect(withdrawal).toContainText('USD');
      await expect(withdrawal).toContainText(/success/i);
      await expect(transactions.getByRole('row').filter({ hasText: 'Deposit' })).toHaveCount(1);
      await shot('history-transactions');

      // Order Transaction: Completed has no cancelled order; Cancelled has it.
      await page.getByRole('tab', { name: 'Order Transaction' }).click();
      const completed = page.getByRole('table', { name: 'Completed orders' });
      await expect(completed.getByText('No data found')).toBeVisible();
      await page.getByRole('tab', { name: 'Cancelled' }).click();
      const cancelled = page.getByRole('table', { name: 'Cancelled orders' });
      const order = cancelled.getByRole('row').filter({ hasText: 'XRP-USDT' });
      await expect(order).toHaveCount(1);
      await expect(order).toContainText(/cancelled/i);
      await expectAccessible(page, `History → Order Transaction → Cancelled at ${size.width}`);
      await shot('history-cancelled-orders');

      // Wallet → Deposit crypto: the picker lists only the coins that can arrive, and says the rest once.
      await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
      const card = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
      const coin = card.getByLabel('Coin');
      await expect(coin).toBeVisible();
      const offered = await coin.getByRole('option').allTextContents();
      expect(offered.length).toBeGreaterThan(0);
      expect(offered.length).toBeLessThan(11);
      await expect(card.getByText(/Coming Soon/)).toHaveCount(0);
      const notYet = card.getByTestId('coins-not-yet');
      await expect(notYet).toHaveText(/^[A-Z, ]+(, and [A-Z]+)? cannot be deposited here yet\.$/);
      // No coin is both offered and named as one that cannot move.
      const named = ((await notYet.textContent()) ?? '').replace(' cannot be deposited here yet.', '');
      for (const label of offered) {
        const code = /\(([A-Z]+)\)$/.exec(label)?.[1] ?? label;
        expect(named.split(/, and |, /)).not.toContain(code);
      }
      await expectAccessible(page, `Wallet → Deposit crypto at ${size.width}`);
      await shot('deposit-coin-picker');

      // The coin table says once which coins cannot leave; the withdraw picker offers the others.
      await expect(page.getByTestId('coins-not-withdrawable')).toHaveText(/cannot be withdrawn here yet\.$/);
      const assets = page.getByRole('table', { name: 'Crypto assets' });
      await expect(assets.getByText('Coming Soon ...')).toHaveCount(0);
      await assets.getByRole('button', { name: 'Withdraw ETH' }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw ETH' });
      const withdrawCoins = await dialog.getByLabel('Coin').getByRole('option').allTextContents();
      // Every coin that comes in also leaves (LTC too since its batches are signed by the signer process).
      expect(withdrawCoins).toEqual(offered);
      await expect(dialog.getByTestId('coins-not-yet')).toHaveText(/cannot be withdrawn here yet\.$/);
      // The dialog as the screen shows it (a full-page picture would stretch the page behind it).
      await page.screenshot({ path: test.info().outputPath(`withdraw-coin-picker-${size.width}.png`) });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      expect(errors).toEqual([]);
    });
  });
}
