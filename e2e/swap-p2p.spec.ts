import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, openFromAccountMenu, openFromHeader } from './support/ui';

/**
 * Swap, Buy MultiCoin and P2P against the real server, each started on the landing page and reached
 * through the header: alice (KYC-verified, seeded with ETH and XRP) swaps ETH into USDT, buys MULTI
 * with XRP and sends ETH to carol (the seeded second verified customer); each ends on its History tab.
 * Every screen is checked with axe.
 */

const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };

async function logInFromLanding(page: Page, who = ALICE): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('current-value')).toHaveText(/^\$[\d,]+\.\d{2}$/);
}

test('alice swaps ETH into USDT at the live quote and lands on the Swap tab', async ({ page }) => {
  await logInFromLanding(page);
  await openFromHeader(page, 'Swap', /\/swap$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Swap' })).toBeVisible();

  await page.getByRole('button', { name: 'Swap' }).click();
  await expect(page.getByText('Amount must be greater than 0')).toBeVisible();
  await page.getByLabel('Amount').fill('100');
  await page.getByRole('button', { name: 'Swap' }).click();
  await expect(page.getByText('Insufficient amount', { exact: true })).toBeVisible();
  await expect(page.getByText('No quote: Insufficient amount')).toBeVisible();

  await page.getByLabel('To', { exact: true }).selectOption('USDT');
  await page.getByLabel('Amount').fill('0.1');
  const quote = page.getByRole('definition').filter({ hasText: /USDT$/ }).last();
  await expect(page.getByTestId('swap-receive')).toHaveText(/^[\d,]+\.\d+ USDT$/);
  await expect(quote).toBeVisible();
  await expectAccessible(page, 'swap with a quote');

  await page.getByRole('button', { name: 'Swap' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'swap confirmation');
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('Swap successful')).toBeVisible();

  await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Swap', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Swap' });
  await expect(table.getByText('Swapped ETH to USDT').first()).toBeVisible();
  await expect(table.getByText('0.1000').first()).toBeVisible();
  await expectAccessible(page, 'history swap tab');
});

test('equal coins are refused with a toast and the page reloads', async ({ page }) => {
  await logInFromLanding(page);
  await openFromHeader(page, 'Swap', /\/swap$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Swap' })).toBeVisible();
  await page.getByLabel('To', { exact: true }).selectOption('ETH');
  await page.getByLabel('Amount').fill('0.1');
  await page.getByRole('button', { name: 'Swap' }).click();
  await expect(page.getByText('From and To currency must be different')).toBeVisible();
  await page.waitForEvent('load', { timeout: 5_000 });
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('BTC');
});

test('alice buys MultiCoin with XRP; the MULTI balance shows on the wallet', async ({ page }) => {
  await logInFromLanding(page);
  await openFromHeader(page, 'Multicoin', /\/multicoin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy MultiCoin' })).toBeVisible();
  await expect(page.getByTestId('multi-index')).toHaveText(/^\$[\d,]+\.\d{4}$/);
  await page.getByLabel('Pay with').selectOption('XRP');
  await page.getByLabel('Amount').fill('10');
  await expect(page.getByTestId('swap-receive')).toHaveText(/^\d+\.\d{4} MULTI$/);
  await expectAccessible(page, 'multicoin with a quote');

  await page.getByRole('button', { name: 'Buy' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Swap ?' });
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('MultiCoin bought successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Swap', selected: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Swap' }).getByText('Bought MultiCoin').first()).toBeVisible();

  await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
  await expect(page.getByTestId('multi-balance')).not.toHaveText('0.0000 Multi');
});

test('alice sends ETH to carol after checking her e-mail and lands on the p2p History tab', async ({
  page,
}) => {
  await logInFromLanding(page);
  await openFromHeader(page, 'P2P', /\/p2p$/);
  await expect(page.getByRole('heading', { level: 1, name: 'P2P' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Crypto balances' }).getByText('ETH')).toBeVisible();

  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Please Enter Email Id')).toBeVisible();
  await page.getByLabel('Recipient email').fill('bob@example.com');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This user has not completed KYC' })).toBeVisible();

  await page.getByLabel('Recipient email').fill('carol@example.com');
  await page.getByLabel('Currency').selectOption('ETH');
  await page.getByLabel('Amount').fill('0.25');
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Please valiadate your email first')).toBeVisible();
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('Email Verified')).toBeVisible();
  await expectAccessible(page, 'p2p with a verified recipient');

  await page.getByRole('button', { name: 'Transfer' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Transfer ?' });
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('Transfer successful')).toBeVisible();
  await expect(page.getByLabel('Recipient email')).toHaveValue('');

  await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'p2p History', selected: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'p2p History' });
  await expect(table.getByText('carol@example.com').first()).toBeVisible();
  await expectAccessible(page, 'history p2p tab');
});

test('bob, without KYC, gets Please Complete Your Kyc on Swap, Multicoin and P2P', async ({ page }) => {
  await logInFromLanding(page, { email: 'bob@example.com', password: 'Bob@1234567' });
  for (const [label, path, heading] of [
    ['Swap', /\/swap$/, 'Swap'],
    ['Multicoin', /\/multicoin$/, 'Buy MultiCoin'],
    ['P2P', /\/p2p$/, 'P2P'],
  ] as const) {
    await openFromHeader(page, label, path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Please Complete Your Kyc' }),
    ).toBeVisible();
  }
  await page.getByRole('link', { name: 'Please Complete Your Kyc' }).first().click();
  await expect(page).toHaveURL(/\/kyc$/);
});
