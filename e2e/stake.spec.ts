import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/ui';

/**
 * Staking through the real UI: alice (KYC-verified, 5 ETH from the demo seed) starts on the landing
 * page, logs in, opens Stake from the header, stakes 0.5 ETH for 30 days through the Locked Staking
 * modal and the confirmation, and lands on History's Stakes tab with the stake ACTIVE. Bob (no KYC)
 * is sent to /kyc instead.
 */

async function logInFromLanding(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openStakeFromHeader(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Stake', exact: true }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/stake$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stake' })).toBeVisible();
}

test('alice stakes 0.5 ETH for 30 days and sees it ACTIVE on History → Stakes', async ({ page }) => {
  await logInFromLanding(page, 'alice@example.com', 'Alice@123456');
  await openStakeFromHeader(page);
  const options = page.getByRole('table', { name: 'Stake options' });
  const eth = options.getByRole('row').filter({ hasText: 'Ethereum' });
  await expect(eth).toContainText('8.00%');
  await expectAccessible(page, '/stake');

  // Stake Now with no duration chosen says so; a double-click clears a choice.
  await eth.getByRole('button', { name: 'Stake Now ETH' }).click();
  await expect(page.getByText('Please Select Duration')).toBeVisible();
  const thirty = eth.getByRole('button', { name: '30', exact: true });
  await thirty.click();
  await expect(thirty).toHaveAttribute('aria-pressed', 'true');
  await thirty.dblclick();
  await expect(thirty).toHaveAttribute('aria-pressed', 'false');
  await thirty.click();
  await expect(thirty).toHaveAttribute('aria-pressed', 'true');

  await eth.getByRole('button', { name: 'Stake Now ETH' }).click();
  const modal = page.getByRole('dialog', { name: 'Locked Staking' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please Select Stake Amount');
  await modal.getByLabel('Amount (ETH)').fill('0.5');
  await modal.getByRole('button', { name: 'Confirm' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Please Checked t&c');
  await modal.getByRole('checkbox').check();
  // 0.5 ETH × 8% × 30 / 365 = 0.00328767 ETH, shown to 6 decimals.
  await expect(modal.getByRole('definition').filter({ hasText: '0.003287 ETH' })).toBeVisible();
  await expect(modal).toContainText('0.503287 ETH');
  await expectAccessible(page, '/stake, Locked Staking');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/stake-modal-390.png' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: 'test-results/stake-modal-1366.png' });

  await modal.getByRole('button', { name: 'Confirm' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to create Stake ?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'YES' }).click();

  await expect(page.getByText('Stake created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('tab', { name: 'Stakes', selected: true })).toBeVisible();
  const newest = page.getByRole('table', { name: 'Stakes' }).locator('tbody tr').first();
  await expect(newest).toContainText('0.5000');
  await expect(newest).toContainText('ETH');
  await expect(newest).toContainText('ACTIVE');
  await expect(newest.getByText('ACTIVE')).toHaveClass(/text-success/);
  await expectAccessible(page, '/history, Stakes');
  await page.screenshot({ path: 'test-results/stake-history-1366.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/stake-history-390.png', fullPage: true });
});

test('bob, without KYC, is offered Please Complete Your Kyc on /stake, which leads to /kyc', async ({
  page,
}) => {
  await logInFromLanding(page, 'bob@example.com', 'Bob@1234567');
  await openStakeFromHeader(page);
  await expectAccessible(page, '/stake (no KYC)');
  await page.screenshot({ path: 'test-results/stake-page-nokyc.png' });
  await page.getByRole('link', { name: 'Please Complete Your Kyc' }).click();
  await expect(page).toHaveURL(/\/kyc$/);
});
