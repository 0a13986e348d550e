import { expect, type Page, test } from '@playwright/test';
import { usdOnlyCustomer } from './support/customers';
import { expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * USD reaches the order book (issue 45, point 3): a customer who deposited only USD opens BTC-USDT
 * from the header, chooses a limit buy (paid in USDT, of which they hold none), is offered 'Get USDT'
 * beside Available and, once the order is typed, 'Convert USD to USDT' with a firm quote; converts
 * in the form, sees Available in USDT update, and places the limit order, which rests on the book
 * (History's Open list, where the form takes them). The trading page is never left until then.
 */
const SHOTS = process.env.E2E_SHOTS_DIR;

/** A whole-page screenshot when E2E_SHOTS_DIR is set, from the top so the sticky header sits there. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test('a USD-only customer converts USD to USDT in the order form and places a limit buy', async ({
      page,
      request,
    }) => {
      const customer = await usdOnlyCustomer(request, `usd-book-${viewport.width}`, '20');
      await logInAsCustomer(page, customer.email, customer.password);
      await openFromHeader(page, 'Buy Crypto', /\/buy-sell$/);
      const info = page.getByRole('dialog', { name: 'How buying and selling works' });
      await info.getByRole('button', { name: 'Got it' }).click();
      await expect(page.getByRole('heading', { name: 'BTC / USDT' })).toBeVisible();

      const form = page.getByRole('form', { name: 'Buy order' });
      await form.getByRole('radio', { name: 'Limit' }).check({ force: true });
      await expect(form.getByText('Available: 0.0000 USDT')).toBeVisible();
      // 'Get USDT' says how, before anything is typed.
      await form.getByRole('button', { name: 'Get USDT' }).click();
      const step = form.getByRole('region', { name: 'Convert USD to USDT' });
      await expect(step).toContainText('Limit orders are paid in USDT. You hold USD');
      await shoot(page, `get-usdt-${viewport.width}`);

      // 0.01 BTC at 1,000 USDT, far below the market: 10 USDT plus the 0.2% fee.
      await form.getByLabel('Quantity').fill('0.01');
      await form.getByLabel('Limit Price').fill('1000');
      await expect(step).toContainText('This order needs 10.02000000 USDT more than you have.');
      const convert = step.getByRole('button', { name: 'Convert', exact: true });
      // The proposal settles on an amount whose quote covers the order, fee included.
      await expect(convert).toBeEnabled({ timeout: 15_000 });
      await expect(step.getByText(/Quote valid for \d+ s/)).toBeVisible();
      await expectAccessible(page, 'order form with the convert step');
      await shoot(page, `convert-step-${viewport.width}`);

      await convert.click();
      await expect(page.getByText('Converted: you can place the order now')).toBeVisible();
      await expect(step).toBeHidden();
      await expect(form.getByText(/Available: 10\.\d{4} USDT/)).toBeVisible();
      await expect(page).toHaveURL(/\/buy-sell$/);
      await shoot(page, `converted-${viewport.width}`);

      await form.getByRole('button', { name: 'Buy BTC' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
      await expect(confirm.getByText('Limit buy BTC')).toBeVisible();
      await confirm.getByRole('button', { name: 'YES' }).click();
      await expect(page.getByText('Order placed successfully')).toBeVisible();

      // The order rests on the book: the form takes the customer to History's Open list after 3 s.
      await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
      const openOrders = page.getByRole('table', { name: 'Open orders' });
      await expect(openOrders.getByRole('row').filter({ hasText: 'BTC-USDT' })).toHaveCount(1);
    });
  });
}
