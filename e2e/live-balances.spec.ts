import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectAccessible, logInAsCustomer } from './support/ui';

/**
 * Balances follow the private socket: carol watches her dashboard in one browser while alice, in
 * another, sends her ETH through P2P; carol's ETH balance changes without a reload or any polling.
 * Both start on the landing page and log in through the header.
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
}) => {
  // Two browsers signed in side by side: more time than a one-page flow.
  test.slow();
  const carol = await signedIn(browser, 'carol@example.com', 'Carol@123456');
  const before = (await assetBalance(carol, 'ETH').textContent())?.trim();
  expect(before).toMatch(/^[\d,]+\.\d{4}$/);
  let reloads = 0;
  carol.on('load', () => {
    reloads += 1;
  });

  const alice = await signedIn(browser, 'alice@example.com', 'Alice@123456');
  const menu = alice.getByRole('button', { name: 'Open menu' });
  const p2pLink = alice
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'P2P', exact: true })
    .filter({ visible: true });
  if ((await p2pLink.count()) === 0) await menu.click();
  await p2pLink.first().click();
  await expect(alice.getByRole('heading', { level: 1, name: 'P2P' })).toBeVisible();
  await alice.getByLabel('Recipient email').fill('carol@example.com');
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

  // Carol's screen moves on its own: 0.5 ETH more, from the socket's balance event.
  await expect(assetBalance(carol, 'ETH')).not.toHaveText(before ?? '', { timeout: 10_000 });
  const after = Number((await assetBalance(carol, 'ETH').textContent())?.replace(/,/g, ''));
  expect(after - Number(before?.replace(/,/g, ''))).toBeCloseTo(0.5, 4);
  expect(reloads).toBe(0);
  await expectAccessible(carol, 'dashboard after a live balance update');
});
