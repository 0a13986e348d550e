import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * Issue 48's stop-market orders on the trading page, at a desktop's and a phone's width. alice opens
 * a market from the header, picks Stop-market in the form's Advanced section (the Limit Price goes
 * away), places a buy whose stop lies above the last price, sees it in the open orders as a waiting
 * stop-market with its trigger, and cancels it. Each width uses its own market, as both run at once
 * on the same account. With E2E_SHOTS set to a folder, the form and the open orders are saved there.
 */

const SHOTS = process.env.E2E_SHOTS;
const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };

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

for (const [width, height, market] of [
  [1366, 768, { coin: 'DOT', priceDecimals: 2 }],
  [390, 844, { coin: 'LTC', priceDecimals: 2 }],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`a stop-market buy waits with its trigger and is cancelled, on ${market.coin}-USDT`, async ({
      page,
      request,
    }) => {
      const errors = collectPageErrors(page);
      const { coin } = market;
      // The market needs a last trade for a stop to be measured against: one of alice's own program.
      const login = await request.post('/api/v1/auth/login', { data: ALICE });
      const token = ((await login.json()) as { token: string }).token;
      const depth = await (await request.get(`/api/v1/market/depth/${coin}-USDT`)).json();
      const ask = Number((depth as { data: { asks: { price: string }[] } }).data.asks[0]?.price);
      const traded = await request.post('/api/v1/wallet/limitorder/limitInstant/buy', {
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': `stop-market-${Math.random()}` },
        data: {
          side: 'buy',
          type: 'limit',
          market_id: `${coin}-USDT`,
          crypto_currency_code: coin,
          fiat_currency_code: 'USDT',
          quantity: '1',
          limitPrice: (ask * 1.01).toFixed(market.priceDecimals),
          time_in_force: 'ioc',
        },
      });
      expect(traded.ok(), await traded.text()).toBe(true);

      await logInAsCustomer(page, ALICE.email, ALICE.password);
      await openMarket(page, coin, true);
      const form = page.getByRole('form', { name: 'Buy order' });
      await form.getByRole('radio', { name: 'Limit', exact: true }).check({ force: true });
      await form.getByLabel('Quantity').fill('1');
      await form.getByText('Advanced', { exact: true }).click();
      await form.getByLabel('Order kind').selectOption('Stop-market');
      await expect(form.getByLabel('Limit Price', { exact: true })).toBeHidden();
      // The stop is measured against the last price the page shows (not one read before the page
      // loaded: the market may trade in between), so it lies above whatever the form compares it with.
      const shown = form.getByText(/^Last price: [\d,.]+ USDT$/);
      await expect(shown, 'the form shows the market last price').toBeVisible();
      const last = Number((await shown.textContent())?.replace(/^Last price: |,| USDT$/g, ''));
      expect(last, 'a last price was read from the form').toBeGreaterThan(0);
      const stop = (last * 1.05).toFixed(market.priceDecimals);
      const stopField = form.getByLabel('Stop price', { exact: true });
      await stopField.fill(stop);
      await expect(stopField).toHaveValue(stop);
      // On a mismatch the assertion prints the hint the field carries.
      await expect(stopField).toHaveAccessibleDescription(/Triggers when the last price rises to/);
      await expectAccessible(page, `stop-market form at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/stop-market-form-${width}.png`, fullPage: true });
      await form.getByRole('button', { name: `Buy ${coin}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
      await expect(confirm.getByText(`Stop-market buy ${coin}`)).toBeVisible();
      await confirm.getByRole('button', { name: 'YES' }).click();
      await expect(page.getByText('Order placed successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });

      await openMarket(page, coin, false);
      const mine = page.getByRole('list', { name: 'Open orders' });
      const waiting = mine
        .getByRole('listitem')
        .filter({ hasText: 'Stop-market' })
        .filter({ hasText: '(waiting)' });
      await expect(waiting).toHaveCount(1);
      await expect(waiting.getByText(/at market/)).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/stop-market-open-${width}.png`, fullPage: true });
      await waiting.getByRole('button', { name: /^Cancel buy order/ }).click();
      const cancel = page.getByRole('alertdialog', { name: 'Are You sure you want to Cancel this Order ?' });
      await cancel.getByRole('button', { name: 'YES' }).click();
      await expect(page.getByText('Order cancelled successfully')).toBeVisible();
      await expect(waiting).toHaveCount(0);
      expect(errors, 'uncaught page errors').toEqual([]);
    });
  });
}
