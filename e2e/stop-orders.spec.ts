import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * Issue 48's stop-limit and OCO orders on the trading page, at a desktop's and a phone's width. alice
 * (USDT from the demo data) opens a market and places a stop-limit buy below the last price from the
 * form's Advanced section; it waits in History's Open list with its trigger. Back on the trading page
 * she places a buy OCO (a limit buy below the last price, a stop above it) and sees both legs as a
 * pair, whose cancel says it takes both. Trades through the book (her own program's, through the API,
 * against the house's ladder) then trigger the stop, which stays as a plain limit, and trigger the
 * OCO's stop leg, whose limit leg disappears: the open orders update live, without a reload. She
 * cancels the triggered stop. Each width uses its own market, as both run at once on the same account.
 * With E2E_SHOTS set to a folder, the form and the open orders are saved there at each width.
 */

const SHOTS = process.env.E2E_SHOTS;
const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };

interface Market {
  readonly coin: string;
  /** Decimals of the market's price tick and quantity. */
  readonly priceDecimals: number;
  readonly quantityDecimals: number;
}

/** A program of alice's own: signs in once and trades through the web API, as the page does. */
async function apiTrader(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: ALICE });
  const token = ((await login.json()) as { token: string }).token;
  const headers = () => ({ authorization: `Bearer ${token}`, 'idempotency-key': `stops-${Math.random()}` });
  const market = (coin: string) => `${coin}-USDT`;
  return {
    /** The best bid and ask of the market's book. */
    async book(coin: string): Promise<{ bid: number; ask: number }> {
      const response = await request.get(`/api/v1/market/depth/${market(coin)}`);
      const depth = (await response.json()) as {
        data: { bids: { price: string }[]; asks: { price: string }[] };
      };
      return { bid: Number(depth.data.bids[0]?.price), ask: Number(depth.data.asks[0]?.price) };
    },
    /** The market's last trade price. */
    async last(coin: string): Promise<number> {
      const response = await request.get(`/api/v1/market/trades/${market(coin)}`);
      return Number(((await response.json()) as { data: { price: string }[] }).data[0]?.price);
    },
    /** A limit order that crosses the book: it trades at once with the best level of the other side. */
    async trade(m: Market, side: 'buy' | 'sell', price: number, quantity: string): Promise<void> {
      const response = await request.post(`/api/v1/wallet/limitorder/limitInstant/${side}`, {
        headers: headers(),
        data: {
          side,
          type: 'limit',
          market_id: market(m.coin),
          crypto_currency_code: m.coin,
          fiat_currency_code: 'USDT',
          quantity,
          limitPrice: price.toFixed(m.priceDecimals),
          time_in_force: 'ioc',
        },
      });
      expect(response.ok(), await response.text()).toBe(true);
    },
  };
}

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

/** The limit form with Advanced open on `kind`, quantity and limit price typed. */
async function limitForm(page: Page, kind: string, quantity: string, limit: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Buy order' });
  await form.getByRole('radio', { name: 'Limit', exact: true }).check({ force: true });
  await form.getByLabel('Quantity').fill(quantity);
  await form.getByLabel('Limit Price', { exact: true }).fill(limit);
  if (!(await form.getByLabel('Order kind').isVisible()))
    await form.getByText('Advanced', { exact: true }).click();
  await form.getByLabel('Order kind').selectOption(kind);
}

async function confirmBuy(page: Page, coin: string, side: string): Promise<void> {
  await page
    .getByRole('form', { name: 'Buy order' })
    .getByRole('button', { name: `Buy ${coin}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
  await expect(confirm.getByText(side)).toBeVisible();
  await confirm.getByRole('button', { name: 'YES' }).click();
}

for (const [width, height, market] of [
  [1366, 768, { coin: 'ETH', priceDecimals: 2, quantityDecimals: 5 }],
  [390, 844, { coin: 'XRP', priceDecimals: 5, quantityDecimals: 1 }],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`a stop-limit waits, then triggers; an OCO pair loses its limit leg when its stop triggers, on ${market.coin}-USDT`, async ({
      page,
      request,
    }) => {
      const errors = collectPageErrors(page);
      const trader = await apiTrader(request);
      const { coin } = market;
      const fixed = (price: number) => price.toFixed(market.priceDecimals);

      // A trade at the ask gives the market a last price, which stops are measured against.
      let { bid, ask } = await trader.book(coin);
      const quantity = (25 / ask).toFixed(market.quantityDecimals);
      await trader.trade(market, 'buy', ask * 1.01, quantity);
      let last = await trader.last(coin);

      await logInAsCustomer(page, ALICE.email, ALICE.password);
      await openMarket(page, coin, true);

      // A stop-limit buy: triggers when the last price falls a little, then waits far below as a limit.
      await limitForm(page, 'Stop-limit', quantity, fixed(bid * 0.95));
      const form = page.getByRole('form', { name: 'Buy order' });
      await form.getByLabel('Stop price', { exact: true }).fill(fixed(last * 0.999));
      await expect(form.getByText(/^Triggers when the last price falls to/)).toBeVisible();
      await expectAccessible(page, `stop-limit form at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/stop-form-${width}.png`, fullPage: true });
      await confirmBuy(page, coin, `Stop-limit buy ${coin}`);
      await expect(page.getByText('Order placed successfully')).toBeVisible();

      // History's Open list shows it waiting, with its trigger.
      await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
      const openTable = page.getByRole('table', { name: 'Open orders' });
      const waitingRows = openTable
        .getByRole('row')
        .filter({ hasText: `${coin}-USDT` })
        .filter({ hasText: '(waiting)' });
      await expect(waitingRows).toHaveCount(1);
      await expectAccessible(page, `history open orders with a stop at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/history-open-${width}.png`, fullPage: true });

      // On the trading page it waits too; a sell through the bid (the last price falls below the stop)
      // triggers it, and the list follows on its own, without a reload: now a plain limit far below.
      await openMarket(page, coin, false);
      const mine = page.getByRole('list', { name: 'Open orders' });
      await expect(mine.getByRole('listitem').filter({ hasText: '(waiting)' })).toHaveCount(1);
      await trader.trade(market, 'sell', bid * 0.99, quantity);
      await expect(mine.getByRole('listitem').filter({ hasText: '(waiting)' })).toHaveCount(0);
      await expect(mine.getByRole('listitem')).toHaveCount(1);

      // A buy OCO: a limit buy well below the last price, a stop a little above it.
      ({ bid, ask } = await trader.book(coin));
      last = await trader.last(coin);
      await limitForm(page, 'OCO (one cancels the other)', quantity, fixed(bid * 0.9));
      await form.getByLabel('Stop price', { exact: true }).fill(fixed(last * 1.001));
      await form.getByLabel('Stop-limit price', { exact: true }).fill(fixed(ask * 1.02));
      await expect(form.getByText(/^Two buys, one cancels the other/)).toBeVisible();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/oco-form-${width}.png`, fullPage: true });
      await confirmBuy(page, coin, `OCO buy ${coin}`);
      await expect(page.getByText('OCO orders placed successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });

      // The pair stands together, and cancelling a leg says it takes both.
      await openMarket(page, coin, false);
      const legs = mine.getByRole('listitem').filter({ hasText: 'OCO' });
      await expect(legs).toHaveCount(2);
      await expect(legs.filter({ hasText: '(waiting)' })).toHaveCount(1);
      await mine
        .getByRole('button', { name: /^Cancel OCO pair/ })
        .first()
        .click();
      const cancel = page.getByRole('alertdialog', { name: 'Are You sure you want to Cancel this Order ?' });
      await expect(cancel.getByText(/cancelling it cancels both orders/)).toBeVisible();
      await expectAccessible(page, `OCO cancel question at ${width} px`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/oco-cancel-${width}.png`, fullPage: true });
      await cancel.getByRole('button', { name: 'No' }).click();
      await expect(cancel).toBeHidden();

      // A buy through the ask lifts the last price to the OCO's stop: the stop leg triggers (and fills
      // at the house's ask, under its stop-limit price) and the limit leg is cancelled with it.
      await trader.trade(market, 'buy', ask * 1.01, quantity);
      await expect(legs.filter({ hasText: '(waiting)' })).toHaveCount(0);
      await expect.poll(() => legs.count()).toBeLessThanOrEqual(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/open-orders-after-${width}.png`, fullPage: true });

      // The triggered stop-limit still rests far below: she cancels it.
      const triggered = mine.getByRole('listitem').filter({ hasNotText: 'OCO' });
      await expect(triggered).toHaveCount(1);
      await triggered.getByRole('button', { name: /^Cancel buy order/ }).click();
      await cancel.getByRole('button', { name: 'YES' }).click();
      await expect(page.getByText('Order cancelled successfully')).toBeVisible();
      await expect(triggered).toHaveCount(0);
      expect(errors, 'uncaught page errors').toEqual([]);
    });
  });
}
