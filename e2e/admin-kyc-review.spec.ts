import { expect, test } from '@playwright/test';
import { submittedCustomer } from './support/customers';
import { expectAccessible, logInAsAdmin, openFromAdminMenu } from './support/ui';

/**
 * KYC review on one page (issue 46 points 3 and 4): a customer's submission waits; the admin signs in
 * from the landing page, opens 'KYC' (the pending queue, oldest first), opens the submission by its
 * link, reloads (the id is in the URL), sees the documents and the customer, is refused a rejection
 * without a reason inside the dialog, and approves on the same page.
 */

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin reviews a pending KYC on one page: a reject needs its reason, then approve', async ({
      page,
      request,
    }) => {
      // A customer's registration and KYC upload through the API, and the admin's argon2 sign-in.
      test.slow();
      const customer = await submittedCustomer(request, `review-${viewport.width}`);
      await logInAsAdmin(page);
      await openFromAdminMenu(page, 'KYC', 'KYC Requests');
      // The status filter (the list's Status column header is a sort button of a similar name).
      await expect(page.getByLabel('Status', { exact: true })).toHaveValue('PENDING');
      const search = page.getByPlaceholder('Search name,email or phone number');
      await search.fill(customer.email);
      await search.press('End');
      const row = page.getByRole('row').filter({ hasText: customer.email });
      await expect(row).toHaveCount(1);
      await row.getByRole('link', { name: 'View Vera Verified' }).click();
      await expect(page).toHaveURL(/\/admin-kyc-details\/[0-9a-f-]+$/);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'KYC Details' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Front image' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Rear image' })).toBeVisible();
      await expect(page.getByText(customer.email)).toBeVisible();
      await expect(page.getByText('Pending', { exact: true })).toBeVisible();

      await page.screenshot({
        path: test.info().outputPath(`admin-kyc-pending-${viewport.width}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = page.getByRole('alertdialog', { name: 'Are You sure you want to Reject This Kyc ?' });
      await reject.getByRole('button', { name: 'Yes' }).click();
      await expect(reject.getByText('Please enter the reason for rejection')).toBeVisible();
      await expectAccessible(page, `/admin-kyc-details reject at ${viewport.width}px`);
      await reject.getByRole('button', { name: 'NO' }).click();
      await expect(reject).toBeHidden();

      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const approve = page.getByRole('alertdialog', { name: 'Are You sure you want to Approve This Kyc ?' });
      await approve.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('KYC approved successfully')).toBeVisible();
      await expect(page.getByText('Approve', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
      await page.screenshot({
        path: test.info().outputPath(`admin-kyc-review-${viewport.width}.png`),
        fullPage: true,
      });

      // The customer's own page, from the review: verified now.
      await page.getByRole('link', { name: 'Vera Verified' }).first().click();
      await expect(page).toHaveURL(/\/admin-profile\/[0-9a-f-]+$/);
      await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    });
  });
}
