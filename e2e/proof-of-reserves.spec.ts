import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromAccountMenu } from './support/ui';

/**
 * Proof of reserves (issue 49): a customer opens it from the account menu, verifies their balances in
 * the browser, downloads the proof, and the standalone verifier (verifier/verify.mjs, run here as a
 * person runs it) says OK against the root the public list publishes. A visitor reaches the reports
 * from the footer. The server makes its first report at start (the daily job's first run).
 */
const verifier = path.resolve(import.meta.dirname, '../verifier/verify.mjs');

async function publishedRoot(request: APIRequestContext): Promise<string> {
  let root = '';
  await expect
    .poll(
      async () => {
        const list = await (await request.get('/api/v1/reserves/reports')).json();
        root = list.data?.content?.[0]?.root_hash ?? '';
        return root;
      },
      { timeout: 60_000 },
    )
    .not.toBe('');
  return root;
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a customer verifies their balances and the standalone verifier agrees', async ({
      page,
      request,
    }) => {
      const errors = collectPageErrors(page);
      const root = await publishedRoot(request);
      await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
      await openFromAccountMenu(page, 'Proof of reserves', /\/proof-of-reserves$/);
      await expect(page.getByRole('heading', { name: 'Proof of reserves', level: 1 })).toBeVisible();
      await expect(page.getByRole('definition').filter({ hasText: root })).toBeVisible();
      await page.getByRole('button', { name: 'Verify my balances' }).click();
      await expect(page.getByTestId('reserves-verdict')).toHaveText(
        'Your balances are included: the path checks out to the published root.',
      );
      await expect(page.getByTestId('reserves-leaf')).toContainText('BTC');
      await page.screenshot({
        path: test.info().outputPath(`reserves-${viewport.width}.png`),
        fullPage: true,
      });
      await expectAccessible(page, 'proof of reserves');

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the proof (JSON)' }).click();
      const file = await (await download).path();
      const out = execFileSync('node', [verifier, file, root], { encoding: 'utf8' });
      expect(out).toMatch(/^OK: /);
      expect(errors).toEqual([]);
    });

    test('a visitor finds the reports from the footer', async ({ page, request }) => {
      const root = await publishedRoot(request);
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Proof of reserves' }).click();
      await expect(page).toHaveURL(/\/proof-of-reserves$/);
      await expect(page.getByRole('definition').filter({ hasText: root })).toBeVisible();
      await expect(page.getByTestId(/^reserve-(line|card)-BTC$/).filter({ visible: true })).toBeVisible();
      await expect(page.getByText('to check that your own balances are in this report.')).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`reserves-public-${viewport.width}.png`),
        fullPage: true,
      });
    });
  });
}
