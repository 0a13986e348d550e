import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page, test } from '@playwright/test';
import { verifiedCustomer } from './support/customers';
import {
  collectPageErrors,
  expectAccessible,
  logInAsCustomer,
  openFromAccountMenu,
  openFromHeader,
} from './support/ui';

/**
 * Coins in from a real chain (issue 37): a new KYC-verified customer opens Wallet → Deposit crypto,
 * picks a coin and reads their own address; the test sends that coin to it from the development
 * chain's funded account (the faucet `npm start` prints), and the customer watches the deposit appear
 * as PENDING with its confirmations counting, then CREDITED, and the balance move, without a reload.
 * ETH at a desktop's width, the test USDT (an ERC-20) at a phone's.
 */

const execFileAsync = promisify(execFile);

/** The e2e server's data directory (start-server.mjs), where the embedded chain leaves its address. */
const dataDir = path.resolve(`data/e2e-${process.env.E2E_PORT ?? '8181'}`);

/** The development faucet: `npm run chain:faucet -- <address> <amount> [ETH|USDT]`, on the e2e server's chain. */
async function faucet(address: string, amount: string, coin: 'ETH' | 'USDT'): Promise<void> {
  await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/scripts/chain-faucet.ts', address, amount, coin],
    { env: { ...process.env, DATA_DIR: dataDir }, timeout: 60_000 },
  );
}

/** The Available Balance cell of a coin in the dashboard's Assets table. */
function dashboardBalance(page: Page, code: string) {
  return page
    .getByRole('table', { name: 'Assets' })
    .getByRole('row')
    .filter({ has: page.getByText(code, { exact: true }) })
    .getByRole('cell')
    .nth(1);
}

const flows = [
  {
    coin: 'ETH',
    name: 'Ethereum',
    chain: 'Ethereum',
    amount: '0.25',
    shown: '0.2500',
    width: 1366,
    height: 900,
  },
  {
    coin: 'USDT',
    name: 'Tether',
    chain: 'Ethereum (ERC-20)',
    amount: '5',
    shown: '5.0000',
    width: 390,
    height: 844,
  },
] as const;

for (const flow of flows) {
  test(`a ${flow.coin} deposit to the customer's own address is seen PENDING, then CREDITED, live (${flow.width} px)`, async ({
    page,
    request,
  }) => {
    // A KYC approval, a chain transaction and its confirmations: more time than a one-page flow.
    test.slow();
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: flow.width, height: flow.height });
    const customer = await verifiedCustomer(request, `chain-${flow.coin.toLowerCase()}`);
    await logInAsCustomer(page, customer.email, customer.password);
    await expect(dashboardBalance(page, flow.coin)).toHaveText('0.0000');

    await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
    await card.getByLabel('Coin').selectOption(flow.coin);
    // USDT moves on several networks (issue 47): the customer picks the one their wallet sends on.
    const severalNetworks = flow.coin === 'USDT';
    if (severalNetworks) await card.getByLabel('Network').selectOption('ethereum');
    const shown = card.getByTestId('deposit-address');
    await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    const address = (await shown.textContent()) ?? '';
    // Checksummed (EIP-55): mixed case, not all lower or all upper.
    expect(address.slice(2)).not.toBe(address.slice(2).toLowerCase());
    await expect(
      card.getByRole('img', { name: `QR code of your ${flow.coin} deposit address` }),
    ).toBeVisible();
    await expect(card.getByRole('note')).toContainText(
      severalNetworks
        ? `Send only ${flow.coin} on ${flow.chain} to this address. Coins sent on another network may be lost.`
        : `Send only ${flow.coin} on ${flow.chain} to this address. Other coins or networks will be lost.`,
    );
    await expect(card.getByTestId('deposit-confirmations-needed')).toHaveText(/^\d+$/);
    const recent = card.getByRole('table', { name: 'Recent deposits' });
    await expect(recent.getByText(`No ${flow.coin} deposits yet.`, { exact: false })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`deposit-${flow.width}.png`), fullPage: true });
    await expectAccessible(page, 'Wallet → Deposit crypto');

    let reloads = 0;
    page.on('load', () => {
      reloads += 1;
    });
    await faucet(address, flow.amount, flow.coin);

    // Seen on the chain within seconds, waiting for its confirmations; then credited.
    const row = recent.getByRole('row').filter({ hasText: flow.shown });
    // On a busy machine the page may first see it already deep enough: PENDING is not waited for then.
    await expect(row.getByText(/^(PENDING|CREDITED)$/)).toBeVisible({ timeout: 20_000 });
    await expect(row.getByTestId('deposit-confirmations')).toHaveText(/^\d+ \/ \d+$/);
    await expect(row.getByText('CREDITED')).toBeVisible({ timeout: 30_000 });
    const assets = page.getByRole('table', { name: 'Crypto assets' });
    await expect(assets.getByRole('row').filter({ hasText: flow.name })).toContainText(flow.shown);
    expect(reloads).toBe(0);

    // The dashboard shows the credit too, and History lists it under Deposits.
    await page.getByRole('banner').getByRole('link', { name: 'Exchange' }).click();
    await expect(dashboardBalance(page, flow.coin)).toHaveText(flow.shown);
    await openFromHeader(page, 'History', /\/history$/);
    await page.getByRole('tab', { name: 'Deposits' }).click();
    const history = page.getByRole('table', { name: 'Deposits' });
    await expect(history.getByRole('row').filter({ hasText: flow.shown })).toContainText('CREDITED');
    await page.screenshot({ path: test.info().outputPath(`history-${flow.width}.png`), fullPage: true });
    expect(reloads).toBe(0);
    expect(errors).toEqual([]);
  });
}
