import { z } from 'zod';
import { envelope } from './envelope';
import { messages as m } from './messages';
import { SUPPORT_ANSWER_MAX, supportTicketSchema } from './support';

// A support ticket's thread (issue 46 point 7): the customer's and the team's replies in order, after
// the ticket's description. The customer reads and answers their own; an admin reads any.

/** GET /support/thread?ticket_id= (the customer's own) and POST /admin/support/thread {ticket_id}. */
export const supportThreadRequestSchema = z.object({ ticket_id: z.uuid(m.supportTicketNotFound) });
export type SupportThreadRequest = z.input<typeof supportThreadRequestSchema>;

export const supportReplySchema = z.object({
  _id: z.string(),
  /** An admin's reply (the support team), or the customer's. */
  from_team: z.boolean(),
  author: z.object({ name: z.string() }),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportReply = z.infer<typeof supportReplySchema>;

export const supportThreadSchema = z.object({
  ticket: supportTicketSchema,
  replies: z.array(supportReplySchema),
});
export type SupportThread = z.infer<typeof supportThreadSchema>;
export const supportThreadResponseSchema = envelope(supportThreadSchema);
export type SupportThreadResponse = z.infer<typeof supportThreadResponseSchema>;

/** POST /support/reply: the customer writes in their own ticket's thread; it waits for the team again. */
export const supportReplyRequestSchema = z.object({
  ticket_id: z.uuid(m.supportTicketNotFound),
  message: z
    .string({ error: m.supportReplyRequired })
    .trim()
    .min(1, m.supportReplyRequired)
    .max(SUPPORT_ANSWER_MAX, m.supportReplyMax),
});
export type SupportReplyRequest = z.input<typeof supportReplyRequestSchema>;
