import { type Browser, expect, type Page, test } from '@playwright/test';
import { confirmWithMailedCode, verifiedCustomer } from './support/customers';
import { litoshis, node, receiveOneLtc } from './support/litecoin-node';
import { codeFor, turnOnTwoFactor } from './support/two-factor';
import {
  collectPageErrors,
  logInAsAdmin,
  logInAsCustomer,
  openFromAdminMenu,
  openFromHeader,
} from './support/ui';

/**
 * LTC out to an outside address on a real node (issue 47): the e2e server's `npm start` runs a regtest
 * Litecoin Core node. A verified customer turns on two-factor, receives 1 LTC from the node's "outside"
 * wallet, then Wallet → Withdraw LTC to a fresh outside bech32 address (an EVM address refused as typed),
 * the authenticator's code, the mailed code. A new address goes to the admin's queue, where the admin
 * approves it; the batch sender pays it and History turns COMPLETED without a reload. The test reads
 * the outside address on the node: exactly what the dialog said would arrive.
 */
/** The theme's danger and accent colours (apps/web/src/index.css) as the browser reports a border. */
const DANGER = 'rgb(255, 92, 112)';
const ACCENT = 'rgb(240, 185, 11)';

async function adminWithdrawals(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logInAsAdmin(page);
  await openFromAdminMenu(page, 'Withdrawals', 'Withdrawals');
  return page;
}

// `npm start` signs through the embedded signer PROCESS (its POST /sign-bitcoin-batch), and the LTC
// addresses are that signer's keys (embedded-litecoin.ts): this is the path production takes.
for (const width of [1366, 390]) {
  test(`a customer withdraws LTC to an outside address, the admin approves, it arrives on the node (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const customer = await verifiedCustomer(request, `ltc-out-${width}`);
    await logInAsCustomer(page, customer.email, customer.password);

    const secret = await turnOnTwoFactor(page, customer.email);
    await receiveOneLtc(page);

    const outside = await node<string>('getnewaddress', ['', 'bech32']);
    await page
      .getByRole('table', { name: 'Crypto assets' })
      .getByRole('button', { name: 'Withdraw LTC' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw LTC' });
    const address = dialog.getByLabel('Address', { exact: true });
    // An EVM address is not a Litecoin one: said before anything is sent.
    await address.fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await dialog.getByLabel('Amount').fill('0.4');
    await dialog.getByLabel('Two-factor code').fill('123456');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const wrong = dialog.getByText('This is not an address of this network: it starts with rltc1');
    await expect(wrong).toBeVisible();
    // Back in the field to fix it, the border stays red as long as the message does, then goes.
    await address.focus();
    await expect(address).toHaveCSS('border-color', DANGER);
    await address.fill(outside);
    await expect(wrong).toHaveCount(0);
    await expect(address).not.toHaveAttribute('aria-invalid');
    await expect(address).toHaveCSS('border-color', ACCENT);
    const receive = dialog.getByTestId('coin-withdraw-receive');
    await expect(receive).toHaveText(/^0\.\d+ LTC$/);
    const willArrive = ((await receive.textContent()) ?? '').replace(' LTC', '');
    await dialog.getByLabel('Two-factor code').fill(await codeFor(secret, 1));
    await page.screenshot({ path: test.info().outputPath(`ltc-withdraw-dialog-${width}.png`) });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await confirmWithMailedCode(page.getByRole('dialog', { name: 'Withdraw LTC' }), request, customer.email);

    await openFromHeader(page, 'History', /\/history$/);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const row = page
      .getByRole('table', { name: 'Withdrawals' })
      .getByRole('row')
      .filter({ hasText: outside });
    await expect(row.getByText('Pending approval')).toBeVisible();

    const admin = await adminWithdrawals(browser, width);
    await admin.getByLabel('Search withdrawals').fill(customer.email);
    const queue = admin.getByRole('table', { name: 'Withdrawals' });
    await expect(queue.getByRole('row').filter({ hasText: customer.email }).getByText(outside)).toBeVisible();
    await admin.screenshot({
      path: test.info().outputPath(`ltc-withdraw-admin-${width}.png`),
      fullPage: true,
    });
    await queue.getByRole('button', { name: `Approve withdrawal of ${customer.email}` }).click();
    await admin.getByRole('button', { name: 'YES' }).click();
    await expect(admin.getByText('Withdrawal approved').first()).toBeVisible();
    await admin.context().close();

    // The batch is sent and mined (the node mines a block every few seconds): COMPLETED, no reload.
    let reloads = 0;
    page.on('load', () => {
      reloads += 1;
    });
    await expect(row.getByText('COMPLETED')).toBeVisible({ timeout: 120_000 });
    expect(reloads).toBe(0);
    await page.screenshot({
      path: test.info().outputPath(`ltc-withdraw-history-${width}.png`),
      fullPage: true,
    });
    const held = await node<{ total_amount: string }>('scantxoutset', ['start', [`addr(${outside})`]], false);
    // To the litoshi, compared as whole litoshis (never through a float).
    expect(litoshis(held.total_amount)).toBe(litoshis(willArrive));
    expect(errors).toEqual([]);
    await context.close();
  });
}
