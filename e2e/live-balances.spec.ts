import { type Browser, expect, type Page, test } from '@playwright/test';
import { verifiedCustomer } from './support/customers';
import { expectAccessible, logInAsCustomer, openFromHeader } from './support/ui';

/**
 * Balances follow the private socket: a new verified customer watches their dashboard in one browser
 * while alice, in another, sends them ETH through P2P; the ETH balance changes without a reload or
 * any polling. Both start on the landing page and log in through the header. The receiver is made for
 * this flow (carol also receives ETH from the other worker's P2P flow), so the figure is exact.
 */

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsCustomer(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return page;
}

/** The Available Balance cell of a coin in the dashboard's Assets table. */
function assetBalance(page: Page, code: string) {
  return page
    .getByRole('table', { name: 'Assets' })
    .getByRole('row')
    .filter({ has: page.getByText(code, { exact: true }) })
    .getByRole('cell')
    .nth(1);
}

test("a P2P transfer in one browser updates the receiver's dashboard in another without a reload", async ({
  browser,
  request,
}) => {
  // Two browsers signed in side by side: more time than a one-page flow.
  test.slow();
  const receiver = await verifiedCustomer(request, 'live');
  const watcher = await signedIn(browser, receiver.email, receiver.password);
  await expect(assetBalance(watcher, 'ETH')).toHaveText('0.0000');
  let reloads = 0;
  watcher.on('load', () => {
    reloads += 1;
  });

  const alice = await signedIn(browser, 'alice@example.com', 'Alice@123456');
  await openFromHeader(alice, 'P2P', /\/p2p$/);
  await expect(alice.getByRole('heading', { level: 1, name: 'P2P' })).toBeVisible();
  await alice.getByLabel('Recipient email').fill(receiver.email);
  await alice.getByLabel('Currency').selectOption('ETH');
  await alice.getByLabel('Amount').fill('0.5');
  await alice.getByRole('button', { name: 'Validate' }).click();
  await expect(alice.getByText('Email Verified')).toBeVisible();
  await alice.getByRole('button', { name: 'Transfer' }).click();
  await alice
    .getByRole('alertdialog', { name: 'Are You sure you want to Transfer ?' })
    .getByRole('button', { name: 'YES' })
    .click();
  await expect(alice.getByText('Transfer successful')).toBeVisible();

  // The receiver's screen moves on its own, from the socket's balance event.
  await expect(assetBalance(watcher, 'ETH')).toHaveText('0.5000', { timeout: 10_000 });
  expect(reloads).toBe(0);
  await expectAccessible(watcher, 'dashboard after a live balance update');
});
