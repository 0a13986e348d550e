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
 * A coin on several networks (issue 47): `npm start` runs Ethereum, BNB Smart Chain and Polygon, each
 * its own local node, and USDT lives on all three. A KYC-verified customer comes from the landing
 * page, opens Wallet → Deposit crypto, picks USDT and is asked to choose a network (none is chosen for
 * them); the wrong-network warning stands above the address before they can copy it. An outside wallet
 * on that network's node sends USDT to the address, and the customer watches it credited, live. BNB
 * Smart Chain at a desktop's width, Polygon at a phone's.
 */

const execFileAsync = promisify(execFile);

/** The e2e server's data directory (start-server.mjs), where the embedded networks leave their addresses. */
const dataDir = path.resolve(`data/e2e-${process.env.E2E_PORT ?? '8181'}`);

/** The development faucet on one network: `npm run chain:faucet -- <address> <amount> <coin> <network>`. */
async function faucet(address: string, amount: string, coin: string, network: string): Promise<void> {
  await execFileAsync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/scripts/chain-faucet.ts', address, amount, coin, network],
    { env: { ...process.env, DATA_DIR: dataDir }, timeout: 60_000 },
  );
}

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
    network: 'bsc',
    name: 'BNB Smart Chain (BEP-20)',
    amount: '12',
    shown: '12.0000',
    width: 1366,
    height: 900,
  },
  { network: 'polygon', name: 'Polygon (ERC-20)', amount: '7', shown: '7.0000', width: 390, height: 844 },
] as const;

for (const flow of flows) {
  test(`a USDT deposit on ${flow.name}, the network the customer picks, is credited (${flow.width} px)`, async ({
    page,
    request,
  }) => {
    // A KYC approval, a chain transaction and its confirmations: more time than a one-page flow.
    test.slow();
    const errors = collectPageErrors(page);
    await page.setViewportSize({ width: flow.width, height: flow.height });
    const customer = await verifiedCustomer(request, `usdt-${flow.network}`);
    await logInAsCustomer(page, customer.email, customer.password);
    await expect(dashboardBalance(page, 'USDT')).toHaveText('0.0000');

    await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
    await card.getByLabel('Coin').selectOption('USDT');
    // No network is chosen for the customer, and no address shows until they choose one.
    const network = card.getByLabel('Network');
    await expect(network).toHaveValue('');
    await expect(card.getByTestId('deposit-choose-network')).toHaveText(
      'USDT moves on 3 networks. Choose the one your wallet sends on to see your address.',
    );
    await expect(card.getByTestId('deposit-address')).toHaveCount(0);
    await expect(network.getByRole('option')).toHaveText([
      'Choose a network',
      'Ethereum (ERC-20)',
      'BNB Smart Chain (BEP-20)',
      'Polygon (ERC-20)',
    ]);
    await network.selectOption(flow.network);

    const shown = card.getByTestId('deposit-address');
    await expect(shown).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    const address = (await shown.textContent()) ?? '';
    const warning = card.getByRole('note');
    await expect(warning).toContainText(
      `Send only USDT on ${flow.name} to this address. Coins sent on another network may be lost.`,
    );
    // The warning is read before the address and its QR code: it stands above both.
    const [warningBox, addressBox, qrBox] = await Promise.all([
      warning.boundingBox(),
      shown.boundingBox(),
      card.getByRole('img', { name: 'QR code of your USDT deposit address' }).boundingBox(),
    ]);
    expect(warningBox!.y + warningBox!.height).toBeLessThanOrEqual(addressBox!.y);
    expect(warningBox!.y + warningBox!.height).toBeLessThanOrEqual(qrBox!.y);
    await expect(card.getByTestId('deposit-confirmations-needed')).toHaveText(/^\d+$/);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: test.info().outputPath(`usdt-${flow.network}-${flow.width}.png`),
      fullPage: true,
    });
    await expectAccessible(page, 'Wallet → Deposit crypto, USDT on a chosen network');

    await faucet(address, flow.amount, 'USDT', flow.network);
    const recent = card.getByRole('table', { name: 'Recent deposits' });
    const row = recent.getByRole('row').filter({ hasText: flow.shown });
    await expect(row.getByText('CREDITED')).toBeVisible({ timeout: 60_000 });
    const assets = page.getByRole('table', { name: 'Crypto assets' });
    await expect(assets.getByRole('row').filter({ hasText: 'Tether' })).toContainText(flow.shown);
    await page.screenshot({
      path: test.info().outputPath(`usdt-${flow.network}-credited-${flow.width}.png`),
      fullPage: true,
    });

    await page.getByRole('banner').getByRole('link', { name: 'Exchange' }).click();
    await expect(dashboardBalance(page, 'USDT')).toHaveText(flow.shown);
    await openFromHeader(page, 'History', /\/history$/);
    await page.getByRole('tab', { name: 'Deposits' }).click();
    const history = page.getByRole('table', { name: 'Deposits' });
    await expect(history.getByRole('row').filter({ hasText: flow.shown })).toContainText('CREDITED');
    expect(errors).toEqual([]);
  });
}
