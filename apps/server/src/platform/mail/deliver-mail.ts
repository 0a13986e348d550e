import type { AppContext } from '../app-context';
import type { MailMessage } from './mailer';

/**
 * Hands a mail to the mailer after the data behind it is committed. A transport failure is logged,
 * not thrown: the change it tells of already happened, and the person can ask for a code again.
 */
export async function deliverMail(
  ctx: Pick<AppContext, 'mailer' | 'logger'>,
  mail: MailMessage,
): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    ctx.logger.error(
      { subject: mail.subject, error: error instanceof Error ? error.message : String(error) },
      'mail delivery failed',
    );
  }
}
