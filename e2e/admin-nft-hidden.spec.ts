import { type Browser, expect, type Page, test } from '@playwright/test';
import { png, registeredCustomer } from './support/customers';
import {
  expectAccessible,
  logInAsAdmin,
  logInAsCustomer,
  openFromAdminMenu,
  openFromHeader,
} from './support/ui';

/**
 * Issue 46 point 8, 'a hidden NFT does not say For sale: Yes': the admin signs in from the landing
 * page, creates an item (for sale from the house), and a customer finds it for sale in the
 * marketplace. The admin hides it: its row says For sale No and Hidden, on the list and on the item's
 * own URL after a reload. The customer's open page of it, reloaded, says once that it is not available
 * (no retry, the way back), and the marketplace no longer finds it. Activate puts it back on sale.
 */

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    async function newPage(browser: Browser): Promise<Page> {
      const context = await browser.newContext({ viewport });
      return context.newPage();
    }

    test('an admin hides an NFT for sale: it says For sale No, and the customer can no longer find it', async ({
      page,
      browser,
      request,
    }) => {
      // Two people sign in (argon2) and a picture is uploaded: on a loaded machine that takes a while.
      test.slow();
      const name = `Glacier ${viewport.width}-${Date.now() % 1_000_000}`;
      const customer = await registeredCustomer(request, `nft-hidden-${viewport.width}`);

      // The admin creates the item in the back office.
      await logInAsAdmin(page);
      await openFromAdminMenu(page, 'NFTs', 'NFT Marketplace');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Price').fill('10');
      await page.getByLabel('Coin').selectOption('USD');
      await page.getByLabel('Description').fill('Blue ice under a grey sky.');
      await page.getByLabel('Image').setInputFiles({
        name: 'glacier.png',
        mimeType: 'image/png',
        buffer: await png({ r: 120, g: 180, b: 230 }),
      });
      await page.getByRole('button', { name: 'Create NFT' }).click();
      await expect(page.getByText('NFT created')).toBeVisible();
      await page.getByPlaceholder('Search by NFT name').fill(name);
      const row = page.getByRole('table', { name: 'NFTs' }).getByRole('row').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row.locator('td[data-label="For sale"]')).toHaveText('Yes');

      // The customer finds it for sale in the marketplace and opens its page.
      const shopper = await newPage(browser);
      await logInAsCustomer(shopper, customer.email, customer.password);
      await openFromHeader(shopper, 'NFT Marketplace', /\/nft-marketplace/);
      await shopper.getByRole('searchbox', { name: 'Search NFTs' }).fill(name);
      const card = shopper
        .getByRole('list', { name: 'NFT Marketplace' })
        .getByRole('link', { name: new RegExp(name) });
      await expect(card.getByText('For sale', { exact: true })).toBeVisible();
      // The card shows the whole name, wrapped, not cut off (two cards a row at 390 px).
      const cardName = card.getByTestId('nft-card-name');
      await expect(cardName).toHaveText(name);
      expect(await cardName.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await card.click();
      await expect(shopper).toHaveURL(/\/nft-details\?id=/);
      await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(shopper.getByText('For sale', { exact: true })).toBeVisible();

      // The admin hides it: For sale No, Hidden, and Activate offered.
      await row.getByRole('button', { name: `Hide ${name}` }).click();
      await expect(page.getByText('NFT status updated')).toBeVisible();
      await expect(row.locator('td[data-label="For sale"]')).toHaveText('No');
      await expect(row.getByText('Hidden', { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
      await expectAccessible(page, `/admin-nft with a hidden item at ${viewport.width}px`);
      await page.screenshot({
        path: test.info().outputPath(`admin-nft-hidden-${viewport.width}.png`),
        fullPage: true,
      });

      // Its own URL says the same after a reload.
      await row.getByRole('link', { name }).click();
      await expect(page).toHaveURL(/\/admin-nft\/[0-9a-f-]+$/);
      await page.reload();
      const own = page.getByRole('table', { name: 'NFTs' }).getByRole('row').filter({ hasText: name });
      await expect(own.locator('td[data-label="For sale"]')).toHaveText('No');
      await expect(own.getByText('Hidden', { exact: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'NFTs' }).getByText('Yes', { exact: true })).toHaveCount(
        0,
      );

      // The customer's open page, reloaded, no longer offers it; the marketplace does not find it.
      await shopper.reload();
      // Said once, with no Try again (a retry gets the same answer), and the way back.
      await expect(shopper.getByText('This NFT is not available')).toBeVisible();
      await expect(shopper.getByText('This NFT is not available')).toHaveCount(1);
      await expect(shopper.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      await expect(shopper.getByText('For sale', { exact: true })).toHaveCount(0);
      await expect(shopper.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0);
      await shopper.screenshot({
        path: test.info().outputPath(`customer-nft-hidden-${viewport.width}.png`),
        fullPage: true,
      });
      await shopper.getByRole('link', { name: /^Back to NFT Marketplace/ }).click();
      await expect(shopper).toHaveURL(/\/nft-marketplace/);
      await shopper.getByRole('searchbox', { name: 'Search NFTs' }).fill(name);
      await expect(shopper.getByText('No NFTs found')).toBeVisible();
      await expect(
        shopper.getByRole('list', { name: 'NFT Marketplace' }).getByRole('link', { name: new RegExp(name) }),
      ).toHaveCount(0);

      // Activate puts it back on sale.
      await own.getByRole('button', { name: `Activate ${name}` }).click();
      await expect(own.locator('td[data-label="For sale"]')).toHaveText('Yes');
    });
  });
}
