import { expect, type Page, test } from '@playwright/test';
import { registeredCustomer } from './support/customers';
import { codeFor } from './support/two-factor';
import { expectAccessible, logInAsCustomer, openFromAccountMenu } from './support/ui';

/**
 * Two-factor sign-in through the real UI: a customer turns it on from the Security page with a code
 * computed here from the secret shown on screen, keeps the recovery codes (downloaded as a text
 * file), signs out, signs in with an authenticator code, then with a recovery code, which is then spent.
 */

async function logOut(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  const header = page.getByRole('banner');
  const account = header.getByRole('button', { name: /account menu/ });
  if (await account.isVisible()) await account.click();
  else await header.getByRole('button', { name: 'Open menu' }).click();
  await header.getByRole('button', { name: 'Logout' }).filter({ visible: true }).first().click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

/** From the landing page to the sign-in's code step: the password is right, a code is asked for. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  // Once in CI (a loaded machine, the second sign-in after a sign-out) the Email field was empty at
  // the click although it had been filled: the form was drawn again right after the page appeared,
  // and the cause was not found (six runs under two CPU burners did not show it again). Both fields
  // are checked to hold what was typed before the form is sent, and typed again if they do not.
  const emailField = page.getByLabel('Email');
  const passwordField = page.getByLabel('Password', { exact: true });
  await expect(async () => {
    await emailField.fill(email);
    await passwordField.fill(password);
    await expect(emailField).toHaveValue(email, { timeout: 1_000 });
    await expect(passwordField).toHaveValue(password, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(
    page.getByText('Enter the code from your authenticator app to finish signing in.'),
  ).toBeVisible();
}

test('a customer turns on two-factor, then signs in with a code and once with a recovery code', async ({
  page,
  request,
}) => {
  test.slow();
  const { email, password } = await registeredCustomer(request, 'two-factor');
  await logInAsCustomer(page, email, password);
  await openFromAccountMenu(page, 'Security', /\/security$/);

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Authentication code').fill(await codeFor(secret, 0));
  await page.getByRole('button', { name: 'Confirm' }).click();

  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('exchange-recovery-codes.txt');
  const saved = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect(await readFile(saved, 'utf8')).toContain(codes.join('\n'));
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left: 10')).toBeVisible();
  await expectAccessible(page, '/security');

  // Signed out, the password alone no longer signs in: the code step asks for the app's code.
  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByLabel('Authentication code').fill(await codeFor(secret, 1));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Then with a recovery code instead, which works once.
  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await openFromAccountMenu(page, 'Security', /\/security$/);
  await expect(page.getByText('Recovery codes left: 9')).toBeVisible();

  await logOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(codes[0] ?? '');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('The recovery code is wrong or was already used')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
