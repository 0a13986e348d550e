import { type APIRequestContext, expect, test } from '@playwright/test';
import { verifiedCustomer } from './support/customers';
import { letAFewHoursPass } from './support/time-passes';
import { codeFor, switchOnTwoFactor } from './support/two-factor';
import { expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * An NFT leaves the exchange (issue 40), from the landing page on a phone: a customer buys the demo
 * item the house sells for USD (minted on the development chain at start), turns two-factor on, and
 * withdraws it to an address of their own behind the code and a confirmation; the page follows it
 * until the chain has it and says where it went.
 */

const ITEM = 'Ledger Lines';

/** The customer's own wallet, typed in lower case as many wallets show it. */
const WALLET = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';

async function call(request: APIRequestContext, url: string, token: string | null, data?: unknown) {
  const response = await request.post(`/api/v1${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  expect(response.ok(), `POST ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

test('a customer buys an NFT and withdraws its token to their own wallet (390 px)', async ({
  browser,
  request,
}) => {
  test.slow();
  // A verified customer with 50 USD deposited through the sandbox bank.
  const customer = await verifiedCustomer(request, 'nft-send-out');
  const { token } = await call(request, '/auth/login', null, customer);
  const created = await call(request, '/wallet/deposits/orders', token, { amount: '50.00' });
  const orderId = created.data.order.order_id;
  await call(request, `/wallet/deposits/sandbox/${orderId}/approve`, token);
  await call(request, '/wallet/fiat/add/usd/amount', token, { amount: '50.00', order_id: orderId });

  const page = await (await browser.newContext({ viewport: { width: 390, height: 900 } })).newPage();
  await logInAsCustomer(page, customer.email, customer.password);

  // Two-factor on, from the Security page. Withdrawals (an NFT's send-out too) pause for a day after
  // it is turned on, and the Security page says so. The token goes only to an address in the book,
  // which waits a day too: the customer adds their wallet now (with a later code: each works once) and
  // comes back the next day.
  const secret = await switchOnTwoFactor(page);
  const book = page.locator('section', {
    has: page.getByRole('heading', { name: 'Withdrawal address book' }),
  });
  await book.getByRole('button', { name: 'Add address' }).click();
  const add = page.getByRole('dialog', { name: 'Add address' });
  await add.getByLabel('Label').fill('My wallet');
  await add.getByLabel('Address', { exact: true }).fill(WALLET);
  await add.getByLabel('Authentication code').fill(await codeFor(secret, 1));
  await add.getByRole('button', { name: 'Add address' }).click();
  const entry = book
    .getByRole('table', { name: 'Withdrawal address book' })
    .getByRole('row')
    .filter({ hasText: 'My wallet' });
  await expect(entry.getByText(/^Usable from /)).toBeVisible();
  const usedStep = Math.floor(Date.now() / 30_000) + 1;
  await letAFewHoursPass(customer.email);
  await page.reload();
  await expect(entry.getByText('Ready')).toBeVisible();

  // The house's item, minted: bought after the confirmation.
  await openFromHeader(page, 'NFT Marketplace', /\/nft-marketplace/);
  await page.getByRole('searchbox', { name: 'Search NFTs' }).fill(ITEM);
  await page
    .getByRole('list', { name: 'NFT Marketplace' })
    .getByRole('link', { name: new RegExp(ITEM) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: ITEM })).toBeVisible();
  await expect(page.getByTestId('nft-token')).toHaveText(/^#\d+ · 0x/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Buy', exact: true }).click();
  await expect(page.getByText('You bought this NFT')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });

  // Withdraw to my wallet: the address, the code, then the confirmation that names the address.
  await page.getByRole('button', { name: 'Withdraw to my wallet' }).click();
  const form = page.getByRole('dialog', { name: 'Withdraw to my wallet' });
  await form.getByLabel('Your wallet address').fill(WALLET);
  await expect
    .poll(() => Math.floor(Date.now() / 30_000), { timeout: 35_000 })
    .toBeGreaterThanOrEqual(usedStep);
  await form.getByLabel('Two-factor code').fill(await codeFor(secret, 1));
  await expectAccessible(page, 'NFT withdraw dialog');
  await form.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: `Send ${ITEM} to this address?` });
  await expect(confirm.getByTestId('nft-send-address')).toHaveText(
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  );
  await page.screenshot({ path: test.info().outputPath('nft-send-confirm-390.png') });
  await confirm.getByRole('button', { name: 'Withdraw to my wallet' }).click();
  await expect(page.getByText('Your NFT is on its way to your wallet')).toBeVisible();

  // The page follows the transfer until the chain has it.
  await expect(page.getByText('Withdrawn to 0x5aAe…eAed')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Withdraw to my wallet' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('nft-withdrawn-390.png'), fullPage: true });
  await page.getByRole('link', { name: 'My NFTs' }).click();
  await expect(
    page.getByRole('list', { name: 'My NFTs' }).getByText('This NFT has left the exchange for your wallet'),
  ).toBeVisible();
});
