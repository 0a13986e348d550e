import { formatMessage, messages as m } from '@exchange/contracts';
import type { SignInPlace } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';
import { deliverMail } from '../../platform/mail/deliver-mail';
import { contactOf } from './accounts.repository';

type MailContext = Pick<AppContext, 'db' | 'mailer' | 'logger' | 'clock'>;

/** A change to how an account is protected; each one mails the account's owner. */
export type SecurityChange =
  | 'password_changed'
  | 'password_reset'
  | 'two_factor_on'
  | 'two_factor_off'
  | 'recovery_codes'
  | 'anti_phishing'
  | 'withdrawal_address'
  | 'api_key_created'
  | 'signed_out_others';

const CHANGE_TEXTS: Record<SecurityChange, string> = {
  password_changed: m.securityChangePassword,
  password_reset: m.securityChangePasswordReset,
  two_factor_on: m.securityChangeTwoFactorOn,
  two_factor_off: m.securityChangeTwoFactorOff,
  recovery_codes: m.securityChangeRecoveryCodes,
  anti_phishing: m.securityChangeAntiPhishing,
  withdrawal_address: m.securityChangeWithdrawalAddress,
  api_key_created: m.securityChangeApiKeyCreated,
  signed_out_others: m.securityChangeSignedOutOthers,
};

/** The mail's paragraph on the API keys the change revoked, or nothing when it revoked none. */
function revokedKeysParagraph(count: number): string {
  if (count <= 0) return '';
  const text =
    count === 1
      ? m.securityChangeApiKeyRevoked
      : formatMessage(m.securityChangeApiKeysRevoked, { count: String(count) });
  return `\n\n${text}`;
}

/** "2026-11-27 07:20 UTC": mails name the time in UTC, the one zone every reader can convert. */
function mailTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Tells the account's owner that a security setting changed (password, two-factor, recovery codes,
 * anti-phishing phrase, a new withdrawal address), and how many API keys the change revoked with it, so
 * one event sends one mail. Call it after the change is committed; a failed delivery is logged, never
 * thrown, since the change already happened. Like every mail, it starts with the owner's anti-phishing
 * phrase (platform/mail.ts).
 */
export async function sendSecurityChangeMail(
  ctx: MailContext,
  userId: string,
  what: SecurityChange,
  options: { revokedApiKeys?: number } = {},
): Promise<void> {
  const owner = await contactOf(ctx.db, userId);
  if (!owner) return;
  await deliverMail(ctx, {
    to: owner.email,
    subject: m.securityChangeMailSubject,
    text: formatMessage(m.securityChangeMailText, {
      change: CHANGE_TEXTS[what],
      time: mailTime(ctx.clock.now()),
      apiKeys: revokedKeysParagraph(options.revokedApiKeys ?? 0),
    }),
  });
}

/** Tells the owner that their account was signed in from a device or network it had not used. */
export async function sendNewSignInMail(
  ctx: MailContext,
  userId: string,
  place: SignInPlace,
  at: Date,
): Promise<void> {
  const owner = await contactOf(ctx.db, userId);
  if (!owner) return;
  await deliverMail(ctx, {
    to: owner.email,
    subject: m.newSignInMailSubject,
    text: formatMessage(m.newSignInMailText, {
      device: place.device,
      network: place.network,
      time: mailTime(at),
    }),
  });
}
