import { z } from 'zod';
import { sortFields, statusField } from './admin-lists';
import { envelope, page } from './envelope';
import { messages as m } from './messages';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';

export const SUPPORT_SUBJECT_MAX = 150;
export const SUPPORT_DESCRIPTION_MAX = 500;
export const SUPPORT_ANSWER_MAX = 1000;
export const SUPPORT_TICKET_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING', 'SUCCESS', 'CLOSED'] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];

/** The spec shows INACTIVE tickets as PENDING. */
export function displayedTicketStatus(status: SupportTicketStatus): SupportTicketStatus {
  return status === 'INACTIVE' ? 'PENDING' : status;
}

/**
 * The query of a user's own short lists (support tickets, referrals): page from 1, 10 rows by default
 * and at most 100, an optional search term (ignored when blank).
 */
export const listQuerySchema = pagingSchema({ defaultLimit: 10, maxLimit: 100, searchMax: 100 });
export type ListQuery = z.input<typeof listQuerySchema>;

// ---------------------------------------------------------------- POST /support/create

export const supportCreateRequestSchema = z.object({
  subject: z
    .string({ error: m.supportSubjectRequired })
    .trim()
    .min(1, m.supportSubjectRequired)
    .max(SUPPORT_SUBJECT_MAX, m.supportSubjectMax),
  description: z
    .string({ error: m.supportDescriptionRequired })
    .trim()
    .min(1, m.supportDescriptionRequired)
    .max(SUPPORT_DESCRIPTION_MAX, m.supportDescriptionMax),
});
export type SupportCreateRequest = z.input<typeof supportCreateRequestSchema>;

export const supportTicketSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.enum(SUPPORT_TICKET_STATUSES),
  /** The administrator's answer, null until answered. */
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  user: z.object({ name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportCreateResponseSchema = envelope(supportTicketSchema);

// ---------------------------------------------------------------- GET /support/getSupportByUser

/** The spec's shape (the list under `data`), with the paging figures beside it. */
export const supportListResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(supportTicketSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type SupportListResponse = z.infer<typeof supportListResponseSchema>;

// ---------------------------------------------------------------- admin

/** The columns the admin ticket list sorts by (issue 46 point 7): opened, last change, subject, status. */
export const ADMIN_TICKET_SORTS = ['createdAt', 'updatedAt', 'subject', 'status'] as const;

/** The body may be left out or sent with empty fields (`pagingSchema`): every field has a default. */
export const adminSupportListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: { values: { createdAt: 'createdAt', '-createdAt': '-createdAt' }, default: '-createdAt' },
  // `id`: one ticket, for its own URL (/admin-support/<id>, issue 46).
  filters: {
    id: z.uuid().optional(),
    ...sortFields(ADMIN_TICKET_SORTS, 'createdAt'),
    ...statusField(SUPPORT_TICKET_STATUSES),
  },
});
export type AdminSupportListRequest = z.input<typeof adminSupportListRequestSchema>;
export type AdminSupportListQuery = z.output<typeof adminSupportListRequestSchema>;

export const adminSupportTicketSchema = supportTicketSchema.extend({
  user_id: z.string(),
  userdata: z.object({
    name: z.string(),
    email: z.string(),
    country_code: z.string(),
    mobile_no: z.string(),
  }),
  profile_pic: z.string(),
});
export type AdminSupportTicket = z.infer<typeof adminSupportTicketSchema>;

/** POST /admin/getAllSupport -> data.data.content (spec section 7). */
export const adminSupportListResponseSchema = envelope(z.object({ data: page(adminSupportTicketSchema) }));
export type AdminSupportListResponse = z.infer<typeof adminSupportListResponseSchema>;

export const adminSupportAnswerRequestSchema = z.object({
  ticket_id: z.uuid(m.supportTicketNotFound),
  answer: z
    .string({ error: m.supportAnswerRequired })
    .trim()
    .min(1, m.supportAnswerRequired)
    .max(SUPPORT_ANSWER_MAX, m.supportAnswerMax),
  /** Where the answer leaves the ticket; answering closes it unless the admin says otherwise. */
  status: z.enum(SUPPORT_TICKET_STATUSES).default('CLOSED'),
});
export type AdminSupportAnswerRequest = z.input<typeof adminSupportAnswerRequestSchema>;

export const adminSupportAnswerResponseSchema = envelope(supportTicketSchema);

// ---------------------------------------------------------------- POST /admin/support/status

/** An administrator moves a ticket on without answering it (closes or reopens it). */
export const adminSupportStatusRequestSchema = z.object({
  ticket_id: z.uuid(m.supportTicketNotFound),
  status: z.enum(SUPPORT_TICKET_STATUSES),
});
export type AdminSupportStatusRequest = z.input<typeof adminSupportStatusRequestSchema>;
