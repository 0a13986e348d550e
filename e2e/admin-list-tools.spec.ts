import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registeredCustomer } from './support/customers';
import { expectAccessible, logInAsAdmin, openFromAdminMenu } from './support/ui';

/**
 * Issue 46, the back office's lists and a customer's sessions, as an operator works them from the
 * landing page's sign-in at 1366 and 390 px: KYC, support and debts sort by a column (the header on a
 * desktop, the Sort by select on a phone); the withdrawal queue sorts by USD value and downloads its
 * CSV with the same filters; a ticket's Answer opens with the ticket in context and an empty box; and
 * the customer's page ends one session, then all of them, each after a confirmation.
 */

/** A customer signed in twice (two sessions) who raised a ticket, through the API the web app calls. */
async function customerWithSessions(request: APIRequestContext, tag: string, subject: string) {
  const customer = await registeredCustomer(request, tag);
  let token = '';
  for (let i = 0; i < 2; i += 1) {
    const login = await request.post('/api/v1/auth/login', { data: customer });
    expect(login.ok()).toBe(true);
    token = ((await login.json()) as { token: string }).token;
  }
  const created = await request.post('/api/v1/support/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { subject, description: 'My deposit has not arrived yet.' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return customer;
}

/** Sorts the list by a column: its header's button on a desktop, the Sort by select on a phone. */
async function sortBy(page: Page, width: number, header: string, option: string): Promise<void> {
  if (width >= 640) {
    await page.getByRole('button', { name: `Sort by ${header}, descending` }).click();
    await expect(page.getByRole('columnheader', { name: new RegExp(header) })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  } else {
    await page.getByLabel('Sort by', { exact: true }).selectOption(option);
    await expect(page.getByLabel('Sort by', { exact: true })).toHaveValue(option);
  }
}

async function downloadCsv(page: Page, name: string): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  return (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin sorts KYC, tickets, debts and withdrawals, answers a ticket and ends a customer sessions', async ({
      page,
      request,
    }) => {
      // A fresh customer (registration and two sign-ins through the API) and the admin's argon2 sign-in.
      test.slow();
      const subject = `Where is my deposit ${viewport.width}-${Date.now()}`;
      const customer = await customerWithSessions(request, `sessions-${viewport.width}`, subject);
      const shot = (name: string) =>
        page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage: true });
      await logInAsAdmin(page);

      await openFromAdminMenu(page, 'KYC', 'KYC Requests');
      await page.getByLabel('Status', { exact: true }).selectOption('');
      await sortBy(page, viewport.width, 'User', 'name:asc');
      await shot('kyc-sorted');

      await openFromAdminMenu(page, 'Debts', 'Debts');
      await sortBy(page, viewport.width, 'Amount', 'amount:asc');

      await openFromAdminMenu(page, 'Withdrawals', 'Withdrawals');
      await page.getByLabel('Withdrawal status').selectOption({ label: 'All' });
      await sortBy(page, viewport.width, 'Amount', 'value:asc');
      const lines = await downloadCsv(page, 'withdrawals');
      expect(lines[0]).toContain('customer,email,asset');
      expect(lines[0]).toContain('value_usd');
      await expectAccessible(page, `/admin-withdrawals sorted at ${viewport.width}px`);
      await shot('withdrawals-sorted');

      await openFromAdminMenu(page, 'Support', 'Support');
      await sortBy(page, viewport.width, 'Subject', 'subject:asc');
      await page.getByRole('searchbox').first().fill(subject);
      await page.getByRole('button', { name: `Answer ${subject}` }).click();
      const answer = page.getByRole('dialog', { name: 'Answer ticket' });
      await expect(answer.getByText(customer.email)).toBeVisible();
      await expect(answer.getByText('My deposit has not arrived yet.')).toBeVisible();
      await expect(answer.getByLabel('Answer')).toHaveValue('');
      await shot('answer-dialog');
      await answer.getByLabel('Answer').fill('We found it: it is credited now.');
      await answer.getByLabel('Close the ticket').uncheck();
      await answer.getByRole('button', { name: 'Send answer' }).click();
      await expect(answer).toBeHidden();

      await openFromAdminMenu(page, 'Users', 'Users');
      const search = page.getByPlaceholder('Search name,email or phone number');
      await search.fill(customer.email);
      await search.press('End');
      await page
        .getByRole('row')
        .filter({ hasText: customer.email })
        .getByRole('link', { name: /^View Vera Verified/ })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'User Information' })).toBeVisible();
      await page.getByRole('tab', { name: 'Sessions' }).click();
      const sessions = page.getByRole('table', { name: 'Sessions' });
      const ends = sessions.getByRole('button', { name: /^End session / });
      await expect(ends).toHaveCount(2);
      await ends.first().click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('End this session?');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('Session ended', { exact: true })).toBeVisible();
      await expect(ends).toHaveCount(1);
      await page.getByRole('button', { name: 'End all sessions' }).click();
      await expect(confirm).toContainText('End every session of this customer?');
      await shot('end-all-sessions');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(page.getByText('Sessions ended: 1', { exact: true })).toBeVisible();
      await expect(ends).toHaveCount(0);
      await page.getByRole('tab', { name: 'Audit Log' }).click();
      await expect(page.getByText('SESSIONS_ENDED').first()).toBeVisible();
      await expectAccessible(page, `/admin-profile sessions at ${viewport.width}px`);
    });
  });
}
