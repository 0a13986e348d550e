import { maskEmail } from '@exchange/domain';
import type { Logger } from 'pino';
import { mailOutbox } from '../db/schema';
import type { DbOrTx } from './db';

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
    async send(message, db = options.db) {
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
