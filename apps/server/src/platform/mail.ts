import nodemailer from 'nodemailer';
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

/**
 * Keeps every message in the outbox; with an SMTP URL also hands it to nodemailer. Without one
 * (embedded mode) the message is logged, minus any code it carries: a log line never holds an OTP.
 */
export function createMailer(options: {
  db: DbOrTx;
  smtpUrl?: string;
  from: string;
  logger: Logger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message, db = options.db) {
      const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (transport) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      }
      options.logger.info(
        {
          mailId: row?.id,
          to: message.to,
          subject: message.subject,
          delivered: transport ? 'smtp' : 'outbox',
        },
        'mail queued',
      );
    },
  };
}
