import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { registeredCustomer, submittedCustomer } from './support/customers';
import {
  expectAccessible,
  logInAsAdmin,
  logInAsCustomer,
  openFromAccountMenu,
  openFromAdminMenu,
} from './support/ui';

/**
 * Issue 46 point 7: lists an operator can work with. The users list sorts by a column on the server
 * (its header on a desktop, the Sort by choice on a phone), downloads its rows as CSV with the same
 * sort, and the KYC list filters by status on the server (a submission of the flow's own waits
 * among the pending ones and is in no other status). A customer's ticket keeps a thread: they open
 * it from their ticket list and reply in it.
 */

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin sorts the users by name, downloads them as CSV and filters KYC by status', async ({
      page,
      request,
    }, testInfo) => {
      const waiting = await submittedCustomer(request, `lists${viewport.width}`);
      await logInAsAdmin(page);
      await openFromAdminMenu(page, 'Users', 'Users');
      const wide = viewport.width >= 640;
      if (wide) {
        await page.getByRole('button', { name: 'Sort by Name, descending' }).click();
        await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
          'aria-sort',
          'descending',
        );
        await page.getByRole('button', { name: 'Sort by Name, ascending' }).click();
        await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
          'aria-sort',
          'ascending',
        );
      } else {
        await page.getByLabel('Sort by', { exact: true }).selectOption('name:asc');
        await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('name:asc');
      }
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await page.screenshot({
        path: testInfo.outputPath(`users-sorted-${viewport.width}.png`),
        fullPage: true,
      });

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await readFile(await file.path(), 'utf8');
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toBe('created_utc,name,email,phone,role,status,kyc_verified,wallet_usd');
      expect(lines.length).toBeGreaterThan(2);
      expect(text).toContain('admin@example.com');

      await openFromAdminMenu(page, 'KYC', 'KYC Requests');
      const search = page.getByPlaceholder('Search name,email or phone number');
      await search.fill(waiting.email);
      const status = page.getByLabel('Status', { exact: true });
      await status.selectOption('PENDING');
      await expect(page.getByRole('row').filter({ hasText: waiting.email })).toHaveCount(1);
      await status.selectOption('REJECTED');
      await expect(page.getByText('No Data Found')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: waiting.email })).toHaveCount(0);
      await status.selectOption('PENDING');
      await expect(page.getByRole('row').filter({ hasText: waiting.email })).toHaveCount(1);
      await expectAccessible(page, '/admin-kyc filtered');
      await page.screenshot({
        path: testInfo.outputPath(`kyc-pending-${viewport.width}.png`),
        fullPage: true,
      });
    });

    test('a customer replies in their ticket thread', async ({ page, request }, testInfo) => {
      const customer = await registeredCustomer(request, `thread${viewport.width}`);
      await logInAsCustomer(page, customer.email, customer.password);
      await openFromAccountMenu(page, 'Help and support', /\/support$/);
      await page.getByLabel('Subject').fill('Card declined');
      await page.getByLabel('Description').fill('My card was declined twice today.');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByRole('button', { name: 'View Card declined' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('list', { name: 'Conversation' })).toContainText(
        'My card was declined twice today.',
      );
      await dialog.getByLabel('Your reply').fill('It was a Visa card, if that helps.');
      await dialog.getByRole('button', { name: 'Send reply' }).click();
      await expect(page.getByText('Reply sent').first()).toBeVisible();
      await expect(dialog.getByRole('listitem')).toHaveCount(2);
      await expect(dialog.getByRole('listitem').nth(1)).toContainText('It was a Visa card, if that helps.');
      await expectAccessible(page, '/support thread');
      await page.screenshot({ path: testInfo.outputPath(`ticket-thread-${viewport.width}.png`) });
    });
  });
}
