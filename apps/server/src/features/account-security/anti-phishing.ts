import type { AppContext } from '../../platform/app-context';
import { sendSecurityChangeMail } from '../accounts/security-mail';
import * as repo from './account-security.repository';

export function antiPhishingPhrase(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string | null> {
  return repo.antiPhishingPhraseOf(ctx.db, userId);
}

/**
 * Sets (or, with null, removes) the phrase every mail to the user starts with (platform/mail.ts).
 * The change is mailed like any security change: that mail already carries the new phrase.
 */
export async function setAntiPhishingPhrase(
  ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'logger'>,
  userId: string,
  phrase: string | null,
): Promise<string | null> {
  await repo.setAntiPhishingPhrase(ctx.db, userId, phrase, ctx.clock.now());
  await sendSecurityChangeMail(ctx, userId, 'anti_phishing');
  return phrase;
}
