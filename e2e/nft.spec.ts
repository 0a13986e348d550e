import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { png, verifiedCustomer } from './support/customers';
import { expectAccessible, logInAsCustomer, openFromAdminMenu, openFromHeader } from './support/ui';

/**
 * The NFT marketplace (issue 40), from the landing page: the admin creates an item in the back
 * office; a customer finds it under NFT Marketplace in the header, buys it after a confirmation that
 * shows the price and their balance, sees it under My NFTs and lists it again at a higher price; a
 * second customer, on a phone, buys it from them. The item is minted on the development chain, and
 * its page shows the token once the mint is in.
 */

const ADMIN = { email: 'admin@example.com', password: 'Admin@123456' };

async function call<T>(request: APIRequestContext, url: string, token: string | null, data?: unknown) {
  const response = await request.post(`/api/v1${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  const body = await response.text();
  expect(response.ok(), `POST ${url}: ${response.status()} ${body}`).toBe(true);
  return JSON.parse(body) as T;
}

/** A KYC-verified customer with `usd` dollars deposited through the sandbox bank. */
async function fundedCustomer(request: APIRequestContext, tag: string, usd: string) {
  const customer = await verifiedCustomer(request, tag);
  const { token } = await call<{ token: string }>(request, '/auth/login', null, customer);
  const created = await call<{ data: { order: { order_id: string } } }>(
    request,
    '/wallet/deposits/orders',
    token,
    {
      amount: usd,
    },
  );
  const orderId = created.data.order.order_id;
  await call(request, `/wallet/deposits/sandbox/${orderId}/approve`, token);
  await call(request, '/wallet/fiat/add/usd/amount', token, { amount: usd, order_id: orderId });
  return customer;
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

async function openItem(page: Page, name: string): Promise<void> {
  await openFromHeader(page, 'NFT Marketplace', /\/nft-marketplace/);
  await expect(page.getByRole('heading', { level: 1, name: 'NFT Marketplace' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search NFTs' }).fill(name);
  const card = page
    .getByRole('list', { name: 'NFT Marketplace' })
    .getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await card.click();
  await expect(page).toHaveURL(/\/nft-details\?id=/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function buy(page: Page, name: string, price: string, balance: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(`Buy ${name} for ${price} USD?`)).toBeVisible();
  await expect(dialog.getByText(balance)).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('You bought this NFT')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^You$/ })).toBeVisible();
}

test('the admin creates an NFT, a customer buys and relists it, a second customer buys it from them', async ({
  browser,
  request,
}) => {
  test.slow();
  const name = `Aurora ${Date.now() % 1_000_000}`;
  const [first, second] = await Promise.all([
    fundedCustomer(request, 'nft-first', '50.00'),
    fundedCustomer(request, 'nft-second', '50.00'),
  ]);

  // The admin, from the landing page into the back office.
  const admin = await newPage(browser, 1366);
  await admin.goto('/');
  await admin.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await admin.getByLabel('Email').fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Login' }).click();
  await expect(admin).toHaveURL(/\/admin-dashboard$/);
  await openFromAdminMenu(admin, 'NFTs', 'NFT Marketplace');
  await admin.getByLabel('Name').fill(name);
  await admin.getByLabel('Price').fill('10');
  await admin.getByLabel('Coin').selectOption('USD');
  await admin.getByLabel('Description').fill('Northern lights over a frozen lake.');
  await admin.getByLabel('Image').setInputFiles({
    name: 'aurora.png',
    mimeType: 'image/png',
    buffer: await png({ r: 40, g: 200, b: 160 }),
  });
  await admin.getByRole('button', { name: 'Create NFT' }).click();
  await expect(admin.getByText('NFT created')).toBeVisible();
  await expect(admin.getByRole('table', { name: 'NFTs' }).getByText(name)).toBeVisible();
  await expectAccessible(admin, 'admin NFTs');
  await admin.screenshot({ path: test.info().outputPath('nft-admin-1366.png'), fullPage: true });

  // The first customer buys it from the house, on a desktop.
  const alice = await newPage(browser, 1366);
  await logInAsCustomer(alice, first.email, first.password);
  await openItem(alice, name);
  // Minted on the development chain by the hot wallet: the page shows the token once the mint is in.
  await expect(alice.getByTestId('nft-token')).toHaveText(
    /^#\d+ · 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} \(ethereum\)$/,
    {
      timeout: 60_000,
    },
  );
  await expectAccessible(alice, 'NFT details');
  await alice.screenshot({ path: test.info().outputPath('nft-details-1366.png'), fullPage: true });
  await buy(alice, name, '10.00', /Your balance: 50/);
  await alice.getByRole('link', { name: 'My NFTs' }).click();
  await expect(alice).toHaveURL(/tab=mine/);
  await alice.getByRole('button', { name: `List for sale: ${name}` }).click();
  const listDialog = alice.getByRole('dialog');
  await listDialog.getByLabel('Price').fill('20');
  await listDialog.getByRole('button', { name: 'List for sale' }).click();
  await expect(alice.getByText('Your NFT is now for sale')).toBeVisible();
  await expect(alice.getByRole('button', { name: `Withdraw from sale: ${name}` })).toBeVisible();
  await expectAccessible(alice, 'My NFTs');
  await alice.screenshot({ path: test.info().outputPath('nft-mine-1366.png'), fullPage: true });

  // The second customer buys it from the first, on a phone.
  const bob = await newPage(browser, 390);
  await logInAsCustomer(bob, second.email, second.password);
  await openItem(bob, name);
  await expect(bob.getByText('20.00 USD').first()).toBeVisible();
  await bob.screenshot({ path: test.info().outputPath('nft-details-390.png'), fullPage: true });
  await buy(bob, name, '20.00', /Your balance: 50/);
  await expect(bob.getByRole('cell', { name: '20.00 USD' })).toBeVisible();
  await expect(bob.getByRole('cell', { name: '10.00 USD' })).toBeVisible();
  await openFromHeader(bob, 'NFT Marketplace', /\/nft-marketplace/);
  await bob.getByRole('tab', { name: 'My NFTs' }).click();
  await expect(bob.getByRole('list', { name: 'My NFTs' }).getByText(name)).toBeVisible();
  await expectAccessible(bob, 'My NFTs on a phone');
  await bob.screenshot({ path: test.info().outputPath('nft-mine-390.png'), fullPage: true });

  // The first customer no longer owns it; the admin sees both sales.
  await alice.reload();
  await expect(alice.getByText('You do not own any NFTs yet')).toBeVisible();
  // At the narrowest width that shows every header link, the new one still fits.
  await alice.setViewportSize({ width: 1280, height: 900 });
  await expect(
    alice.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'NFT Marketplace' }),
  ).toBeVisible();
  expect(await alice.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await alice.screenshot({ path: test.info().outputPath('nft-header-1280.png') });
  await admin.getByRole('tab', { name: 'Sales' }).click();
  await expect(
    admin.getByRole('table', { name: 'NFT sales' }).getByRole('row', { name: new RegExp(name) }),
  ).toHaveCount(2);
});
