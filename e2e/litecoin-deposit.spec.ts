import { expect, type Page, test } from '@playwright/test';
import { verifiedCustomer } from './support/customers';
import { mineNow, node, pauseScheduledBlocks, resumeScheduledBlocks } from './support/litecoin-node';
import { collectPageErrors, logInAsCustomer, openFromAccountMenu } from './support/ui';

/**
 * Litecoin in from a real node (issue 47): the e2e server's `npm start` runs a regtest Litecoin Core
 * node beside the development EVM chain and mines a block every few seconds. A new KYC-verified
 * customer opens Wallet → Deposit crypto, picks LTC and reads their own bech32 address; the test pays
 * it from the node's "outside" wallet over RPC and mines, and the customer watches the deposit go
 * PENDING, then CREDITED, and the balance move, without a reload. At a desktop's width and a phone's.
 * The node's own blocks are paused meanwhile and the test mines each confirmation itself: with one
 * every 5 s, two of them could confirm the deposit fully before a loaded machine showed it PENDING (a
 * CI run failed this flow once at 390 px after 33 s, about when that wait gives up).
 */

function cryptoAssetRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Crypto assets' }).getByRole('row').filter({ hasText: name });
}

for (const view of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an LTC deposit from an outside wallet is seen PENDING, then CREDITED, live (${view.width} px)`, async ({
    page,
    request,
  }) => {
    test.slow();
    const errors = collectPageErrors(page);
    await page.setViewportSize(view);
    const customer = await verifiedCustomer(request, `ltc-${view.width}`);
    await logInAsCustomer(page, customer.email, customer.password);

    await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
    await card.getByLabel('Coin').selectOption('LTC');
    const shown = card.getByTestId('deposit-address');
    await expect(shown).toHaveText(/^rltc1q[02-9ac-hj-np-z]{38}$/);
    const address = (await shown.textContent()) ?? '';
    await expect(card.getByRole('img', { name: 'QR code of your LTC deposit address' })).toBeVisible();
    await expect(card.getByRole('note')).toContainText(
      'Send only LTC on Litecoin to this address. Other coins or networks will be lost.',
    );
    const recent = card.getByRole('table', { name: 'Recent deposits' });
    await expect(recent.getByText('No LTC deposits yet.', { exact: false })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`ltc-deposit-${view.width}.png`), fullPage: true });

    let reloads = 0;
    page.on('load', () => {
      reloads += 1;
    });
    pauseScheduledBlocks(50);
    try {
      await node('sendtoaddress', [address, '0.5']);
      await mineNow(1);
      const row = recent.getByRole('row').filter({ hasText: '0.5000' });
      await expect(row.getByText('PENDING')).toBeVisible({ timeout: 20_000 });
      await mineNow(2);
      await expect(row.getByText('CREDITED')).toBeVisible({ timeout: 20_000 });
    } finally {
      resumeScheduledBlocks();
    }
    const litecoin = cryptoAssetRow(page, 'Litecoin');
    await expect(litecoin).toContainText('0.5000');
    // LTC leaves too, signed by the signer process (litecoin-withdrawal.spec.ts): its row offers Withdraw.
    await expect(litecoin.getByRole('button', { name: 'Withdraw LTC' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`ltc-credited-${view.width}.png`), fullPage: true });
    expect(reloads).toBe(0);
    expect(errors).toEqual([]);
  });
}
