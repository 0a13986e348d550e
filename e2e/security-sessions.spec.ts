import { devices, expect, test } from '@playwright/test';
import { mailbox, registeredCustomer } from './support/customers';
import { collectPageErrors, expectAccessible, logInAsCustomer, openFromAccountMenu } from './support/ui';

/**
 * The Security page's sessions from two browsers: a customer signs in on a desktop and on a phone
 * (each from the landing page), sees both sessions with this device marked, ends the phone's session
 * from the desktop (the phone's next load asks to log in again), reads the sign-in history with a
 * wrong password in it, and sets the anti-phishing phrase that then starts the mails.
 */
test('a customer sees two sessions, ends the other one and reads the sign-in history', async ({
  browser,
  request,
}) => {
  test.slow();
  const customer = await registeredCustomer(request, 'sessions');
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const phone = await browser.newContext({ ...devices['iPhone 13'], viewport: { width: 390, height: 844 } });
  const laptopPage = await desktop.newPage();
  const phonePage = await phone.newPage();
  const errors = [...collectPageErrors(laptopPage), ...collectPageErrors(phonePage)];

  // A wrong password first: it shows in the history.
  await laptopPage.goto('/');
  await laptopPage.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await laptopPage.getByLabel('Email').fill(customer.email);
  await laptopPage.getByLabel('Password', { exact: true }).fill('Wrong@Pass123');
  await laptopPage.getByRole('button', { name: 'Login' }).click();
  await expect(laptopPage.getByText('Invalid email or password').first()).toBeVisible();

  await logInAsCustomer(laptopPage, customer.email, customer.password);
  await logInAsCustomer(phonePage, customer.email, customer.password);

  // The phone sees both sessions too, at 390 px.
  await openFromAccountMenu(phonePage, 'Security', /\/security$/);
  await expect(phonePage.getByTestId('session-card')).toHaveCount(2);
  await phonePage.screenshot({ path: test.info().outputPath('p8-security-390.png'), fullPage: true });

  await openFromAccountMenu(laptopPage, 'Security', /\/security$/);
  await expect(laptopPage.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  const cards = laptopPage.getByTestId('session-card');
  await expect(cards).toHaveCount(2);
  const mine = cards.filter({ hasText: 'This device' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/Chrome on (Linux|Windows)/);
  const other = cards.filter({ hasNotText: 'This device' });
  await expect(other).toContainText('Safari on iOS');
  await expectAccessible(laptopPage, '/security');
  await laptopPage.screenshot({ path: test.info().outputPath('p8-security-1366.png'), fullPage: true });

  await other.getByRole('button', { name: 'Sign out this session' }).click();
  await laptopPage.getByRole('alertdialog').getByRole('button', { name: 'YES' }).click();
  await expect(laptopPage.getByText('The session was signed out').first()).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(laptopPage.getByText('You are signed in on this device only.')).toBeVisible();

  // The ended session's next request is refused: the phone is sent to log in again.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login$/);

  // The history: the three sign-ins, the wrong password among them, newest first.
  const history = laptopPage.getByRole('table', { name: 'Sign-in history' });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history.getByText('Signed in')).toHaveCount(2);
  await expect(history.getByText('Wrong password')).toHaveCount(1);
  await expect(history.getByRole('row').nth(1)).toContainText('Safari on iOS');

  // The anti-phishing phrase: checked, saved, and at the top of the next mail.
  const phrase = laptopPage.getByLabel('Your phrase');
  await phrase.fill('ab');
  await laptopPage.getByRole('button', { name: 'Save phrase' }).click();
  await expect(laptopPage.getByText('Use 4 to 32 letters, digits or spaces')).toBeVisible();
  await phrase.fill('Blue Heron 42');
  await laptopPage.getByRole('button', { name: 'Save phrase' }).click();
  await expect(laptopPage.getByText('Anti-phishing phrase saved').first()).toBeVisible();
  await expect
    .poll(async () => (await mailbox(request, customer.email))[0]?.text ?? '')
    .toMatch(/^Your anti-phishing phrase: Blue Heron 42\n/);

  expect(errors).toEqual([]);
  await desktop.close();
  await phone.close();
});
