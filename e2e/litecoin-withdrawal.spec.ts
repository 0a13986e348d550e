import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { mailbox, verifiedCustomer } from './support/customers';
import { letAFewHoursPass } from './support/time-passes';
import {
  collectPageErrors,
  logInAsAdmin,
  logInAsCustomer,
  openFromAccountMenu,
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
const dataDir = path.resolve(`data/e2e-${process.env.E2E_PORT ?? '8181'}`);

/** One call to the regtest node (its "outside" wallet when `wallet` is true) over JSON-RPC. */
async function node<T>(method: string, params: unknown[], wallet = true): Promise<T> {
  const info = JSON.parse(readFileSync(path.join(dataDir, 'dev-litecoin.json'), 'utf8'));
  const url = new URL(info.rpcUrl);
  const auth = Buffer.from(`${url.username}:${url.password}`).toString('base64');
  const response = await fetch(`${url.protocol}//${url.host}${wallet ? `/wallet/${info.wallet}` : '/'}`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '1.0', id: 1, method, params }),
  });
  const body = await response.text();
  // Amounts as text, never through a float.
  const parsed = JSON.parse(body.replace(/"(total_amount)":\s*([\d.]+)/g, '"$1":"$2"'));
  if (parsed.error) throw new Error(parsed.error.message);
  return parsed.result;
}

/** The theme's danger and accent colours (apps/web/src/index.css) as the browser reports a border. */
const DANGER = 'rgb(255, 92, 112)';
const ACCENT = 'rgb(240, 185, 11)';

/** A decimal LTC amount as a count of litoshis (8 places). */
function litoshis(text: string): bigint {
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

function codeFor(secret: string, stepsAhead: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

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

    await openFromAccountMenu(page, 'Security', /\/security$/);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
    await page.getByLabel('Authentication code').fill(await codeFor(secret, 0));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByText(/^Withdrawals are paused until /).first()).toBeVisible();
    await letAFewHoursPass(customer.email);
    await page.reload();

    // 1 LTC in from the outside wallet, to the customer's own deposit address.
    await openFromAccountMenu(page, 'Wallet', /\/deposit$/);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Deposit crypto' }) });
    await card.getByLabel('Coin').selectOption('LTC');
    const shown = card.getByTestId('deposit-address');
    await expect(shown).toHaveText(/^rltc1q[02-9ac-hj-np-z]{38}$/);
    await node('sendtoaddress', [(await shown.textContent()) ?? '', '1']);
    await node('generatetoaddress', [3, await node<string>('getnewaddress', ['', 'bech32'])]);
    const recent = card.getByRole('table', { name: 'Recent deposits' });
    await expect(recent.getByRole('row').filter({ hasText: '1.0000' }).getByText('CREDITED')).toBeVisible({
      timeout: 60_000,
    });

    const outside = await node<string>('getnewaddress', ['', 'bech32']);
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
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
    await expect(dialog.getByLabel('Code from the e-mail')).toBeVisible();
    let code = '';
    await expect
      .poll(async () => {
        const mail = (await mailbox(request, customer.email)).find(
          (m) => m.subject === 'Confirm your withdrawal',
        );
        code = /is (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    await dialog.getByLabel('Code from the e-mail').fill(code);
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Withdrawal confirmed: it is waiting for approval');
    await dialog.getByRole('button', { name: 'OK' }).click();

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
