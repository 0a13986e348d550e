import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { mailSubjects, png, readOtp, uniqueEmail } from './support/customers';
import { expectAccessible, logInAsAdmin } from './support/ui';

/**
 * KYC end to end against the real server: a new customer registers from the landing page, verifies
 * the mailed code, submits KYC with two images and sees PENDING; the admin approves it on
 * /admin-kyc; the customer then deposits through the sandbox and buys BTC instantly. A second
 * customer is rejected with a reason, reads it, and submits again.
 */

const PASSWORD = 'Flow@123456';

// Each flow walks two people through several screens.
test.describe.configure({ timeout: 180_000 });

/** From the landing page: Login, Create an account, register, type the mailed code, log in. */
async function registerAndLogIn(page: Page, request: APIRequestContext, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Name').fill('Kim Customer');
  await page.getByLabel('Country code').selectOption('971');
  await page.getByLabel('Mobile number').fill('501234567');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/otp-verification$/);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(await readOtp(request, email));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** From the dashboard: the header's KYC link, the form, two images, Submit; ends on PENDING. */
async function submitKyc(page: Page, firstName: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'KYC' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'KYC' })).toBeVisible();
  const form = page.getByRole('form', { name: 'KYC form' });
  await form.getByLabel('First Name').fill(firstName);
  await form.getByLabel('Last Name').fill('Tester');
  await form.getByLabel('Date of Birth').fill('1990-05-17');
  await form.getByLabel('City').fill('Dubai');
  await form.getByLabel('State').fill('Dubai');
  await form.getByLabel('Country', { exact: true }).fill('United Arab Emirates');
  await form.getByLabel('Document').selectOption('ID_CARD');
  await form.getByLabel('Card Number').fill('784-1990-1234567-1');
  await form.getByLabel('Front image', { exact: true }).setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: await png({ r: 30, g: 120, b: 200 }),
  });
  await expect(form.getByRole('img', { name: 'Front image preview' })).toBeVisible();
  await form.getByLabel('Back image', { exact: true }).setInputFiles({
    name: 'back.png',
    mimeType: 'image/png',
    buffer: await png({ r: 200, g: 120, b: 30 }),
  });
  await expect(form.getByRole('img', { name: 'Back image preview' })).toBeVisible();
  await expectAccessible(page, '/kyc filled in');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('KYC submitted successfully. We will review it shortly.')).toBeVisible();
  const status = page.getByRole('region', { name: 'KYC status' });
  await expect(status.getByText('PENDING', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(form.getByLabel('First Name')).toHaveAttribute('readonly', '');
}

/** The admin, in their own browser context, from the landing page to /admin-kyc. */
async function openAdminKyc(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'KYC', exact: true })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'KYC Requests' })).toBeVisible();
  return page;
}

async function findRequest(admin: Page, email: string): Promise<void> {
  const search = admin.getByPlaceholder('Search name,email or phone number');
  await search.fill(email);
  // The spec applies the term on key-up.
  await search.press('End');
  await expect(admin.getByRole('row').filter({ hasText: email })).toHaveCount(1);
}

test('a new customer registers, passes KYC once the admin approves, deposits and buys BTC', async ({
  page,
  browser,
  request,
}) => {
  // Several people in their own browsers (customers and the admin, each signing in with argon2): on
  // a loaded machine this runs past the 60 s of a one-person flow, so it gets three times that.
  test.slow();
  const email = uniqueEmail('approve');
  await registerAndLogIn(page, request, email);
  // Before KYC the dashboard asks for it.
  await expect(page.getByText('Please Complete Your Kyc to deposit.')).toBeVisible();
  await submitKyc(page, 'Amal');
  await expectAccessible(page, '/kyc pending');
  // While the review runs, the gates say so instead of asking again.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy Crypto' }).click();
  await page
    .getByRole('dialog', { name: 'How buying and selling works' })
    .getByRole('button', { name: 'Got it' })
    .click();
  await expect(page.getByRole('button', { name: 'KYC under review' })).toBeVisible();

  const admin = await openAdminKyc(browser);
  await expect(admin.getByTestId('kyc-pending-count')).toHaveText(/\d+ pending/);
  await findRequest(admin, email);
  await expectAccessible(admin, '/admin-kyc');
  await admin.getByRole('link', { name: 'View Amal Tester' }).click();
  await expect(admin).toHaveURL(/\/admin-kyc-details\/[0-9a-f-]+$/);
  await expect(admin.getByRole('img', { name: 'Front image' })).toBeVisible();
  await expect(admin.getByRole('img', { name: 'Rear image' })).toBeVisible();
  await expect(admin.getByLabel('Card Number')).toHaveValue('784-1990-1234567-1');
  await expect(admin.getByText('Pending', { exact: true })).toBeVisible();
  await expectAccessible(admin, '/admin-kyc-details');
  await admin.getByRole('link', { name: /Back to KYC Requests/ }).click();
  await findRequest(admin, email);
  await admin.getByRole('button', { name: 'Approve Amal Tester' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Are You sure you want to Approve This Kyc ?' });
  await expect(confirm.getByRole('button', { name: 'NO' })).toBeVisible();
  await expectAccessible(admin, '/admin-kyc approve confirmation');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(admin.getByText('KYC approved successfully')).toBeVisible();
  // The list shows the pending queue by default; the decided request is under All.
  await admin.getByLabel('Status', { exact: true }).selectOption('All');
  await expect(
    admin.getByRole('row').filter({ hasText: email }).getByText('APPROVED', { exact: true }),
  ).toBeVisible();
  await expect(admin.getByRole('button', { name: 'Approve Amal Tester' })).toBeDisabled();
  expect(await mailSubjects(request, email)).toContain('Your KYC is approved');

  // The customer reloads and sees the approval (the info modal opened on the first visit only);
  // the wallet (profile menu) now offers Add Money.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Buy BTC' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'KYC' }).click();
  await expect(
    page.getByRole('region', { name: 'KYC status' }).getByText('APPROVED', { exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/deposit$/);
  await page.getByRole('button', { name: 'Add Money' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Money' });
  await dialog.getByLabel('Amount').fill('250');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Pay with sandbox' }).click();
  await expect(page.getByText('Deposit successful').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('usd-balance')).toHaveText('$250.00', { timeout: 15_000 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Buy Crypto' }).click();
  await page.getByLabel('Quantity').fill('0.001');
  await page.getByRole('button', { name: 'Buy BTC' }).click();
  const buy = page.getByRole('alertdialog', { name: 'Are You sure you want to Buy ?' });
  await buy.getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('Buy order executed successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/history$/, { timeout: 15_000 });
  await admin.context().close();
});

test('a rejected customer reads the reason and submits again', async ({ page, browser, request }) => {
  // Several people in their own browsers (customers and the admin, each signing in with argon2): on
  // a loaded machine this runs past the 60 s of a one-person flow, so it gets three times that.
  test.slow();
  const email = uniqueEmail('reject');
  await registerAndLogIn(page, request, email);
  await submitKyc(page, 'Rana');

  const admin = await openAdminKyc(browser);
  await findRequest(admin, email);
  await admin.getByRole('button', { name: 'Reject Rana Tester' }).click();
  const confirm = admin.getByRole('alertdialog', { name: 'Are You sure you want to Reject This Kyc ?' });
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(confirm.getByText('Please enter the reason for rejection')).toBeVisible();
  await confirm.getByLabel('Reason').fill('The card number is not readable');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(admin.getByText('KYC rejected successfully')).toBeVisible();
  await admin.getByLabel('Status', { exact: true }).selectOption('All');
  await expect(
    admin.getByRole('row').filter({ hasText: email }).getByText('REJECTED', { exact: true }),
  ).toBeVisible();
  expect(await mailSubjects(request, email)).toContain('Your KYC was rejected');

  await page.reload();
  const status = page.getByRole('region', { name: 'KYC status' });
  await expect(status.getByText('REJECTED', { exact: true })).toBeVisible();
  await expect(status.getByText('The card number is not readable')).toBeVisible();
  await expectAccessible(page, '/kyc rejected');
  const form = page.getByRole('form', { name: 'KYC form' });
  await form.getByLabel('Card Number').fill('784-1990-7654321-2');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('KYC submitted successfully. We will review it shortly.')).toBeVisible();
  await expect(status.getByText('PENDING', { exact: true })).toBeVisible();

  await admin.reload();
  await findRequest(admin, email).catch(() => undefined);
  await expect(admin.getByRole('row').filter({ hasText: email }).filter({ hasText: 'PENDING' })).toHaveCount(
    1,
  );
  await admin.context().close();
});
