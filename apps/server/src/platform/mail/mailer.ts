import { formatMessage, messages as m } from '@exchange/contracts';
import { maskEmail } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { mailOutbox, users } from '../../db/schema';
import type { DbOrTx } from '../db';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** What sends mail. Every message is also kept in the outbox table (the dev mailbox reads it). */
export interface Mailer {
  send(message: MailMessage, db?: DbOrTx): Promise<void>;
}

/** Six-digit runs (the one-time codes) in a mail text, replaced so a stored copy cannot be used. */
export function redactCodes(text: string): string {
  return text.replace(/\b\d{6}\b/g, '[code removed]');
}

/**
 * Every mail to a customer who chose an anti-phishing phrase starts with it, so they can tell our
 * mails from fakes. Added here, where every mail passes, so no mail can forget it.
 */
async function withAntiPhishingPhrase(db: DbOrTx, message: MailMessage): Promise<MailMessage> {
  const [owner] = await db
    .select({ phrase: users.antiPhishingPhrase })
    .from(users)
    .where(eq(users.email, message.to))
    .limit(1);
  if (!owner?.phrase) return message;
  const line = formatMessage(m.antiPhishingMailLine, { phrase: owner.phrase });
  return { ...message, text: `${line}\n\n${message.text}` };
}

/**
 * Keeps every message in the outbox; with an SMTP URL also hands it to nodemailer, and then the
 * outbox keeps the text without its codes (a database read must not give away a live code; the
 * real copy is in the recipient's mailbox). Without SMTP (embedded mode) the outbox is the mailbox,
 * so the text is kept whole for the dev mailbox. Log lines never hold a code. Old outbox rows are
 * pruned (features/housekeeping).
 */
export function createMailer(options: {
  db: DbOrTx;
  smtpUrl?: string;
  from: string;
  logger: Logger;
}): Mailer {
  // nodemailer is loaded only with an SMTP URL: the embedded mode never sends, and skips its load time.
  const smtpUrl = options.smtpUrl;
  const transport = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl))
    : null;
  return {
    async send(original, db = options.db) {
      const message = await withAntiPhishingPhrase(db, original);
      const stored = transport ? { ...message, text: redactCodes(message.text) } : message;
      const [row] = await db.insert(mailOutbox).values(stored).returning({ id: mailOutbox.id });
      if (transport) {
        await (await transport).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      }
      options.logger.info(
        {
          mailId: row?.id,
          // Logs are read by more people than the outbox: the address only masked (c***l@example.com).
          to: maskEmail(message.to),
          subject: message.subject,
          delivered: transport ? 'smtp' : 'outbox',
        },
        'mail queued',
      );
    },
  };
}
