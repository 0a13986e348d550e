import { expect, type Page, test } from '@playwright/test';
import { submittedCustomer, uniqueIdentity } from './support/customers';
import { expectAccessible, logInAsAdmin } from './support/ui';

/**
 * Duplicate identities (issue 35 item 2): two accounts submit KYC with the same identity (card
 * number, name with birth date, images). The admin signs in from the landing page, opens the KYC
 * requests, sees the second submission marked, opens it and reads who it matches and on what; the
 * approval asks whether to pay the referral reward despite the match.
 */

async function openAdminKyc(page: Page): Promise<void> {
  await logInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'KYC', exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'KYC Requests' })).toBeVisible();
}

test('the admin sees a possible duplicate identity on the flagged submission', async ({ page, request }) => {
  // Two customers registering and uploading, then the admin signing in (argon2) on a shared machine.
  test.slow();
  const identity = uniqueIdentity();
  const first = await submittedCustomer(request, 'dup-first', identity);
  const second = await submittedCustomer(request, 'dup-second', identity);

  await openAdminKyc(page);
  const search = page.getByPlaceholder('Search name,email or phone number');
  await search.fill(second.email);
  await search.press('End');
  const row = page.getByRole('row').filter({ hasText: second.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Possible duplicate', { exact: true })).toBeVisible();

  await row.getByRole('link', { name: 'View Vera Verified' }).click();
  await expect(page).toHaveURL(/\/admin-kyc-details\/[0-9a-f-]+$/);
  const panel = page.getByRole('region', { name: 'Possible duplicate identity' });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(first.email)).toBeVisible();
  await expect(panel.getByText('Document number, Name and date of birth, Document image')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Vera Verified' })).toBeVisible();
  await expectAccessible(page, '/admin-kyc-details possible duplicate');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: 'test-results/kyc-duplicate-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/kyc-duplicate-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Approving it asks whether to pay the referral reward anyway; NO leaves it pending.
  await page.getByRole('link', { name: /Back to KYC Requests/ }).click();
  await search.fill(second.email);
  await search.press('End');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Approve Vera Verified' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You sure you want to Approve This Kyc ?' });
  await expect(confirm.getByLabel('Pay the referral reward despite the match')).not.toBeChecked();
  await expectAccessible(page, '/admin-kyc approve a possible duplicate');
  await confirm.getByRole('button', { name: 'NO' }).click();
  await expect(row.getByText('PENDING', { exact: true })).toBeVisible();
});
