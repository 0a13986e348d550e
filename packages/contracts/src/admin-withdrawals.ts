import { WITHDRAWAL_RISK_FLAGS, WITHDRAWAL_STATUSES } from '@exchange/domain';
import { z } from 'zod';
import { sortFields } from './admin-lists';
import { decimalString, envelope, page } from './envelope';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';
import { withdrawalItemSchema } from './withdrawals';

// The back office's withdrawal queue (issues 38 and 46): its list, sort, CSV query and rows.

/** The columns the withdrawal queue sorts by (issue 46 points 5 and 7): requested, USD value, coin, status. */
export const ADMIN_WITHDRAWAL_SORTS = ['createdAt', 'value', 'asset', 'status'] as const;

/**
 * POST /admin/withdrawals (and GET /admin/withdrawals/export.csv with the same query): paged,
 * searched by the customer's name or e-mail, optionally by status (the queue is PENDING_APPROVAL),
 * sorted by `sort` and `order` when `order` is sent, else by the older `orderBy` (time or USD value).
 */
export const adminWithdrawalListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: {
    values: { '-createdAt': 'created_desc', createdAt: 'created_asc', '-value': 'value_desc' },
    default: '-createdAt',
  },
  filters: {
    status: z.enum(WITHDRAWAL_STATUSES).optional(),
    id: z.uuid().optional(), // its own URL
    ...sortFields(ADMIN_WITHDRAWAL_SORTS, 'createdAt'),
  },
});
export type AdminWithdrawalListQuery = z.output<typeof adminWithdrawalListRequestSchema>;
export type AdminWithdrawalListRequest = z.input<typeof adminWithdrawalListRequestSchema>;

export const adminWithdrawalItemSchema = withdrawalItemSchema.extend({
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  value_usd: decimalString,
  flags: z.array(z.enum(WITHDRAWAL_RISK_FLAGS)),
  /** The customer's recent activity, for the decision. */
  activity: z.object({
    last_deposit_at: z.string().nullable(),
    last_security_change_at: z.string().nullable(),
    completed_withdrawals: z.number().int(),
    withdrawn_24h_usd: decimalString,
  }),
  decided_by: z.string().nullable(),
  /** Who gave the final approval or the rejection, and when; four eyes: who gave the first of two. */
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  first_approved_by_name: z.string().nullable(),
  first_approved_at: z.string().nullable(),
  /** Approvals needed (2 above WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD) and given ('1 of 2'). */
  approvals_needed: z.number().int(),
  approvals: z.number().int(),
  /**
   * Why it is held for an admin ('Held: password changed since the request'): the owner's account
   * failed the standing check at confirm, approve or send. Null when it never was.
   */
  held_reason: z.string().nullable(),
});
export type AdminWithdrawalItem = z.infer<typeof adminWithdrawalItemSchema>;
export const adminWithdrawalListResponseSchema = envelope(page(adminWithdrawalItemSchema));
export type AdminWithdrawalListResponse = z.infer<typeof adminWithdrawalListResponseSchema>;
