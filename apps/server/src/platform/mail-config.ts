import { z } from 'zod';

/**
 * Outgoing mail: its environment variables (spread into config.ts's env schema, so they are
 * documented and parsed with the rest) and their typed settings.
 */
export const mailEnv = {
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Exchange <no-reply@example.com>'),
  DEV_MAILBOX: z.enum(['on', 'off']).optional(),
};

type MailEnv = z.output<z.ZodObject<typeof mailEnv>>;

export interface MailConfig {
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** GET /dev/mailbox shows every mail sent (default on outside production). */
  readonly devMailbox: boolean;
}

export function mailConfig(env: MailEnv, production: boolean): MailConfig {
  return {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    devMailbox: env.DEV_MAILBOX ? env.DEV_MAILBOX === 'on' : !production,
  };
}
