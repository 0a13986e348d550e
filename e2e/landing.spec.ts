import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/ui';

/** The coins the exchange lists (packages/domain's assets): the spec's ten and LTC. */
const LISTED_COINS = 11;

/**
 * The landing page against the real server: live Top Cryptocurrency table, the exchange calculator on
 * the server's quotes, the newsletter form, the coin carousel's breakpoints and the header anchors.
 * Every state checked is also run through axe: no serious or critical violations.
 */

function topTable(page: Page) {
  return page.getByRole('table', { name: 'Top Cryptocurrency prices in US dollars' });
}

/** Slides whose whole box lies inside the carousel's viewport. */
async function slidesFullyInView(page: Page): Promise<number> {
  return page.evaluate(() => {
    const viewport = document.querySelector('[data-carousel-viewport]');
    if (!viewport) return -1;
    const box = viewport.getBoundingClientRect();
    return [...viewport.querySelectorAll('[data-slide]')].filter((slide) => {
      const card = (slide.firstElementChild ?? slide).getBoundingClientRect();
      return card.left >= box.left - 1 && card.right <= box.right + 1;
    }).length;
  });
}

test('the landing page lists every listed coin in the Top Cryptocurrency table, live, and passes axe', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The prices go live as the table comes near the screen (app/landing-islands.tsx): a person scrolls to it.
  await topTable(page).scrollIntoViewIfNeeded();
  const rows = topTable(page).locator('tbody tr[data-ticker]');
  await expect(rows).toHaveCount(LISTED_COINS);
  await expect(rows.first().locator('[data-column="last-price"]')).toHaveText(/^\$[\d,]+\.\d{4}$/);
  // Each change is signed and coloured by its sign.
  for (const change of await topTable(page).locator('[data-direction]').all()) {
    const text = (await change.textContent()) ?? '';
    const direction = await change.getAttribute('data-direction');
    expect(direction).toBe(text.startsWith('-') ? 'down' : 'up');
  }
  await expect(page.getByText('Live prices', { exact: true })).toBeVisible();
  await expectAccessible(page, '/');

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(rows).toHaveCount(LISTED_COINS);
  await expectAccessible(page, '/ at 360 px');
});

test('the calculator converts 1 BTC to USD with the quote endpoint result, and back', async ({ page }) => {
  const firstQuote = page.waitForResponse(
    (response) => response.url().includes('/api/v1/market/quote?from=BTC&to=USD&amount=1') && response.ok(),
  );
  await page.goto('/');
  const body = (await (await firstQuote).json()) as { data: { result: string } };
  const result = body.data.result;
  expect(Number(result)).toBeGreaterThan(0);

  // The screen shows exactly what the server quoted: no float arithmetic in the browser.
  const shown = page.getByTestId('quote-result');
  await expect(shown).toHaveAttribute('data-value', result);
  expect((await shown.textContent())?.replaceAll(',', '')).toBe(result);

  const reverse = page.waitForResponse((response) =>
    response.url().includes('/api/v1/market/quote?from=USD&to=BTC&amount=1000'),
  );
  await page.getByLabel('Amount').fill('1000');
  await page.getByRole('button', { name: 'Swap direction' }).click();
  const reversed = (await (await reverse).json()) as { data: { result: string } };
  await expect(shown).toHaveAttribute('data-value', reversed.data.result);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('USD');
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('BTC');
});

test('the newsletter validates the e-mail, subscribes, and says so kindly the second time', async ({
  page,
}) => {
  const email = `news-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await page.goto('/#support');
  const form = page.getByRole('form', { name: 'Newsletter' });
  const field = form.getByLabel('Email');
  const subscribe = form.getByRole('button', { name: 'Subscribe' });

  await subscribe.click();
  await expect(form.getByRole('alert')).toHaveText('Please enter Email');
  await field.fill('not-an-email');
  await subscribe.click();
  await expect(form.getByRole('alert')).toHaveText('Please enter  valid email', { useInnerText: false });
  expect(await form.getByRole('alert').textContent()).toBe('Please enter  valid email');
  await expectAccessible(page, 'newsletter with an error');

  await field.fill(email);
  await subscribe.click();
  await expect(page.getByText('Subscribed successfully')).toBeVisible();
  await expect(field).toHaveValue('');

  await field.fill(email.toUpperCase());
  await subscribe.click();
  await expect(page.getByText('You are already subscribed')).toBeVisible();
});

test('the coin carousel shows three coins on wide screens, two below 900 px and one below 580 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto('/');
  await expect(page.locator('[data-slide]')).toHaveCount(LISTED_COINS);
  await expect.poll(() => slidesFullyInView(page)).toBe(3);
  await expect(page.getByRole('button', { name: 'Next coin' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous coin' })).toBeVisible();

  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(() => slidesFullyInView(page)).toBe(2);

  await page.setViewportSize({ width: 500, height: 900 });
  await expect.poll(() => slidesFullyInView(page)).toBe(1);

  // The arrows move it by one coin.
  const first = page.locator('[data-slide]').first();
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Next coin' }).click();
  await expect.poll(async () => (await first.boundingBox())?.x ?? 0).toBeLessThan(0);
  await expectAccessible(page, 'carousel at 500 px');
});

test('a header anchor scrolls to the Markets section', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const markets = page.locator('#markets');
  await expect(markets).not.toBeInViewport();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Markets' }).click();
  await expect(page).toHaveURL(/#markets$/);
  await expect(page.getByRole('heading', { name: 'Top Cryptocurrency' })).toBeInViewport();

  // Back to the top, then the same anchor again: it scrolls again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(markets).not.toBeInViewport();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Markets' }).click();
  await expect(page.getByRole('heading', { name: 'Top Cryptocurrency' })).toBeInViewport();
});
