import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No serious or critical axe violations on what the page shows now (architecture section 9). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A toast fading in or out is half transparent, and axe then measures a contrast no one reads.
  // With reduced motion sonner drops its transitions, so a toast that appears or leaves while axe
  // runs is never caught half way; one already there still gets to finish its entrance first.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const toasts = page.locator('[data-sonner-toast]');
  if ((await toasts.count()) > 0) {
    await page
      .waitForFunction(() =>
        [...document.querySelectorAll('[data-sonner-toast]')].every(
          (toast) => toast.getAttribute('data-mounted') === 'true',
        ),
      )
      .catch(() => undefined);
    await page.waitForTimeout(450);
  }
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
  expect(blocking, `axe on ${screen}`).toEqual([]);
}

/** The demo admin of the seed (README's demo accounts). */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'Admin@123456' } as const;

/**
 * Logs in as a person does: the landing page, the header's Login button, the form; then waits for the
 * page the account lands on (`landing`). `whileRedirecting` runs once Login is clicked, before that
 * wait: the sign-in toast lives five seconds and the redirect comes after three, so a flow that must
 * catch the toast starts there.
 */
async function logInFromLanding(
  page: Page,
  email: string,
  password: string,
  landing: RegExp,
  whileRedirecting?: () => Promise<void>,
): Promise<void> {
  await page.goto('/');
  const header = page.getByRole('banner');
  const login = header.getByRole('link', { name: 'Login' });
  const menu = header.getByRole('button', { name: 'Open menu' });
  // On a phone the header's buttons live in its menu. One tap, as a person taps: one that comes before
  // the app has taken the prerendered page over still opens it (lib/early-taps.ts).
  await expect(login.or(menu).first()).toBeVisible();
  if (!(await login.first().isVisible())) await menu.click();
  await login.first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await whileRedirecting?.();
  await expect(page).toHaveURL(landing);
}

/** Logs a customer in from the landing page; they land on the dashboard (see logInFromLanding). */
export async function logInAsCustomer(
  page: Page,
  email: string,
  password: string,
  whileRedirecting?: () => Promise<void>,
): Promise<void> {
  await logInFromLanding(page, email, password, /\/dashboard$/, whileRedirecting);
}

/** Logs an admin in from the landing page (the demo admin unless told); they land on the admin dashboard. */
export async function logInAsAdmin(
  page: Page,
  admin: { readonly email: string; readonly password: string } = DEMO_ADMIN,
): Promise<void> {
  await logInFromLanding(page, admin.email, admin.password, /\/admin-dashboard$/);
}

/** Collects every uncaught page error, so a flow can fail on a screen that crashed while it looked away. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Opens a page from the header's main links; below 1280 px they live in the header's menu. */
export async function openFromHeader(page: Page, label: string, path: RegExp): Promise<void> {
  const link = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: label, exact: true })
    .filter({ visible: true });
  await expect(page.getByRole('banner')).toBeVisible();
  // A phone's menu closes when the page under it moves on (a redirect, a tab the page selects by its
  // address); a person then opens it again, and so does this, rather than wait for a link now gone.
  await expect(async () => {
    if ((await link.count()) === 0)
      await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 5_000 });
    await link.first().click({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page).toHaveURL(path);
}

/** Opens an account link: the profile menu on a desktop, the header's menu on a phone. */
export async function openFromAccountMenu(page: Page, label: string, path: RegExp): Promise<void> {
  const header = page.getByRole('banner');
  const account = header.getByRole('button', { name: /account menu/ });
  await expect(account.or(header.getByRole('button', { name: 'Open menu' })).first()).toBeVisible();
  if (await account.isVisible()) await account.click();
  else await header.getByRole('button', { name: 'Open menu' }).click();
  const link = header.getByRole('link', { name: label, exact: true }).filter({ visible: true });
  await link.first().click();
  await expect(page).toHaveURL(path);
}

/**
 * Opens a back-office page from the admin menu: the side bar on a desktop, its drawer on a phone. It
 * waits for the page to show one or the other before choosing, as a visibility check does not wait.
 */
export async function openFromAdminMenu(page: Page, item: string, heading: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: item });
  const menu = page.getByRole('button', { name: /menu/i });
  await expect(link.or(menu).filter({ visible: true }).first()).toBeVisible();
  if (!(await link.first().isVisible())) await menu.first().click();
  await link.first().click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}
