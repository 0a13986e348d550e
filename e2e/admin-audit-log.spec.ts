import { expect, test } from '@playwright/test';
import { registeredCustomer } from './support/customers';
import { expectAccessible, logInAsAdmin, openFromAdminMenu } from './support/ui';

/**
 * Issue 46 point 6: an admin changes a customer's role on the user's page (not through the API),
 * then finds the change in the audit log, its own screen in the admin menu, filtered by action and
 * target. A customer of the flow's own, so no other flow's customer is signed out by the change.
 */
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin makes a customer an admin on their page and finds it in the audit log', async ({
      page,
      request,
    }, testInfo) => {
      const customer = await registeredCustomer(request, `role${viewport.width}`);
      await logInAsAdmin(page);
      await openFromAdminMenu(page, 'Users', 'Users');
      const search = page.getByPlaceholder('Search name,email or phone number');
      await search.fill(customer.email);
      await expect(page.getByRole('row').filter({ hasText: customer.email })).toHaveCount(1);
      await page.getByRole('link', { name: /^View Vera Verified/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Information' })).toBeVisible();

      await page.getByRole('button', { name: /^Make admin/ }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Make this user an admin?');
      await confirm.getByRole('button', { name: /yes/i }).click();
      await expect(page.getByText('Role changed: the user is signed out everywhere').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /^Make customer/ })).toBeVisible();

      await openFromAdminMenu(page, 'Audit Log', 'Audit Log');
      await page.getByLabel('Action', { exact: true }).selectOption('ROLE_CHANGED');
      await page.getByLabel('Target', { exact: true }).fill(customer.email);
      const line = page.getByRole('row').filter({ hasText: customer.email });
      await expect(line).toHaveCount(1);
      await expect(line).toContainText('ROLE_CHANGED');
      await expect(line).toContainText('from: USER');
      await expect(line).toContainText('to: ADMIN');
      await expectAccessible(page, '/admin-audit-log');
      await page.screenshot({ path: testInfo.outputPath(`audit-log-${viewport.width}.png`), fullPage: true });
    });
  });
}
