import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { verifiedCustomer } from './support/customers';
import {
  expectAccessible,
  logInAsAdmin,
  logInAsCustomer,
  openFromAdminMenu,
  openFromHeader,
} from './support/ui';

/**
 * A customer's deposit is charged back after they spent part of it (the sandbox bank's chargeback):
 * their account is restricted and they are told why, on the dashboard and on the swap form; the admin
 * finds the debt from the back-office menu, writes it off with a note, and the restriction lifts.
 */

test.describe.configure({ timeout: 180_000 });
const DEBT_OPEN =
  'Your account has an unpaid balance from a reversed deposit, so sending, swapping and selling are paused. Please contact support to settle it.';

/** POSTs to the API as the web app does; the flow fails with the answer when it is not a 2xx. */
async function call<T>(
  request: APIRequestContext,
  url: string,
  token: string | null,
  data?: unknown,
): Promise<T> {
  const response = await request.post(`/api/v1${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  const body = await response.text();
  expect(response.ok(), `POST ${url}: ${response.status()} ${body}`).toBe(true);
  return JSON.parse(body) as T;
}

/** A verified customer who deposits 50 USD, buys a little BTC, and whose deposit is charged back. */
async function customerInDebt(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const customer = await verifiedCustomer(request, 'debt');
  const { token } = await call<{ token: string }>(request, '/auth/login', null, customer);
  const created = await call<{ data: { order: { order_id: string } } }>(
    request,
    '/wallet/deposits/orders',
    token,
    {
      amount: '50.00',
    },
  );
  const orderId = created.data.order.order_id;
  await call(request, `/wallet/deposits/sandbox/${orderId}/approve`, token);
  await call(request, '/wallet/fiat/add/usd/amount', token, { amount: '50.00', order_id: orderId });
  await call(request, '/wallet/limitorder/limitInstant/buy', token, {
    market_id: 'BTC-USDT',
    crypto_currency_code: 'BTC',
    fiat_currency_code: 'USD',
    quantity: '0.0001',
    type: 'instant',
    limitPrice: '',
    side: 'buy',
  });
  await call(request, `/wallet/deposits/sandbox/${orderId}/charge-back`, token);
  return customer;
}

async function adminDebts(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logInAsAdmin(page);
  await openFromAdminMenu(page, 'Debts', 'Debts');
  return page;
}

test('a charged-back customer is restricted and told why; the admin writes the debt off and the restriction lifts', async ({
  browser,
  request,
}) => {
  test.slow();
  const customer = await customerInDebt(request);

  // The customer sees why on the dashboard, and the swap form shows the server's refusal.
  const customerContext = await browser.newContext();
  const shopper = await customerContext.newPage();
  await logInAsCustomer(shopper, customer.email, customer.password);
  await expect(shopper.getByText('Your account is restricted')).toBeVisible();
  await expect(shopper.getByText(/You owe \d+\.\d{2} USD from a deposit that was reversed/)).toBeVisible();
  await openFromHeader(shopper, 'Swap', /\/swap$/);
  await shopper.getByLabel('From', { exact: true }).selectOption('BTC');
  await shopper.getByLabel('To', { exact: true }).selectOption('USDT');
  await shopper.getByLabel('Amount').fill('0.0001');
  await expect(shopper.getByTestId('swap-receive')).toHaveText(/USDT$/);
  await shopper.getByRole('button', { name: 'Swap' }).click();
  await shopper
    .getByRole('alertdialog', { name: 'Are You sure you want to Swap ?' })
    .getByRole('button', { name: 'YES' })
    .click();
  await expect(shopper.getByText(DEBT_OPEN).first()).toBeVisible();
  await shopper.screenshot({ path: 'test-results/debt-swap-refused.png', fullPage: true });

  // The admin finds the open debt from the menu and searches for the customer.
  const admin = await adminDebts(browser, 1366);
  const search = admin.getByPlaceholder('Search name,email or phone number');
  await search.fill(customer.email);
  const row = admin.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Open')).toBeVisible();
  await expectAccessible(admin, '/admin-debts');
  await admin.screenshot({ path: 'test-results/admin-debts-1366.png', fullPage: true });

  await row.getByRole('button', { name: `Settle debt of ${customer.email}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Settle debt' });
  await dialog.getByLabel('How').selectOption({ label: 'Write off' });
  await dialog.getByRole('button', { name: 'Settle' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write a note saying why the debt is written off');
  await dialog.getByLabel('Note').fill('Chargeback lost at the bank; customer warned');
  await expectAccessible(admin, 'settle debt dialog');
  await dialog.getByRole('button', { name: 'Settle' }).click();
  await expect(admin.getByText('Debt settled')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: customer.email })).toHaveCount(0);
  await admin.getByRole('combobox', { name: 'Debt status' }).selectOption('SETTLED');
  await expect(
    admin
      .getByRole('row')
      .filter({ hasText: customer.email })
      .getByText(/Written off by admin@example\.com/),
  ).toBeVisible();

  // The customer's restriction is gone.
  await shopper.goto('/dashboard');
  await expect(shopper.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(shopper.getByText('Your account is restricted')).toHaveCount(0);
});

test('the admin debts page and the customer notice fit a phone', async ({ browser, request }) => {
  test.slow();
  const customer = await customerInDebt(request);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const shopper = await phone.newPage();
  await logInAsCustomer(shopper, customer.email, customer.password);
  await expect(shopper.getByText('Your account is restricted')).toBeVisible();
  await expectAccessible(shopper, '/dashboard with a debt on a phone');
  await shopper.screenshot({ path: 'test-results/debt-notice-390.png', fullPage: true });

  const admin = await adminDebts(browser, 390);
  await admin.getByPlaceholder('Search name,email or phone number').fill(customer.email);
  await expect(admin.getByRole('row').filter({ hasText: customer.email })).toHaveCount(1);
  await expectAccessible(admin, '/admin-debts on a phone');
  await admin.screenshot({ path: 'test-results/admin-debts-390.png', fullPage: true });
});
