import { expect, type Page, test } from '@playwright/test';
import { mailSubjects, readOtp, registeredCustomer, uniqueEmail } from './support/customers';
import { expectAccessible } from './support/ui';

/**
 * Sign-up, sign-in, password reset and the route guards, through the real UI against the real
 * server. Every screen is checked with axe: no serious or critical violations.
 */

const NEW_PASSWORD = 'Fresh#Pass2024';
const PASSWORD = 'Sturdy@Pass1';

async function typeOtp(page: Page, otp: string): Promise<void> {
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(otp);
}

/** Fills the login form on the current page. */
async function logInHere(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await logInHere(page, email, password);
}

/** A verified account made through the API, for flows that are not about sign-up. */
test('register, verify the e-mail with the mailed code, log in, land on the dashboard, change the password', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('register');

  await page.goto('/register?code=');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page, '/register');
  await page.getByLabel('Name').fill('Erin Example');
  await page.getByLabel('Country code').selectOption('971');
  await page.getByLabel('Mobile number').fill('501234567');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();

  // A toast, then the OTP screen after 3 seconds, carrying the e-mail.
  await expect(page.getByRole('button', { name: /Please Wait/ })).toBeDisabled();
  await expect(page).toHaveURL(/\/otp-verification$/);
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, '/otp-verification');

  const otp = await readOtp(request, email, 'Verify your email address');
  await typeOtp(page, otp);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page, '/login');

  // The OTP screen hands the e-mail on; typing it in capitals still logs in (it is lower-cased).
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Email').fill(email.toUpperCase());
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The access token is kept; the refresh token is only in the HttpOnly cookie.
  const stored = await page.evaluate(() => ({ ...window.localStorage }));
  expect(Object.keys(stored)).toContain('access_token');
  expect(JSON.stringify(stored)).not.toContain('refresh');
  await expectAccessible(page, '/dashboard');

  // The session survives a reload (hydrated from GET /auth/me).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expectAccessible(page, '/profile');
  await page.getByLabel('Old password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expect(page.getByLabel('Old password')).toHaveValue('');
});

test('the admin logs in and lands on the admin dashboard', async ({ page }) => {
  await logIn(page, 'admin@example.com', 'Admin@123456');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'KYC', exact: true })).toHaveAttribute('href', '/admin-kyc');
  await expectAccessible(page, '/admin-dashboard');

  // Logout asks first; Yes clears the session and the guard sends the visitor to /.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Are You sure you want to Logout.' })).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Yes' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/$/);
  // The header leaves the guarded page first, then signs out (the server's answer, then storage).
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
});

test('forgot password: request a code, enter it, choose a new password, log in with it', async ({
  page,
  request,
}) => {
  const { email } = await registeredCustomer(request, 'reset', PASSWORD);
  const seen = (await mailSubjects(request, email)).filter(
    (subject) => subject === 'Your password reset code',
  ).length;

  await page.goto('/forgot-password');
  await expectAccessible(page, '/forgot-password');
  await expect(page.getByRole('link', { name: 'Back To Login' })).toHaveAttribute('href', '/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request Resent Link' }).click();
  await expect(page).toHaveURL(/\/forgot-otp-verify$/);
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page, '/forgot-otp-verify');

  const otp = await readOtp(request, email, 'Your password reset code', seen);
  await typeOtp(page, otp);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectAccessible(page, '/reset-password');

  // The registration strength rules apply to the new password.
  await page.getByLabel('New password', { exact: true }).fill('weakpass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Must Contain One Uppercase')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/$/);

  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await logIn(page, email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('guards send a visitor to /login and tell a customer an admin page is not theirs', async ({ page }) => {
  await page.goto('/admin-user');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Log in to continue to the page you asked for.')).toBeVisible();
  await expectAccessible(page, '/login (sent from /admin-user)');

  await page.goto('/deposit');
  await expect(page).toHaveURL(/\/login$/);
  await logInHere(page, 'alice@example.com', 'Alice@123456');
  // Back where the visit was going.
  await expect(page).toHaveURL(/\/deposit$/);
  await page.goto('/admin-user');
  await expect(page.getByRole('heading', { name: 'You have no access to this page' })).toBeVisible();
  await expectAccessible(page, '/admin-user as a customer');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a visitor sent away from a user page returns to it after logging in', async ({ page }) => {
  await page.goto('/stake');
  await expect(page).toHaveURL(/\/login$/);
  await logInHere(page, 'alice@example.com', 'Alice@123456');
  await expect(page).toHaveURL(/\/stake$/);
});

test('an unverified account is told so and can get a new code', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  const signup = await request.post('/api/v1/auth/signup', {
    data: {
      name: 'Late Verifier',
      country_code: '91',
      mobile_no: '9876543210',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    },
  });
  expect(signup.ok()).toBe(true);

  await logIn(page, email, PASSWORD);
  const notice = page.getByRole('alert').filter({ hasText: 'Please verify your email address first' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Send a new code and verify' }).click();
  await expect(page).toHaveURL(/\/otp-verification$/);
  await expect(page.getByText(email)).toBeVisible();
});

test.describe('validation messages', () => {
  test('register', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of [
      'Name is required.',
      'Country code is required.',
      'Mobile is required.',
      'Email id is required.',
      'Password is required',
      'Confirm Password is required.',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Email').fill('nope');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Enter Valid Email id')).toBeVisible();
    await expect(page.getByText('Minimum 8 Character')).toBeVisible();
    await expectAccessible(page, '/register with errors');
  });

  test('login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('EmailId Required')).toBeVisible();
    await expect(page.getByText('Password is Required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Enter Valid Email Address')).toBeVisible();
    await expectAccessible(page, '/login with errors');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  test('forgot password', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Request Resent Link' }).click();
    await expect(page.getByText('Please Enter Email Address')).toBeVisible();
  });

  test('OTP', async ({ page }) => {
    await page.goto('/otp-verification');
    // Opened without an e-mail in navigation state, the screen asks for it.
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please Enter Correct Otp')).toBeVisible();
    await typeOtp(page, '12a4');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please Enter Correct Otp')).toBeVisible();
    await expectAccessible(page, '/otp-verification with errors');
  });

  test('change password, in the spec order', async ({ page, request }) => {
    const { email } = await registeredCustomer(request, 'change', PASSWORD);
    await logIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    const submit = page.getByRole('button', { name: 'Change Password' });

    await submit.click();
    await expect(page.getByText('Old Password is required')).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Confirm Password is required', { exact: true })).toBeVisible();

    const steps: Array<[string, string]> = [
      ['abc', 'Password must be at least 8 characters long'],
      ['abcdefgh', 'Password must contain at least one uppercase letter'],
      ['Abcdefgh', 'Password must contain at least one number'],
      ['Abcdefg1', 'Password must contain at least one special character'],
    ];
    await page.getByLabel('Old password').fill(PASSWORD);
    for (const [typed, message] of steps) {
      await page.getByLabel('New password', { exact: true }).fill(typed);
      await submit.click();
      await expect(page.getByText(message)).toBeVisible();
    }
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill('Something#Else1');
    await submit.click();
    await expect(page.getByText('Password should be match with confirm password')).toBeVisible();
    await expectAccessible(page, '/profile with errors');

    // The password it already is: refused before anything is sent.
    await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm new password').fill(PASSWORD);
    await submit.click();
    await expect(page.getByText('New password must be different from the old password')).toBeVisible();

    // A wrong old password is the server's answer, shown as it is.
    await page.getByLabel('Old password').fill('Wrong#Pass123');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await submit.click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
  });
});

test('the customer header: profile menu, and logout asks before it signs out', async ({ page }) => {
  await logIn(page, 'alice@example.com', 'Alice@123456');
  await expect(page).toHaveURL(/\/dashboard$/);
  const lending = page.getByRole('link', { name: /Lending/ });
  await expect(lending).toHaveAttribute('target', '_blank');
  await expect(lending).toHaveAttribute('rel', /noopener/);

  await page.getByRole('button', { name: /account menu/ }).click();
  await expect(page.getByRole('link', { name: 'Wallet' })).toHaveAttribute('href', '/deposit');
  await expect(page.getByRole('link', { name: 'Help and support', exact: true })).toHaveAttribute(
    'href',
    '/support',
  );
  await expectAccessible(page, 'profile menu');
  await page.getByRole('button', { name: 'Logout' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Are You Sure Want To Logout !' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await dialog.getByRole('button', { name: 'YES' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The header leaves the guarded page first, then signs out (the server's answer, then storage).
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('access_token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('works on a 360 px phone: the menu opens, the screens pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/register');
  await expectAccessible(page, '/register at 360 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await logIn(page, 'alice@example.com', 'Alice@123456');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#user-mobile-menu');
  await expect(menu.getByRole('link', { name: 'Buy Crypto' })).toBeVisible();
  await expectAccessible(page, '/dashboard menu at 360 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await menu.getByRole('link', { name: 'Swap' }).click();
  await expect(page).toHaveURL(/\/swap$/);
  await expect(menu).toBeHidden();
});
