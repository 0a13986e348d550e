import { devices, expect, test } from '@playwright/test';
import { mailbox, registeredCustomer } from './support/customers';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromAccountMenu } from './support/ui';

/**
 * API keys on the Security page (issue 39): a customer, from the landing page, opens Security from the
 * account menu, creates a read key limited to one address, sees the key and its secret once (with the
 * warning and Copy), finds it in the list as never used, is mailed about it, and revokes it after a
 * confirmation. The section is looked at on a phone too.
 */
test('a customer creates an API key, sees its secret once, and revokes it', async ({ browser, request }) => {
  test.slow();
  const customer = await registeredCustomer(request, 'apikeys');
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await desktop.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await desktop.newPage();
  const errors = collectPageErrors(page);

  await logInAsCustomer(page, customer.email, customer.password);
  await openFromAccountMenu(page, 'Security', /\/security$/);
  await expect(page.getByText('You have no API keys.')).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Label').fill('My trading bot');
  await dialog.getByLabel('IP allow-list (optional)').fill('not-an-ip');
  await dialog.getByRole('button', { name: 'Create API key' }).click();
  await expect(dialog.getByText(/Enter IPv4 or IPv6 addresses/)).toBeVisible();
  await dialog.getByLabel('IP allow-list (optional)').fill('203.0.113.7');
  await dialog.getByRole('button', { name: 'Create API key' }).click();

  await expect(dialog.getByText(/shown only this once/)).toBeVisible();
  const key = (await dialog.getByTestId('created-api-key').textContent()) ?? '';
  const secret = (await dialog.getByTestId('created-api-secret').textContent()) ?? '';
  expect(key).toMatch(/^[A-Za-z0-9]{64}$/);
  expect(secret).toMatch(/^[A-Za-z0-9]{64}$/);
  await dialog.getByRole('button', { name: 'Copy Secret key' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy Secret key' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.screenshot({ path: test.info().outputPath('q4-api-key-secret-1366.png') });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Listed without its secret, never used, limited to its address.
  const table = page.getByRole('table', { name: 'API keys' });
  const row = table.getByRole('row').filter({ hasText: 'My trading bot' });
  await expect(row).toContainText(key.slice(0, 8));
  await expect(row).toContainText('203.0.113.7');
  await expect(row).toContainText('Never');
  await expect(page.getByText(secret)).toHaveCount(0);
  await expectAccessible(page, '/security');
  await page.screenshot({ path: test.info().outputPath('q4-api-keys-1366.png'), fullPage: true });
  await expect
    .poll(async () => (await mailbox(request, customer.email)).map((mail) => mail.text).join('\n'))
    .toContain('A new API key was created');

  // The phone shows the list as cards.
  const phone = await browser.newContext({ ...devices['iPhone 13'], viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  errors.push(...collectPageErrors(phonePage));
  await logInAsCustomer(phonePage, customer.email, customer.password);
  await openFromAccountMenu(phonePage, 'Security', /\/security$/);
  await expect(phonePage.getByText('My trading bot')).toBeVisible();
  await phonePage.screenshot({ path: test.info().outputPath('q4-api-keys-390.png'), fullPage: true });
  await phone.close();

  // Revoked after a confirmation: gone from the list.
  await row.getByRole('button', { name: 'Revoke My trading bot' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Revoke the API key "My trading bot"?');
  await confirm.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('The API key was revoked').first()).toBeVisible();
  await expect(page.getByText('You have no API keys.')).toBeVisible();

  expect(errors).toEqual([]);
  await desktop.close();
});
