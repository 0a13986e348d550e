import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { confirmWithMailedCode, verifiedCustomer } from './support/customers';
import { codeFor, turnOnTwoFactor } from './support/two-factor';
import {
  collectPageErrors,
  expectAccessible,
  logInAsAdmin,
  logInAsCustomer,
  openFromAccountMenu,
  openFromAdminMenu,
  openFromHeader,
} from './support/ui';

/**
 * ETH out to an outside address on the real chain (issue 38): a verified customer turns on two-factor,
 * receives 0.5 ETH on their deposit address from the development faucet, then Wallet → Withdraw ETH
 * to a fresh address no one has used (its EIP-55 checksum checked as typed), with the network fee and
 * what arrives shown first, the authenticator's code, then the code mailed to them. A new address
 * sends it to the admin's queue, where the admin approves it; the hot wallet sends it and the
 * customer's History turns COMPLETED with the transaction hash without a reload. The test then reads
 * the outside address's balance on the chain: exactly what the dialog said would arrive.
 */
const execFileAsync = promisify(execFile);

/** The e2e server's data directory (start-server.mjs), where the embedded chain leaves its address. */
const dataDir = path.resolve(`data/e2e-${process.env.E2E_PORT ?? '8181'}`);

/** The development faucet, on the e2e server's chain (as chain-deposit.spec.ts sends coins in). */
async function faucet(address: string, amount: string): Promise<void> {
  await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/scripts/chain-faucet.ts', address, amount, 'ETH'],
    { env: { ...process.env, DATA_DIR: dataDir }, timeout: 60_000 },
  );
}

/** What an address holds on the e2e server's chain, in wei. */
async function balanceOnChain(address: `0x${string}`): Promise<bigint> {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'dev-chain.json'), 'utf8')) as { rpcUrl: string };
  return createPublicClient({ transport: http(info.rpcUrl) }).getBalance({ address });
}

async function adminWithdrawals(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logInAsAdmin(page);
  await openFromAdminMenu(page, 'Withdrawals', 'Withdrawals');
  return page;
}

for (const width of [1366, 390]) {
  test(`a customer with two-factor withdraws ETH to an outside address, the admin approves, it arrives on the chain (${width} px)`, async ({
    browser,
    request,
  }) => {
    // A KYC approval, a chain deposit with its confirmations, an admin, and a transaction sent out.
    test.slow();
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const customer = await verifiedCustomer(request, `coin-out-${width}`);
    await logInAsCustomer(page, customer.email, customer.password);

    // Two-factor on, from the Security page; withdrawals pause for a day, and the customer comes back.
    const secret = await turnOnTwoFactor(page, customer.email);

    // 0.5 ETH in, to the customer's own deposit address.
    await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
    await card.getByLabel('Coin').selectOption('ETH');
    const shown = card.getByTestId('deposit-address');
    await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await faucet((await shown.textContent()) ?? '', '0.5');
    const recent = card.getByRole('table', { name: 'Recent deposits' });
    await expect(recent.getByRole('row').filter({ hasText: '0.5000' }).getByText('CREDITED')).toBeVisible({
      timeout: 30_000,
    });

    // Wallet → Withdraw ETH, to an address no one has used.
    const outside = privateKeyToAccount(generatePrivateKey()).address;
    // The toasts of the two-factor change and the credit sit over the wallet on a phone; a pointer
    // resting on them keeps them open.
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
    const assets = page.getByRole('table', { name: 'Crypto assets' });
    await assets.getByRole('button', { name: 'Withdraw ETH' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw ETH' });
    await expect(dialog).toBeVisible();
    const address = dialog.getByLabel('Address', { exact: true });
    // One letter's case flipped breaks the checksum: said as it is typed, before anything is sent.
    const flipped = outside.replace(/[a-f]/, (c) => c.toUpperCase());
    await address.fill(flipped === outside ? outside.replace(/[A-F]/, (c) => c.toLowerCase()) : flipped);
    await expect(dialog.getByText(/wrong checksum/)).toBeVisible();
    await address.fill(outside.toLowerCase());
    await expect(dialog.getByText(`Checksum matches: ${outside}`)).toBeVisible();
    await dialog.getByLabel('Amount').fill('0.1');
    await expect(dialog.getByText('Network fee')).toBeVisible();
    const receive = dialog.getByTestId('coin-withdraw-receive');
    await expect(receive).toHaveText(/^0\.0\d+ ETH$/);
    const willArrive = ((await receive.textContent()) ?? '').replace(' ETH', '');
    await dialog.getByLabel('Two-factor code').fill(await codeFor(secret, 1));
    const usedStep = Math.floor(Date.now() / 30_000) + 1;
    await page.screenshot({ path: test.info().outputPath(`coin-withdraw-dialog-${width}.png`) });
    await expectAccessible(page, 'coin withdraw dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await confirmWithMailedCode(dialog, request, customer.email);

    // The customer follows it in History → Withdrawals while the admin decides.
    await openFromHeader(page, 'History', /\/history$/);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const history = page.getByRole('table', { name: 'Withdrawals' });
    const row = history.getByRole('row').filter({ hasText: outside });
    await expect(row.getByText('Pending approval')).toBeVisible();

    // A new address sends it to the queue, where the admin sees where it goes and approves it.
    const admin = await adminWithdrawals(browser, width);
    await expect(
      admin.getByRole('table', { name: 'Hot wallet' }).getByText('ETH', { exact: true }),
    ).toBeVisible();
    await admin.getByLabel('Search withdrawals').fill(customer.email);
    const queue = admin.getByRole('table', { name: 'Withdrawals' });
    // Other flows' withdrawals may be in the queue too: read this customer's row.
    const queued = queue.getByRole('row').filter({ hasText: customer.email });
    await expect(queued.getByText('New address')).toBeVisible();
    await expect(queued.getByText(outside)).toBeVisible();
    await admin.screenshot({
      path: test.info().outputPath(`coin-withdraw-admin-${width}.png`),
      fullPage: true,
    });
    await queue.getByRole('button', { name: `Approve withdrawal of ${customer.email}` }).click();
    await admin.getByRole('button', { name: 'YES' }).click();
    await expect(admin.getByText('Withdrawal approved').first()).toBeVisible();
    await admin.context().close();

    // Sent by the hot wallet and confirmed on the chain: COMPLETED with its hash, no reload.
    let reloads = 0;
    page.on('load', () => {
      reloads += 1;
    });
    await expect(row.getByText('COMPLETED')).toBeVisible({ timeout: 90_000 });
    await expect(row.getByTestId('withdrawal-tx')).toHaveText(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/);
    expect(reloads).toBe(0);
    await page.screenshot({
      path: test.info().outputPath(`coin-withdraw-history-${width}.png`),
      fullPage: true,
    });
    await expectAccessible(page, '/history withdrawals');

    // On the chain, the outside address holds exactly what the dialog said would arrive.
    expect(await balanceOnChain(outside)).toBe(parseEther(willArrive));

    // The customer keeps the address in the book on the Security page: a new two-factor code (each
    // works once, and only a later one than the last), a label, the checksum checked again.
    await openFromAccountMenu(page, 'Security', /\/security$/);
    const book = page.locator('section', {
      has: page.getByRole('heading', { name: 'Withdrawal address book' }),
    });
    await expect(book.getByText('No saved addresses yet')).toBeVisible();
    await book.getByRole('button', { name: 'Add address' }).click();
    const add = page.getByRole('dialog', { name: 'Add address' });
    await add.getByLabel('Label').fill('My cold wallet');
    await add.getByLabel('Address', { exact: true }).fill(outside);
    await expect
      .poll(() => Math.floor(Date.now() / 30_000), { timeout: 35_000 })
      .toBeGreaterThanOrEqual(usedStep);
    await add.getByLabel('Authentication code').fill(await codeFor(secret, 1));
    await add.getByRole('button', { name: 'Add address' }).click();
    const saved = book
      .getByRole('table', { name: 'Withdrawal address book' })
      .getByRole('row')
      .filter({ hasText: 'My cold wallet' });
    await expect(saved).toContainText(outside);
    // A new entry waits out the cool-down before a withdrawal may use it.
    await expect(saved.getByText(/^Usable from /)).toBeVisible();
    await book.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`coin-withdraw-book-${width}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });
}
