import { expect, test } from '@playwright/test';
import { collectPageErrors, expectAccessible, logInAsAdmin } from './support/ui';

/**
 * Proof of reserves on demand (issue 49): an admin signs in from the landing page, finds the Proof of
 * reserves section of the dashboard (a folded title on a phone), asks for a report now, confirms, sees
 * that it is being made, and finds the new report on top of the recent ones, made by an admin.
 */
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin makes a proof of reserves report now', async ({ page }) => {
      const errors = collectPageErrors(page);
      await logInAsAdmin(page);
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      // On a phone the section is a folded title; on a wide screen it is open as it is.
      const fold = page.getByRole('button', { name: 'Proof of reserves', exact: true });
      if (viewport.width < 768) {
        await expect(fold).toHaveAttribute('aria-expanded', 'false');
        await fold.click();
      }
      const recent = page.getByRole('table', { name: 'Recent reports' });
      await expect(recent).toBeVisible();
      // The first report is made at start by the schedule; wait for the list to hold it (or say none).
      const top = recent.getByRole('row').nth(1);
      await expect(top).toBeVisible();
      const before = (await top.textContent()) ?? '';

      await page.getByRole('button', { name: 'Make a report now' }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog.getByText('Make a proof of reserves report now?')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`admin-reserves-ask-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Make a report now' }).click();
      await expect(page.getByText(/^Report \d+ published\.$/)).toBeVisible({ timeout: 60_000 });
      await expect(dialog).toBeHidden();
      await expect(top).not.toHaveText(before);
      await expect(top).toContainText('An admin');
      await top.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: test.info().outputPath(`admin-reserves-made-${viewport.width}.png`),
        fullPage: true,
      });
      await expectAccessible(page, 'admin proof of reserves');
      expect(errors).toEqual([]);
    });
  });
}
