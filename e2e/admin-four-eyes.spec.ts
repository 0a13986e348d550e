import { type Browser, expect, type Page, test } from '@playwright/test';
import { queuedUsdWithdrawal } from './support/queued-withdrawal';
import { expectAccessible, logInAsAdmin, openFromAdminMenu } from './support/ui';

/**
 * Four eyes on a large withdrawal (issue 46 point 5): a customer's 1,500 USD withdrawal (above the
 * 1,000 USD second-approval line) waits in the queue; the first admin approves it and the queue says
 * '1 of 2 approvals'; approving it again is refused inside the dialog; the second admin, signed in on
 * their own, approves it and it goes on, with who approved it and when.
 */
const FIRST = { email: 'admin@example.com', password: 'Admin@123456' };
const SECOND = { email: 'admin2@example.com', password: 'Admin2@123456' };

async function signInToQueue(browser: Browser, admin: typeof FIRST, width: number, height: number) {
  const page = await (await browser.newContext({ viewport: { width, height } })).newPage();
  await logInAsAdmin(page, admin);
  await openFromAdminMenu(page, 'Withdrawals', 'Withdrawals');
  return page;
}

async function approve(page: Page, email: string) {
  const row = page.getByRole('table', { name: 'Withdrawals' }).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: `Approve withdrawal of ${email}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'YES' }).click();
  return { row, dialog };
}

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('two admins approve a large withdrawal, the first cannot give the second approval', async ({
      browser,
      request,
    }) => {
      test.slow();
      const customer = await queuedUsdWithdrawal(request, `four-eyes-${width}`, '2000', '1500');

      const first = await signInToQueue(browser, FIRST, width, height);
      await first.getByLabel('Search withdrawals').fill(customer.email);
      const table = first.getByRole('table', { name: 'Withdrawals' });
      const row = table.getByRole('row').filter({ hasText: customer.email });
      await expect(row.getByText('0 of 2 approvals')).toBeVisible();
      await expect(row.getByText('≈ $1,500.00')).toBeVisible();
      await approve(first, customer.email);
      await expect(
        first.getByText('First approval recorded: a second admin must approve this withdrawal'),
      ).toBeVisible();
      await expect(row.getByText('1 of 2 approvals')).toBeVisible();
      await expect(row.getByText(/^First approval: Demo Admin,/)).toBeVisible();
      await first.screenshot({
        path: test.info().outputPath(`four-eyes-first-${width}.png`),
        fullPage: true,
      });

      // The same admin again: refused inside the dialog, which stays open.
      const { dialog } = await approve(first, customer.email);
      await expect(dialog.getByRole('alert')).toHaveText(
        'You gave this withdrawal its first approval: a second, different admin must approve it',
      );
      await expectAccessible(first, 'four-eyes refusal dialog');
      await dialog.getByRole('button', { name: 'No' }).click();

      const second = await signInToQueue(browser, SECOND, width, height);
      await second.getByLabel('Search withdrawals').fill(customer.email);
      await expect(
        second
          .getByRole('table', { name: 'Withdrawals' })
          .getByRole('row')
          .filter({ hasText: customer.email })
          .getByText('1 of 2 approvals'),
      ).toBeVisible();
      await approve(second, customer.email);
      await expect(second.getByText('Withdrawal approved', { exact: true })).toBeVisible();
      // It left the queue; among every status it reads who approved it.
      await second.getByLabel('Withdrawal status').selectOption('');
      const decided = second
        .getByRole('table', { name: 'Withdrawals' })
        .getByRole('row')
        .filter({ hasText: customer.email });
      await expect(decided.getByText(/^Approved by Second Admin,/)).toBeVisible();
      await expect(decided.getByText(/^First approval: Demo Admin,/)).toBeVisible();
      await second.screenshot({
        path: test.info().outputPath(`four-eyes-second-${width}.png`),
        fullPage: true,
      });
    });
  });
}
