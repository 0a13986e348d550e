import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * A statement for taxes (issue 45): alice, from the landing page, opens History, downloads the
 * Transactions tab as CSV and the account statement for the last 30 days, at a desktop and a phone
 * width. The files come through the browser's own download, with the header row and her rows in them.
 */

const widths = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), lines: (await readFile(path, 'utf8')).trim().split('\r\n') };
}

for (const size of widths) {
  test(`History: Export CSV and the statement download at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    const errors = collectPageErrors(page);
    await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
    await openFromHeader(page, 'History', /\/history$/);
    await expect(page.getByRole('tab', { name: 'Transactions', selected: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, `history with its downloads at ${size.width}`);

    const transactions = await downloaded(page, () =>
      page.getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(transactions.name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(transactions.lines[0]).toBe(
      'time_utc,type,operation,from_asset,from_amount,to_asset,to_amount,price,status,id',
    );
    expect(transactions.lines.length).toBeGreaterThan(1);
    expect(transactions.lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);

    const statement = page.getByRole('region', { name: 'Account statement' });
    const file = await downloaded(page, () =>
      statement.getByRole('button', { name: 'Download statement' }).click(),
    );
    expect(file.name).toMatch(/^statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.lines[0]).toBe('asset,time_utc,kind,reference,amount,balance');
    expect(file.lines.some((line) => /,OPENING_BALANCE,,,/.test(line))).toBe(true);
    expect(file.lines.some((line) => /,CLOSING_BALANCE,,,\d/.test(line))).toBe(true);

    // A range the server refuses says why under the dates.
    await statement.getByLabel('From').fill('2020-01-01');
    await statement.getByRole('button', { name: 'Download statement' }).click();
    await expect(statement.getByRole('alert')).toHaveText('A statement covers at most 366 days');
    expect(errors).toEqual([]);
  });
}
