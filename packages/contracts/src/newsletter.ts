import { z } from 'zod';
import { messageEnvelope } from './envelope';
import { messages as m } from './messages';

/** The newsletter's one e-mail field, with the spec's messages; stored trimmed and lower-cased. */
export const newsletterEmail = z
  .string({ error: m.newsletterEmailRequired })
  .trim()
  .min(1, m.newsletterEmailRequired)
  .max(254, m.newsletterEmailInvalid)
  .pipe(z.email(m.newsletterEmailInvalid))
  .transform((value) => value.toLowerCase());

/** The subscribe form on the landing page. */
export const newsletterFormSchema = z.object({ email: newsletterEmail });
export type NewsletterSubscribeRequest = z.input<typeof newsletterFormSchema>;

/**
 * POST /public/newsletter/subscribe. A missing body (Fastify reports it as null) reads as an empty
 * form, so the visitor sees 'Please enter Email' rather than a technical message.
 */
export const newsletterSubscribeRequestSchema = z.preprocess((body) => body ?? {}, newsletterFormSchema);

export const newsletterSubscribeResponseSchema = messageEnvelope;
export type NewsletterSubscribeResponse = z.infer<typeof newsletterSubscribeResponseSchema>;
