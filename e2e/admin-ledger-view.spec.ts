import { expect, test } from '@playwright/test';
import { expectAccessible, logInAsAdmin, openFromAdminMenu } from './support/ui';

/**
 * Every money movement in one ledger view (issue 46 points 1 and 8): the admin signs in from the
 * landing page, reads the dashboard (the Approved KYC card's approved count; on a phone its sections
 * fold), opens Transactions, keeps the withdrawals of one customer (dana, the demo customer with a
 * completed withdrawal), reads her name and e-mail and the USD value, and downloads the same query as
 * CSV.
 */
const DANA = 'dana@example.com';

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('the admin finds a completed withdrawal among every movement and exports it', async ({ page }) => {
      await logInAsAdmin(page);

      await expect(page.getByText(/^approved of \d+$/)).toBeVisible();
      const latest = page.getByRole('button', { name: 'Latest Transactions' });
      await expect(latest).toHaveAttribute('aria-expanded', width < 768 ? 'false' : 'true');
      await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true });

      await openFromAdminMenu(page, 'Transactions', 'Transactions');
      await page.getByLabel('Kind', { exact: true }).selectOption('WITHDRAW');
      await page.getByPlaceholder('Search name,email or phone number').fill(DANA);
      const table = page.getByRole('table', { name: 'Transactions' });
      const row = table.getByRole('row').filter({ hasText: DANA }).first();
      await expect(row).toBeVisible();
      await expect(row.getByText('Dana Demo')).toBeVisible();
      await expect(row.getByText('Withdraw', { exact: true })).toBeVisible();
      await expect(row.getByText(/^≈ \$/)).toBeVisible();
      await expect(row.getByText('SUCCESS')).toBeVisible();
      await expectAccessible(page, '/admin-transaction filtered');
      await page.screenshot({ path: test.info().outputPath(`transactions-${width}.png`), fullPage: true });

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = await (await file.createReadStream()).toArray();
      const csv = Buffer.concat(text).toString('utf8');
      expect(csv.split(/\r?\n/)[0]).toContain('customer,email,kind');
      expect(csv).toContain(`Dana Demo,${DANA},WITHDRAW`);
    });
  });
}
