import { expect, type Page, test } from '@playwright/test';
import { verifiedCustomer } from './support/customers';
import { expectAccessible, logInAsCustomer, openFromAccountMenu, openFromHeader } from './support/ui';

/**
 * The wallet screens against the real server: a new verified customer's USD deposit through the
 * sandbox provider seen on /deposit, /dashboard and /history, the deposit form's messages, and KYC
 * gating for a customer who has not passed KYC. Amounts are compared in cents, never as floating point.
 */

const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };
const BOB = { email: 'bob@example.com', password: 'Bob@1234567' };
const DEPOSIT_CENTS = 25_000n;

/** 1025000n → '$10,250.00', as the screens write dollars. */
function dollars(value: bigint): string {
  const whole = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(value % 100n).toString().padStart(2, '0')}`;
}

/**
 * The dashboard's two figures, exactly. Waited for rather than read once: figures fetched before a
 * deposit may stand for the moment their refetch takes (refreshBalances starts it when the money
 * moves, and its unit test pins that).
 */
async function expectDashboardFigures(page: Page, figures: { current: bigint; invested: bigint }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('current-value')).toHaveText(dollars(figures.current));
  await expect(page.getByTestId('total-invested')).toHaveText(dollars(figures.invested));
}

test('a new verified customer adds 250 USD through the sandbox provider and sees it on the wallet, dashboard and history', async ({
  page,
  request,
}) => {
  // A customer of their own: alice's balances move under the other worker's flows (her resting
  // orders fill, her swaps and transfers), so only an account no other flow touches gives exact figures.
  const customer = await verifiedCustomer(request, 'deposit');
  await logInAsCustomer(page, customer.email, customer.password);
  await expectDashboardFigures(page, { current: 0n, invested: 0n });
  await expect(page.getByRole('link', { name: 'Deposit USD' })).toHaveAttribute('href', '/deposit');
  await expect(page.getByRole('heading', { name: 'Top currencies' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Top currencies' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByText('Stake up to 10% APY')).toBeVisible();
  await expectAccessible(page, '/dashboard');

  await page.getByRole('link', { name: 'Deposit USD' }).click();
  await expect(page).toHaveURL(/\/deposit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('usd-balance')).toHaveText(dollars(0n));
  await expect(page.getByRole('table', { name: 'Crypto assets' }).getByText('Bitcoin')).toBeVisible();
  await expect(page.getByTestId('multi-balance')).toHaveText('0.0000 Multi');
  await expect(page.getByRole('button', { name: 'Coming Soon ...', exact: true })).toBeDisabled();
  await expectAccessible(page, '/deposit');

  await page.getByRole('button', { name: 'Add Money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Money' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Amount').fill('250');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The amount is shown before anything is paid; the sandbox is labelled as one.
  await expect(dialog.getByTestId('deposit-pay-amount')).toHaveText('$250.00 USD');
  await expect(dialog.getByRole('heading', { name: 'Sandbox payment provider' })).toBeVisible();
  await expectAccessible(page, '/deposit, provider step');
  await dialog.getByRole('button', { name: 'Pay with sandbox' }).click();
  await expect(page.getByText('Deposit successful').first()).toBeVisible();
  await expect(dialog.getByText('$250.00 added to your USD balance')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The wallet's data is reloaded 3 seconds after the credit.
  await expect(page.getByTestId('usd-balance')).toHaveText(dollars(DEPOSIT_CENTS), { timeout: 15_000 });

  // Back to the dashboard through the header's logo, where a person would click.
  await page.getByRole('banner').getByRole('link', { name: 'Exchange' }).click();
  await expectDashboardFigures(page, { current: DEPOSIT_CENTS, invested: DEPOSIT_CENTS });
  await expect(
    page
      .getByRole('table', { name: 'Assets' })
      .getByRole('row')
      .filter({ has: page.getByText('USD', { exact: true }) }),
  ).toContainText(dollars(DEPOSIT_CENTS).replace('$', ''));

  await openFromHeader(page, 'History', /\/history$/);
  await expect(page.getByRole('tab', { name: 'Transactions', selected: true })).toBeVisible();
  const rows = page.getByRole('table', { name: 'Transactions' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Deposit');
  await expect(rows.first()).toContainText('250.0000');
  await expect(rows.first()).toContainText('USD');
  await expect(rows.first()).toContainText('SUCCESS');
  await expectAccessible(page, '/history');
});

test('the deposit form refuses empty, zero, negative and too small amounts', async ({ page }) => {
  await logInAsCustomer(page, ALICE.email, ALICE.password);
  await page.getByRole('link', { name: 'Deposit USD' }).click();
  await page.getByRole('button', { name: 'Add Money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Money' });
  const amount = dialog.getByLabel('Amount');

  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter deposit amount');
  await expectAccessible(page, '/deposit, amount message');
  for (const typed of ['0', '-5']) {
    await amount.fill(typed);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter deposit amount');
  }
  await amount.fill('0.5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Amount Should Be Greater Than 1');

  // Declining at the provider is reported as a failed transaction and credits nothing.
  await amount.fill('5');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Decline payment' }).click();
  await expect(page.getByText('Transaction Failed')).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toBeVisible();
});

test('bob, without KYC, is sent to /kyc from the wallet and the dashboard', async ({ page }) => {
  await logInAsCustomer(page, BOB.email, BOB.password);
  const deposit = page.getByRole('link', { name: 'Deposit USD' });
  await expect(deposit).toHaveAttribute('href', '/kyc');
  await expectAccessible(page, '/dashboard (no KYC)');
  await deposit.click();
  await expect(page).toHaveURL(/\/kyc$/);

  await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Money' })).toHaveCount(0);
  // The USD box and the coin deposit card each ask for KYC instead of their action.
  const fiat = page.locator('section', { has: page.getByRole('heading', { name: 'Fiat balance' }) });
  const coins = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
  await expect(coins.getByRole('link', { name: 'Please Complete Your Kyc' })).toBeVisible();
  await expect(coins.getByTestId('deposit-address')).toHaveCount(0);
  const completeKyc = fiat.getByRole('link', { name: 'Please Complete Your Kyc' });
  await expect(completeKyc).toBeVisible();
  await expectAccessible(page, '/deposit (no KYC)');
  await completeKyc.click();
  await expect(page).toHaveURL(/\/kyc$/);
});
