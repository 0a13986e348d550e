import { expect, type Page, test } from '@playwright/test';
import { registeredCustomer } from './support/customers';
import { expectAccessible, logInAsAdmin, openFromAdminMenu } from './support/ui';

/**
 * A customer on one page (issue 46 points 2 and 4): the admin signs in from the landing page, opens a
 * customer from the Users list by its link, reloads the page and is still on that customer (the id is
 * in the URL), then freezes the customer's withdrawals: Yes without a reason is refused inside the
 * dialog, with one the freeze shows and is in the audit trail. The admin's own page offers neither
 * Disable nor the freeze.
 */

const ADMIN = { email: 'admin@example.com', password: 'Admin@123456' };

async function openUser(page: Page, email: string, name: RegExp): Promise<void> {
  await openFromAdminMenu(page, 'Users', 'Users');
  const search = page.getByPlaceholder('Search name,email or phone number');
  await search.fill(email);
  await search.press('End');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/admin-profile\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Information' })).toBeVisible();
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin opens a customer by link, reloads, and freezes their withdrawals with a reason', async ({
      page,
      request,
    }) => {
      // A fresh customer (registration through the API) and the admin's argon2 sign-in.
      test.slow();
      const customer = await registeredCustomer(request, `freeze-${viewport.width}`);
      await logInAsAdmin(page);
      await openUser(page, customer.email, /^View Vera Verified/);
      const url = page.url();
      await page.reload();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1, name: 'User Information' })).toBeVisible();
      await expect(page.getByText(customer.email)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Disable Vera Verified' })).toBeVisible();

      await page.getByRole('button', { name: 'Freeze withdrawals of Vera Verified' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText('Freeze the withdrawals of this account?');
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Please give a reason');
      await expectAccessible(page, `/admin-profile freeze dialog at ${viewport.width}px`);
      await dialog.getByLabel('Reason').fill('Chargeback under review');
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Withdrawals frozen', { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Chargeback under review')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Unfreeze withdrawals of Vera Verified' })).toBeVisible();
      await page.getByRole('tab', { name: 'Balances' }).click();
      await expect(page.getByRole('table', { name: 'Balances' })).toBeVisible();
      await page.getByRole('tab', { name: 'API keys' }).click();
      await expect(page.getByRole('table', { name: 'API keys' })).toBeVisible();
      await page.getByRole('tab', { name: 'Audit Log' }).click();
      await expect(page.getByRole('cell', { name: 'WITHDRAWALS_FROZEN' })).toBeVisible();
      await expectAccessible(page, `/admin-profile frozen at ${viewport.width}px`);
      await page.screenshot({
        path: test.info().outputPath(`admin-customer-${viewport.width}.png`),
        fullPage: true,
      });

      // The admin's own page: no Disable and no freeze.
      await openUser(page, ADMIN.email, /^View /);
      await expect(page.getByRole('main').getByText(ADMIN.email)).toBeVisible();
      await expect(page.getByRole('button', { name: /^Disable / })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Freeze withdrawals/ })).toHaveCount(0);

      // The admin's own session, on the Sessions tab: on a phone each row is a card whose column
      // names stay whole beside a long detail (it once read 'DETAIL S').
      await page.getByRole('tab', { name: 'Sessions' }).click();
      const sessions = page.getByRole('table', { name: 'Sessions' });
      const detail = sessions.locator('td[data-label="Details"]').first();
      await expect(detail).toContainText('last used');
      if (viewport.width < 640) {
        const labelLines = await detail.evaluate((cell) => {
          const label = getComputedStyle(cell, '::before');
          return Number.parseFloat(label.height) / Number.parseFloat(label.lineHeight);
        });
        expect(labelLines).toBeLessThan(1.5);
      }
      await sessions.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: test.info().outputPath(`admin-sessions-${viewport.width}.png`),
        fullPage: true,
      });
    });
  });
}
