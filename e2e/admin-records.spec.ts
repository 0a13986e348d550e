import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registeredCustomer } from './support/customers';
import { expectAccessible, logInAsAdmin, openFromAdminMenu } from './support/ui';

/**
 * Issue 46 points 4 and 7, from the admin's side: a withdrawal, a ticket and an NFT each open on
 * their own URL from their list's row link and are still there after a reload; the admin replies in a
 * ticket's conversation; and the stakes list filters by status, sorts and downloads its CSV.
 */

/** A customer's ticket, raised through the API the web app calls. */
async function raiseTicket(request: APIRequestContext, tag: string, subject: string): Promise<void> {
  const customer = await registeredCustomer(request, tag);
  const login = await request.post('/api/v1/auth/login', { data: customer });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/v1/support/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { subject, description: 'My deposit has not arrived yet.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
}

/** Clicks a row's link to its record, and checks the record's URL shows it, before and after a reload. */
async function openRecord(page: Page, base: string, back: string): Promise<void> {
  await page.locator(`a[href^="${base}/"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${base}/[^/]+$`));
  await expect(page.getByRole('link', { name: back })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: back })).toBeVisible();
  await expect(page.locator('main').getByText('Open a user from the Users list')).toHaveCount(0);
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin opens a withdrawal, a ticket and an NFT on their own URLs and replies in the ticket', async ({
      page,
      request,
    }) => {
      const subject = `Deposit missing ${viewport.width}-${Date.now()}`;
      await raiseTicket(request, `records${viewport.width}`, subject);
      await logInAsAdmin(page);

      await openFromAdminMenu(page, 'Withdrawals', 'Withdrawals');
      await page.getByLabel('Withdrawal status').selectOption({ label: 'All' });
      await openRecord(page, '/admin-withdrawals', 'All withdrawals');
      await expect(page.locator('main').getByText('No Data Found')).toHaveCount(0);

      await openFromAdminMenu(page, 'NFTs', 'NFT Marketplace');
      await openRecord(page, '/admin-nft', 'All NFTs');

      await openFromAdminMenu(page, 'Support', 'Support');
      await page.getByLabel('Status', { exact: true }).selectOption('PENDING');
      await page.getByRole('searchbox').first().fill(subject);
      await page.getByRole('link', { name: subject }).click();
      await expect(page).toHaveURL(/\/admin-support\/[^/]+$/);
      await page.reload();
      const conversation = page.getByRole('list', { name: 'Conversation' });
      await expect(conversation).toContainText('My deposit has not arrived yet.');
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Answer').fill('We found it: it is credited now.');
      await dialog.getByLabel('Close the ticket').uncheck();
      await dialog.getByRole('button', { name: 'Send answer' }).click();
      await expect(page.getByText('Ticket answered').first()).toBeVisible();
      await expect(conversation.getByRole('listitem')).toHaveCount(2);
      await expect(conversation.getByRole('listitem').nth(1)).toContainText(
        'We found it: it is credited now.',
      );
      await expectAccessible(page, '/admin-support/<id> conversation');
      await page.screenshot({ path: test.info().outputPath(`ticket-${viewport.width}.png`), fullPage: true });
    });

    test('an admin filters the stakes by status, sorts them and downloads them as CSV', async ({ page }) => {
      await logInAsAdmin(page);
      await openFromAdminMenu(page, 'Stakes', 'Stakes');
      await page.getByLabel('Status', { exact: true }).selectOption('ACTIVE');
      if (viewport.width >= 640) {
        await page.getByRole('button', { name: 'Sort by Token, descending' }).click();
        await expect(page.getByRole('columnheader', { name: /Token/ })).toHaveAttribute(
          'aria-sort',
          'descending',
        );
      } else {
        await page.getByLabel('Sort by', { exact: true }).selectOption('asset:asc');
        await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue('asset:asc');
      }
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^stakes-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
      expect(lines[0]).toBe(
        'created_utc,customer,email,token,principal,days,interest_rate,payout,status,transaction_id,id',
      );
      for (const line of lines.slice(1)) expect(line.split(',')[8]).toBe('ACTIVE');
      await expectAccessible(page, '/admin-stakes sorted and filtered');
      await page.screenshot({ path: test.info().outputPath(`stakes-${viewport.width}.png`), fullPage: true });
    });
  });
}
