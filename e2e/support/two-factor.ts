import { expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { letAFewHoursPass } from './time-passes';
import { openFromAccountMenu } from './ui';

/** The code the authenticator app shows `stepsAhead` 30-second steps from now (each step counts once). */
export function codeFor(secret: string, stepsAhead: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/**
 * Turns on two-factor from the Security page (the account menu), which then says withdrawals pause
 * for a day; answers the authenticator's secret. The page stays on Security.
 */
export async function switchOnTwoFactor(page: Page): Promise<string> {
  await openFromAccountMenu(page, 'Security', /\/security$/);
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  await page.getByLabel('Authentication code').fill(await codeFor(secret, 0));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText(/^Withdrawals are paused until /).first()).toBeVisible();
  return secret;
}

/**
 * Turns on two-factor (switchOnTwoFactor) and lets the day's withdrawal pause it starts pass, as the
 * page says; answers the authenticator's secret.
 */
export async function turnOnTwoFactor(page: Page, email: string): Promise<string> {
  const secret = await switchOnTwoFactor(page);
  await letAFewHoursPass(email);
  await page.reload();
  return secret;
}
