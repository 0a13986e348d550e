import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  collectPageErrors,
  expectAccessible,
  logInAsAdmin,
  logInAsCustomer,
  openFromAdminMenu,
} from './support/ui';

/**
 * The back office's operations screens against the real server: the admin logs in from the landing
 * page, reads the dashboard's figures and solvency check, opens Transactions and Stakes from the admin
 * menu, answers alice's ticket on Support, and alice then reads the answer on /support.
 */

test.describe.configure({ timeout: 180_000 });
const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };

/** Alice raises a ticket through the API, as the support screen would. */
async function raiseTicket(request: APIRequestContext, subject: string): Promise<void> {
  const login = await request.post('/api/v1/auth/login', { data: ALICE });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { token: string }).token;
  const created = await request.post('/api/v1/support/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { subject, description: 'My deposit of 50 USD has not arrived yet.' },
  });
  expect(created.ok()).toBe(true);
}

/**
 * The page never scrolls sideways (wide tables scroll inside their own frame). Polled: after the
 * viewport changes, the charts resize on their next resize observation.
 */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${where} scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
}

/** At 1366 px a back-office table shows its last column without scrolling. */
async function expectTableFits(page: Page, name: string): Promise<void> {
  const overflow = await page
    .getByRole('table', { name })
    .evaluate((table) => (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0));
  expect(overflow, `${name} is wider than its frame by ${overflow} px`).toBeLessThanOrEqual(1);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, `${name} at 390 px`);
  await page.screenshot({ path: `test-results/admin-ops-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await expectNoSidewaysScroll(page, `${name} at 1366 px`);
  await page.screenshot({ path: `test-results/admin-ops-${name}-1366.png`, fullPage: true });
}

test('the admin reads the dashboard, transactions and stakes, and answers a ticket alice then reads', async ({
  browser,
  request,
}) => {
  // Several people in their own browsers (customers and the admin, each signing in with argon2): on
  // a loaded machine this runs past the 60 s of a one-person flow, so it gets three times that.
  test.slow();
  // One long unbroken word, as a customer may paste: it once widened the whole dashboard.
  const subject = `Deposit-missing-${Date.now()}-${'x'.repeat(100)}`;
  await raiseTicket(request, subject);

  const admin = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  const errors = collectPageErrors(admin);
  await logInAsAdmin(admin);

  // The dashboard's figures: the seeded demo has transactions (alice's deposits) and a KYC approval.
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const counts = admin.getByTestId('activity-counts');
  await expect(counts.getByText('Transactions made')).toBeVisible();
  await expect(counts.locator('dd').first()).toHaveText(/^[1-9]\d*$/);
  await expect(admin.getByRole('table', { name: 'Latest Transactions' }).getByRole('row')).not.toHaveCount(1);
  await expect(admin.getByRole('table', { name: 'Top Cryptocurrencies' }).getByRole('row')).toHaveCount(6);
  await expect(admin.getByRole('table', { name: 'Support List' }).getByText(subject)).toBeVisible();
  await expect(admin.getByText('Ledger consistent')).toBeVisible({ timeout: 30_000 });
  // Solvency's on-chain holdings (issue 37): the development chain's coins, read from the chain. Each
  // coin on Ethereum is one row (ETH and its tokens: USDT, and since issue 47 USDC and BUSD too).
  const holdings = admin.getByRole('table', { name: 'On-chain holdings' });
  for (const coin of ['ETH', 'USDT']) {
    const line = holdings
      .getByRole('row')
      .filter({ hasText: 'Ethereum' })
      .filter({ has: admin.getByText(coin, { exact: true }) });
    await expect(line).toHaveCount(1);
  }
  await expectTableFits(admin, 'On-chain holdings');
  await expect(admin.locator('svg.recharts-surface').first()).toBeVisible();
  await admin.getByRole('tab', { name: 'Pending Kyc Requests' }).click();
  await expect(admin.getByRole('tabpanel')).toBeVisible();
  await expectAccessible(admin, '/admin-dashboard');
  await shoot(admin, 'dashboard');

  await openFromAdminMenu(admin, 'Transactions', 'Transactions');
  // Every movement of every flow's customers is listed, newest first: alice's are found by a search.
  await admin.getByPlaceholder('Search name,email or phone number').fill(ALICE.email);
  await expect(admin.getByRole('row').filter({ hasText: ALICE.email }).first()).toBeVisible();
  await admin.getByPlaceholder('Search name,email or phone number').fill('nobody-matches-this');
  await admin.getByPlaceholder('Search name,email or phone number').press('End');
  await expect(admin.getByText('No Data Found')).toBeVisible();
  await expectAccessible(admin, '/admin-transaction');
  await admin.getByPlaceholder('Search name,email or phone number').fill(ALICE.email);
  await expect(admin.getByRole('row').filter({ hasText: ALICE.email }).first()).toBeVisible();
  await expectTableFits(admin, 'Transactions');
  await shoot(admin, 'transactions');

  await openFromAdminMenu(admin, 'Stakes', 'Stakes');
  await expect(admin.getByRole('heading', { name: 'Top Staking' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Stakes List' })).toBeVisible();
  await expectAccessible(admin, '/admin-stakes');
  await shoot(admin, 'stakes');

  await openFromAdminMenu(admin, 'Support', 'Support');
  const row = admin.getByRole('row').filter({ hasText: subject });
  await expect(row.getByText('PENDING')).toBeVisible();
  await expectTableFits(admin, 'Support tickets');
  await expectAccessible(admin, '/admin-support');
  await row.getByRole('button', { name: `Answer ${subject}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Answer ticket' });
  await dialog.getByLabel('Answer').fill('We found your deposit; it is credited now.');
  await expectAccessible(admin, '/admin-support answer dialog');
  await dialog.getByRole('button', { name: 'Send answer' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('CLOSED')).toBeVisible();
  await expect(row.getByText('Answer: We found your deposit; it is credited now.')).toBeVisible();
  await shoot(admin, 'support');
  expect(errors).toEqual([]);

  // Alice reads the answer on /support, having logged in from the landing page.
  const alice = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await logInAsCustomer(alice, ALICE.email, ALICE.password);
  const button = alice.getByRole('button', { name: /account menu/ });
  await button.click();
  const menuId = await button.getAttribute('aria-controls');
  await alice
    .locator(`[id="${menuId}"]`)
    .getByRole('link', { name: 'Help and support', exact: true })
    .click();
  await expect(alice.getByRole('heading', { level: 1, name: 'Help and Support' })).toBeVisible();
  const mine = alice.getByRole('row').filter({ hasText: subject });
  await expect(mine.getByText('We found your deposit; it is credited now.')).toBeVisible();
  await expect(mine.getByText('CLOSED')).toBeVisible();
});
