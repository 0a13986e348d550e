import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, logInAsCustomer } from './support/ui';

/**
 * The wallet screens against the real server: a USD deposit through the sandbox provider seen on
 * /deposit, /dashboard and /history, the deposit form's messages, and KYC gating for a customer
 * who has not passed KYC. Amounts are compared in cents, never as floating point.
 */

const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };
const BOB = { email: 'bob@example.com', password: 'Bob@1234567' };
const DEPOSIT_CENTS = 25_000n;

/** '$10,250.00' → 1025000n. */
function cents(text: string): bigint {
  const match = /^(-)?\$([\d,]+)\.(\d{2})$/.exec(text.trim());
  if (!match) throw new Error(`not a dollar amount: ${text}`);
  const value = BigInt(`${(match[2] ?? '').replaceAll(',', '')}${match[3]}`);
  return match[1] ? -value : value;
}

function dollars(value: bigint): string {
  const whole = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(value % 100n).toString().padStart(2, '0')}`;
}

async function readCents(locator: Locator): Promise<bigint> {
  await expect(locator).toHaveText(/^\$[\d,]+\.\d{2}$/);
  return cents((await locator.textContent()) ?? '');
}

async function dashboardFigures(page: Page): Promise<{ current: bigint; invested: bigint }> {
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return {
    current: await readCents(page.getByTestId('current-value')),
    invested: await readCents(page.getByTestId('total-invested')),
  };
}

test('alice adds 250 USD through the sandbox provider and sees it on the wallet, dashboard and history', async ({
  page,
}) => {
  await logInAsCustomer(page, ALICE.email, ALICE.password);
  const before = await dashboardFigures(page);
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
  const usdBefore = await readCents(page.getByTestId('usd-balance'));
  await expect(page.getByRole('table', { name: 'Crypto assets' }).getByText('Bitcoin')).toBeVisible();
  await expect(page.getByTestId('multi-balance')).toHaveText(/^[\d,]+\.\d{4} Multi$/);
  await expect(page.getByRole('button', { name: 'Coming Soon ...' })).toBeDisabled();
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
  await expect(page.getByTestId('usd-balance')).toHaveText(dollars(usdBefore + DEPOSIT_CENTS), {
    timeout: 15_000,
  });

  await page.goto('/dashboard');
  const after = await dashboardFigures(page);
  expect(after.invested - before.invested).toBe(DEPOSIT_CENTS);
  // The coins alice holds are valued at moving prices, so the total moves by about the deposit.
  const moved = after.current - before.current - DEPOSIT_CENTS;
  const tolerance = before.current / 50n;
  expect(
    moved < 0n ? -moved : moved,
    `current value ${dollars(before.current)} → ${dollars(after.current)}`,
  ).toBeLessThan(tolerance);
  await expect(
    page
      .getByRole('table', { name: 'Assets' })
      .getByRole('row')
      .filter({ has: page.getByText('USD', { exact: true }) }),
  ).toContainText(dollars(usdBefore + DEPOSIT_CENTS).replace('$', ''));

  await page.goto('/history');
  await expect(page.getByRole('tab', { name: 'Transactions', selected: true })).toBeVisible();
  // The newest deposit, not the newest row: alice's resting orders from other specs (another worker)
  // can fill while this one runs, and each fill is a newer row of her history.
  const newest = page
    .getByRole('table', { name: 'Transactions' })
    .locator('tbody tr')
    .filter({ hasText: 'Deposit' })
    .first();
  await expect(newest).toContainText('250.0000');
  await expect(newest).toContainText('USD');
  await expect(newest).toContainText('SUCCESS');
  await expectAccessible(page, '/history');
});

test('the deposit form refuses empty, zero, negative and too small amounts', async ({ page }) => {
  await logInAsCustomer(page, ALICE.email, ALICE.password);
  await page.goto('/deposit');
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

  await page.goto('/deposit');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Money' })).toHaveCount(0);
  const completeKyc = page.getByRole('link', { name: 'Please Complete Your Kyc' });
  await expect(completeKyc).toBeVisible();
  await expectAccessible(page, '/deposit (no KYC)');
  await completeKyc.click();
  await expect(page).toHaveURL(/\/kyc$/);
});
