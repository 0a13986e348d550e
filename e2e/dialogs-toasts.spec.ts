import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, logInAsCustomer } from './support/ui';

/**
 * Issue 45, dialogs and toasts: the 'Login successful' toast sits in the room the layout keeps for
 * it under the header, over no button, link, field or heading of the dashboard; the withdraw dialogs
 * at their longest (a coin to a new address saved with a label, and a refusal from the server) keep
 * the refusal and both buttons on screen, the body scrolling between the fixed header and footer.
 */
const ALICE = { email: 'alice@example.com', password: 'Alice@123456' };
/** Any valid checksummed address: the refusal comes before the address would be used. */
const NEW_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
/** How long a hover may wait for the toast to be still and on top. */
const HOVER_MS = 10_000;
/** Set to a folder to keep a screenshot of each screen checked here. */
const SHOTS = process.env.E2E_SHOTS_DIR;

const CONTROLS =
  'button, a[href], input, select, textarea, h1, h2, h3, h4, h5, h6, [role="button"], [role="link"], [role="tab"]';

/** Which controls and headings outside the toast its box intersects, computed in the page. */
function coveredBy(toast: Locator): Promise<string[]> {
  return toast.evaluate((shown, selector) => {
    const box = shown.getBoundingClientRect();
    const covered: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.closest('[data-sonner-toaster]')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden')
        continue;
      const overlaps =
        rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top;
      if (overlaps) covered.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim()}"`);
    }
    return covered;
  }, CONTROLS);
}

/** The element lies wholly inside the viewport. */
async function expectInViewport(page: Page, element: Locator, what: string): Promise<void> {
  const viewport = page.viewportSize();
  const box = await element.boundingBox();
  expect(box, `${what} has a box`).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what} top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what} bottom edge`).toBeLessThanOrEqual(viewport.height);
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`dialogs and toasts at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the sign-in toast covers nothing; the withdraw dialogs keep their refusal and buttons in view', async ({
      page,
    }) => {
      // Without transitions the toast is measured where it rests, not half way in.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Login successful' });
      // A pointer on the toast holds it open while the dashboard loads. The toast lasts five seconds and
      // the dashboard comes three seconds after it, so the pointer goes on it as soon as it shows: on a
      // busy machine, the two seconds left at the dashboard ran out before a hover there (a CI run).
      // Each hover is bounded, so a toast that went anyway fails the flow at once, not at its timeout.
      const holdToast = () => toast.hover({ timeout: HOVER_MS });
      await logInAsCustomer(page, ALICE.email, ALICE.password, holdToast);
      await expect(toast).toBeVisible();
      await holdToast();
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Deposit USD' })).toBeVisible();
      await expect.poll(() => coveredBy(toast), { message: 'what the toast covers' }).toEqual([]);
      await expect(page.getByRole('region', { name: /Notifications/ })).toHaveAttribute(
        'aria-live',
        'polite',
      );
      await holdToast();
      await expectAccessible(page, 'dashboard with the sign-in toast');
      await shoot(page, 'dashboard-toast', viewport.width);
      // On a phone the header's menu opens above the toast's room: the toast moves below its items.
      const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) {
        await menu.click();
        await expect(page.locator('#user-mobile-menu').getByRole('link').first()).toBeVisible();
        await holdToast();
        await expect
          .poll(() => coveredBy(toast), { message: 'what the toast covers under the menu' })
          .toEqual([]);
        await shoot(page, 'menu-toast', viewport.width);
        await page.getByRole('banner').getByRole('button', { name: 'Close menu' }).click();
      }
      // Dismissable: its close button takes it and its room away. The pointer goes back on it first:
      // the page under it may have moved during the checks, and a toast left unhovered times out.
      await holdToast();
      await toast.getByRole('button', { name: 'Close toast' }).click();
      await expect(toast).toHaveCount(0);

      // Wallet → Withdraw (USD): a refused request.
      await page.getByRole('link', { name: 'Deposit USD' }).click();
      await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
      const usd = page.getByRole('dialog', { name: 'Withdraw', exact: true });
      await expect(usd).toBeVisible();
      await usd.getByLabel('Amount').fill('20');
      await usd.getByLabel('Two-factor code').fill('123456');
      await usd.getByRole('button', { name: 'Continue' }).click();
      const usdRefusal = usd.getByRole('alert');
      await expect(usdRefusal).toBeVisible();
      await expectInViewport(page, usdRefusal, 'the USD refusal');
      await expectInViewport(page, usd.getByRole('button', { name: 'Continue' }), 'Continue');
      await expectInViewport(page, usd.getByRole('button', { name: 'Cancel' }), 'Cancel');
      await expectAccessible(page, 'USD withdraw dialog with a refusal');
      await shoot(page, 'withdraw-usd-error', viewport.width);
      await usd.getByRole('button', { name: 'Cancel' }).click();
      await expect(usd).toBeHidden();

      // Wallet → Withdraw ETH to a new address saved with a label: the longest form, then a refusal.
      await page
        .getByRole('table', { name: 'Crypto assets' })
        .getByRole('button', { name: 'Withdraw ETH' })
        .click();
      const coin = page.getByRole('dialog', { name: 'Withdraw ETH' });
      await expect(coin).toBeVisible();
      await coin.getByLabel('Address', { exact: true }).fill(NEW_ADDRESS);
      await coin.getByLabel('Save to address book').check();
      await coin.getByLabel('Label').fill('Cold wallet');
      await coin.getByLabel('Amount').fill('0.01');
      await coin.getByLabel('Two-factor code').fill('123456');
      await coin.getByRole('button', { name: 'Continue' }).click();
      // The demo customer has no two-factor: the form warns at its top (scrolled away by now), and
      // the server's refusal, the last alert, is shown above the buttons.
      const coinAlerts = coin.getByRole('alert');
      await expect(coinAlerts).toHaveCount(2);
      const coinRefusal = coinAlerts.last();
      await expect(coinRefusal).toBeVisible();
      await expectInViewport(page, coinRefusal, 'the coin refusal');
      await expectInViewport(page, coin.getByRole('button', { name: 'Continue' }), 'Continue');
      await expectInViewport(page, coin.getByRole('button', { name: 'Cancel' }), 'Cancel');
      await expectAccessible(page, 'coin withdraw dialog with a refusal');
      await shoot(page, 'withdraw-coin-error', viewport.width);
      await coin.getByRole('button', { name: 'Cancel' }).click();
      await expect(coin).toBeHidden();

      // Add Money: the amount's own error beside it, the buttons in the footer.
      await page.getByRole('button', { name: 'Add Money' }).click();
      const deposit = page.getByRole('dialog', { name: 'Add Money' });
      await deposit.getByLabel('Amount').fill('0');
      await deposit.getByRole('button', { name: 'Continue' }).click();
      await expect(deposit.getByText('Please enter deposit amount')).toBeVisible();
      await expectInViewport(page, deposit.getByRole('button', { name: 'Continue' }), 'Continue');
      await shoot(page, 'add-money-error', viewport.width);
      await deposit.getByRole('button', { name: 'Cancel' }).click();
      await expect(deposit).toBeHidden();
    });
  });
}
