import { type Browser, expect, type Page, test } from '@playwright/test';
import { submittedCustomer } from './support/customers';
import { logInAsAdmin, logInAsCustomer, openFromAccountMenu } from './support/ui';

/**
 * Live KYC (issue 45 point 2): a customer whose KYC is under review has the dashboard open in one tab
 * and the KYC page in another; the admin, in a browser of their own, approves the submission in the
 * back office. Both of the customer's screens show the approval at once, with no navigation and no
 * reload: the decision arrives over the WebSocket, and a toast says it.
 */

const UNDER_REVIEW = 'Your documents are being checked. You can trade and deposit once they are approved.';

/** The admin, in a browser of their own, signs in from the landing page and opens KYC Requests. */
async function openAdminKyc(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const admin = await context.newPage();
  await logInAsAdmin(admin);
  await admin
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'KYC', exact: true })
    .first()
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'KYC Requests' })).toBeVisible();
  return admin;
}

/** On KYC Requests: finds `email`'s submission and approves it. */
async function approve(admin: Page, email: string): Promise<void> {
  const search = admin.getByPlaceholder('Search name,email or phone number');
  await search.fill(email);
  // The spec applies the term on key-up.
  await search.press('End');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Approve Vera Verified' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Are You sure you want to Approve This Kyc ?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(admin.getByText('KYC approved successfully')).toBeVisible();
}

/** Each screen before and after, at the flow's width, in the run's output folder for a person to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`kyc-live-${name}.png`), fullPage: true });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an approval reaches the open dashboard and KYC page without a reload', async ({
      page,
      browser,
      request,
    }) => {
      // Two people signing in (argon2) on a shared machine.
      test.slow();
      // The admin signs in while the customer is made, so the flow waits for one sign-in less.
      const [customer, admin] = await Promise.all([
        submittedCustomer(request, `kyc-live-${viewport.width}`),
        openAdminKyc(browser),
      ]);
      await logInAsCustomer(page, customer.email, customer.password);
      const pendingNote = page.getByText(UNDER_REVIEW);
      await expect(pendingNote).toBeVisible();
      const depositUsd = page.getByRole('link', { name: 'Deposit USD' });
      await expect(depositUsd).toHaveAttribute('href', '/kyc');

      // A second tab of the same customer on the KYC page, opened from the account menu.
      const kycTab = await page.context().newPage();
      await kycTab.goto('/');
      await kycTab.getByRole('main').getByRole('link', { name: 'Dashboard' }).first().click();
      await expect(kycTab).toHaveURL(/\/dashboard$/);
      await openFromAccountMenu(kycTab, 'KYC', /\/kyc$/);
      const status = kycTab.getByRole('region', { name: 'KYC status' });
      await expect(status.getByText('PENDING', { exact: true })).toBeVisible();
      await expect(status.getByText(UNDER_REVIEW)).toBeVisible();
      await shoot(page, `dashboard-pending-${viewport.width}`);
      await shoot(kycTab, `kyc-pending-${viewport.width}`);

      // Any full page load from here on would be a reload or a navigation the flow did not make.
      const loads: string[] = [];
      for (const tab of [page, kycTab]) tab.on('load', () => loads.push(tab.url()));

      await approve(admin, customer.email);
      await admin.context().close();

      // The dashboard says so, the review note leaves and Deposit USD leads to the deposit page.
      await expect(page.getByText('Your KYC is approved. You can now deposit and trade.')).toBeVisible();
      await expect(pendingNote).toHaveCount(0);
      await expect(depositUsd).toHaveAttribute('href', '/deposit');
      await expect(page).toHaveURL(/\/dashboard$/);
      // The KYC page: APPROVED, and the form stays read-only.
      await expect(status.getByText('APPROVED', { exact: true })).toBeVisible();
      await expect(status.getByText('Your KYC is already approved')).toBeVisible();
      await expect(
        kycTab.getByRole('form', { name: 'KYC form' }).getByRole('button', { name: 'Submit' }),
      ).toHaveCount(0);
      expect(loads).toEqual([]);
      await shoot(page, `dashboard-approved-${viewport.width}`);
      await shoot(kycTab, `kyc-approved-${viewport.width}`);
    });
  });
}
