import { expect, type Page, test } from '@playwright/test';
import { logInAsCustomer } from '../../e2e/support/ui';

/**
 * Writes docs/screens/{landing,trading,history,dashboard}-{1366,390}.png. Each screen is reached as
 * a person reaches it (landing, Login, the header's links) and taken once its data has loaded.
 */
const widths = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const;

const shot = (page: Page, name: string, width: number) =>
  page.screenshot({ path: `docs/screens/${name}-${width}.png`, fullPage: true, animations: 'disabled' });

async function openFromHeader(page: Page, label: string, phone: boolean): Promise<void> {
  const header = page.getByRole('banner');
  if (phone) await header.getByRole('button', { name: 'Open menu' }).click();
  await header
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

for (const size of widths) {
  test(`screens at ${size.width} px`, async ({ page }) => {
    const phone = size.width < 640;
    await page.setViewportSize(size);
    await page.emulateMedia({ reducedMotion: 'reduce' });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shot(page, 'landing', size.width);

    await logInAsCustomer(page, 'alice@example.com', 'Alice@123456');
    await expect(page.getByRole('table', { name: 'Assets' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await shot(page, 'dashboard', size.width);

    await openFromHeader(page, 'Buy Crypto', phone);
    await page
      .getByRole('dialog', { name: 'How buying and selling works' })
      .getByRole('button', { name: 'Got it' })
      .click();
    const asks = page.getByRole('button', { name: /^Ask .*use as limit price$/ });
    await expect.poll(() => asks.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(1_000);
    await expect.poll(() => asks.count()).toBeGreaterThanOrEqual(3);
    await shot(page, 'trading', size.width);

    await openFromHeader(page, 'History', phone);
    await expect(page.getByRole('table', { name: 'Transactions' }).locator('tbody tr').first()).toBeVisible();
    await page.waitForTimeout(1_000);
    await shot(page, 'history', size.width);
  });
}
