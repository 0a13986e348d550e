import { expect, type Page, test } from '@playwright/test';

/** The coins the exchange lists (packages/domain's assets): the spec's ten and LTC. */
const LISTED_COINS = 11;

/**
 * The landing page is rendered to HTML at build time and hydrated in the browser (apps/web/src/
 * prerender.tsx): it reads without JavaScript, hydrates without a mismatch (which React reports as a
 * console error and answers by throwing the HTML away), and its prices still arrive live afterwards.
 */

const HEADING = 'Buy, sell and stake crypto in one secure wallet';

/** Console errors and uncaught exceptions, where React reports a hydration mismatch. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the landing page is in the HTML the server sends, and reads without JavaScript', async ({
  browser,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain(HEADING);
  // It paints with its stylesheet; the scripts that only hydrate it are requested after that paint
  // (vite.config.ts, loadScriptsAfterPaint), so the HTML names none of them.
  expect(html).toContain('rel="stylesheet"');
  expect(html).not.toContain('<script type="module"');
  expect(html).not.toContain('rel="modulepreload"');
  // Only '/' is prerendered; other paths get the empty shell and render in the browser.
  expect(await (await request.get('/login')).text()).toContain('<div id="root"></div>');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/login');
  await context.close();
});

test("a visit the person starts gets '/' without an opener policy; the app's pages keep theirs", async ({
  page,
}) => {
  // security-headers.ts: the browser-started visit (Sec-Fetch-Site none) skips the policy's own
  // browsing context group, whose window cost Lighthouse's phone most of its blocking time.
  const landing = await page.goto('/');
  expect(landing?.headers()['cross-origin-opener-policy']).toBeUndefined();
  expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(await page.evaluate(() => window.opener)).toBeNull();
  const login = await page.goto('/login');
  expect(login?.headers()['cross-origin-opener-policy']).toBe('same-origin');
});

test('a visitor: the page hydrates without errors, then prices and the quote load live', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  const table = page.getByRole('table', { name: 'Top Cryptocurrency prices in US dollars' });
  // The table's prices start when it comes near the screen (app/landing-islands.tsx), as a person scrolls.
  await table.scrollIntoViewIfNeeded();
  const rows = table.locator('tbody tr[data-ticker]');
  await expect(rows).toHaveCount(LISTED_COINS);
  await expect(rows.first().locator('[data-column="last-price"]')).toHaveText(/^\$[\d,]+\.\d{4}$/);
  await expect(page.getByText('Live prices', { exact: true })).toBeVisible();
  await expect(page.getByTestId('quote-result')).toHaveAttribute('data-value', /^\d/);
  // Hydrated: a client-side control works (the header's menu toggles on a phone).
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a signed-in visitor: hydrated as the HTML was, then the header knows them', async ({
  page,
  request,
}) => {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: 'alice@example.com', password: 'Alice@123456' },
  });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => window.localStorage.setItem('access_token', value), token);
  const errors = collectErrors(page);
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await header.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-value')).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('on a phone, before the app has taken the page over', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a tap on the menu opens it once the app is there: the tap is not lost', async ({ page }) => {
    const errors = collectErrors(page);
    // Hold every script back until the visitor has tapped, as a slow network would.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      if (!route.request().url().includes('load-after-paint')) await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Nothing can answer yet: the button is the prerendered one.
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0);
    release();
    const menu = page.locator('#landing-mobile-menu');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(errors).toEqual([]);
  });
});

// '/' hydrates only its live parts (apps/web/src/app/landing-islands.tsx); the footer is plain HTML.
// A link there still opens its page inside the app (the whole app starts then), not as a new document.
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a link in the page's static part opens its page in the app, without a new document", async ({
      page,
    }) => {
      const errors = collectErrors(page);
      await page.goto('/');
      await expect(page.getByTestId('quote-result')).toBeVisible();
      await page.evaluate(() => {
        (window as { sameDocument?: boolean }).sameDocument = true;
      });
      await page.getByRole('contentinfo').getByRole('link', { name: 'Help and Support' }).click();
      // Support is for signed-in customers: a visitor is asked to sign in first.
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
      expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(errors).toEqual([]);
    });
  });
}
