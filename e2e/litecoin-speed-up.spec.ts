import { expect, test } from '@playwright/test';
import { confirmWithMailedCode, verifiedCustomer } from './support/customers';
import { holdFirstPaymentTo, litoshis, node, receiveOneLtc } from './support/litecoin-node';
import { codeFor, turnOnTwoFactor } from './support/two-factor';
import {
  collectPageErrors,
  logInAsAdmin,
  logInAsCustomer,
  openFromAdminMenu,
  openFromHeader,
} from './support/ui';

/**
 * An admin speeds up a Litecoin batch stuck out of blocks (issue 47, replace-by-fee). The e2e server's
 * regtest node mines a block every 5 s, so the flow puts its destination on the development miner's
 * hold list (dev-litecoin-hold.json): the batch paying it stays in the mempool, every other flow's
 * transactions keep confirming. A verified customer with two-factor receives 1 LTC from the outside
 * wallet and withdraws to that outside address; the admin approves it from the admin menu, sees the
 * batch under "Litecoin batches in flight", clicks "Speed up (replace-by-fee)", reads the new fee
 * against the old and confirms. The replacement is mined: History says COMPLETED, and the node shows the
 * address paid exactly what the withdraw dialog promised, once, by a transaction other than the held one.
 */

/** The confirmation's new fee and the fee it replaces, in litoshis (utxoBatchSpeedUpConfirm's words). */
function feesOf(question: string): { fee: bigint; old: bigint } {
  const match = /network fee of ([\d.]+) LTC \(.+\) instead of ([\d.]+) LTC\?/.exec(question);
  expect(match, question).not.toBeNull();
  return { fee: litoshis(match![1]!), old: litoshis(match![2]!) };
}

for (const width of [1366, 390]) {
  test(`an admin speeds up a customer's LTC batch stuck out of blocks, the replacement pays it (${width} px)`, async ({
    browser,
    request,
  }) => {
    test.slow();
    const height = width > 500 ? 900 : 844;
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const customer = await verifiedCustomer(request, `ltc-rbf-${width}`);
    await logInAsCustomer(page, customer.email, customer.password);
    const secret = await turnOnTwoFactor(page, customer.email);
    await receiveOneLtc(page);

    const outside = await node<string>('getnewaddress', ['', 'bech32']);
    holdFirstPaymentTo(outside);
    await page
      .getByRole('table', { name: 'Crypto assets' })
      .getByRole('button', { name: 'Withdraw LTC' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw LTC' });
    await dialog.getByLabel('Address', { exact: true }).fill(outside);
    await dialog.getByLabel('Amount').fill('0.4');
    const receive = dialog.getByTestId('coin-withdraw-receive');
    await expect(receive).toHaveText(/^0\.\d+ LTC$/);
    const willArrive = ((await receive.textContent()) ?? '').replace(' LTC', '');
    await dialog.getByLabel('Two-factor code').fill(await codeFor(secret, 1));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await confirmWithMailedCode(page.getByRole('dialog', { name: 'Withdraw LTC' }), request, customer.email);

    await openFromHeader(page, 'History', /\/history$/);
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    const row = page
      .getByRole('table', { name: 'Withdrawals' })
      .getByRole('row')
      .filter({ hasText: outside });
    await expect(row.getByText('Pending approval')).toBeVisible();

    const adminContext = await browser.newContext({ viewport: { width, height } });
    const admin = await adminContext.newPage();
    const adminErrors = collectPageErrors(admin);
    await logInAsAdmin(admin);
    await openFromAdminMenu(admin, 'Withdrawals', 'Withdrawals');
    await admin.getByLabel('Search withdrawals').fill(customer.email);
    const queue = admin.getByRole('table', { name: 'Withdrawals' });
    await expect(queue.getByRole('row').filter({ hasText: customer.email }).getByText(outside)).toBeVisible();
    await queue.getByRole('button', { name: `Approve withdrawal of ${customer.email}` }).click();
    await admin.getByRole('button', { name: 'YES' }).click();
    await expect(admin.getByText('Withdrawal approved').first()).toBeVisible();

    // The batch paying the outside address is broadcast and held in the mempool: its txid, from the node.
    let held = '';
    await expect
      .poll(
        async () => {
          const unspent = await node<{ txid: string; confirmations: number }[]>('listunspent', [
            0,
            9_999_999,
            [outside],
          ]);
          held = unspent.length === 1 && unspent[0]!.confirmations === 0 ? unspent[0]!.txid : '';
          return held;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^[0-9a-f]{64}$/);
    const card = admin.locator('section', {
      has: admin.getByRole('heading', { name: 'Litecoin batches in flight' }),
    });
    const panel = card.getByRole('list', { name: 'Litecoin batches in flight' });
    const batch = panel.getByRole('listitem').filter({ hasText: held });
    await expect(batch).toBeVisible();
    await card.screenshot({ path: test.info().outputPath(`ltc-speed-up-before-${width}.png`) });

    await batch.getByRole('button', { name: 'Speed up (replace-by-fee)' }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'Speed up (replace-by-fee)' });
    await expect(confirm).toBeVisible();
    const { fee, old } = feesOf((await confirm.textContent()) ?? '');
    expect(fee).toBeGreaterThan(old);
    await admin.screenshot({ path: test.info().outputPath(`ltc-speed-up-confirm-${width}.png`) });
    await confirm.getByRole('button', { name: 'YES' }).click();
    await expect(admin.getByText(/^Replacement sent: [0-9a-f]{64}$/).first()).toBeVisible();
    await expect(confirm).toHaveCount(0);

    // The replacement, a new txid, stands in the panel in the held one's place until it is deep enough.
    const replaced = panel.getByRole('listitem').filter({ hasText: 'Replaces 1 earlier' });
    await expect(replaced).toBeVisible();
    await expect(replaced).not.toContainText(held);
    const shownFee = /Network fee: ([\d.]+) LTC/.exec((await replaced.textContent()) ?? '')?.[1] ?? '';
    expect(litoshis(shownFee)).toBe(fee);
    await card.screenshot({ path: test.info().outputPath(`ltc-speed-up-after-${width}.png`) });

    await expect(row.getByText('COMPLETED')).toBeVisible({ timeout: 120_000 });
    await expect(panel.getByRole('listitem').filter({ hasText: 'Replaces 1 earlier' })).toHaveCount(0);
    // Paid once, exactly what the dialog promised, by the replacement and not by the held transaction.
    const paid = await node<{ unspents: { txid: string; amount: string }[] }>(
      'scantxoutset',
      ['start', [`addr(${outside})`]],
      false,
    );
    expect(paid.unspents).toHaveLength(1);
    expect(paid.unspents[0]!.txid).not.toBe(held);
    expect(litoshis(paid.unspents[0]!.amount)).toBe(litoshis(willArrive));
    expect(errors).toEqual([]);
    expect(adminErrors).toEqual([]);
    await adminContext.close();
    await context.close();
  });
}
