import { z } from 'zod';
import { sortFields, statusField } from './admin-lists';
import { decimalString, envelope } from './envelope';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';

// Debts left by reversed deposits (issue 35): the admin's list and settlement, and what a customer is
// told about the restrictions on their account.

export const DEBT_STATUSES = ['OPEN', 'SETTLED'] as const;
export type DebtStatus = (typeof DEBT_STATUSES)[number];
export const DEBT_SETTLEMENTS = ['COLLECTED', 'WRITTEN_OFF'] as const;
export type DebtSettlement = (typeof DEBT_SETTLEMENTS)[number];

/** The longest note an admin may write on a settlement. */
export const DEBT_NOTE_MAX = 500;

/** The columns the debts list sorts by (issue 46 point 7): raised, amount and status. */
export const ADMIN_DEBT_SORTS = ['createdAt', 'amount', 'status'] as const;

/**
 * POST /admin/debts (and GET /admin/debts/export.csv with the same query): paged, searched by the user's name or e-mail on the server, newest first unless
 * asked otherwise; optionally only OPEN or SETTLED debts, or one user's.
 */
export const adminDebtListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: { values: { '-createdAt': 'desc', createdAt: 'asc' }, default: '-createdAt' },
  filters: {
    ...sortFields(ADMIN_DEBT_SORTS, 'createdAt'),
    ...statusField(DEBT_STATUSES),
    userId: z.uuid().optional(),
  },
});
export type AdminDebtListRequest = z.input<typeof adminDebtListRequestSchema>;
export type AdminDebtListQuery = z.output<typeof adminDebtListRequestSchema>;

const person = z.object({ _id: z.string(), name: z.string(), email: z.string() });

export const debtItemSchema = z.object({
  _id: z.string(),
  user: person,
  asset: z.string(),
  amount: decimalString,
  /** What the provider did: REFUNDED or REVERSED (a chargeback). */
  reason: z.enum(['REFUNDED', 'REVERSED']),
  /** The provider's id of the deposit's order. */
  order_id: z.string(),
  status: z.enum(DEBT_STATUSES),
  settlement: z.enum(DEBT_SETTLEMENTS).nullable(),
  settled_at: z.string().nullable(),
  settled_by: person.nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type DebtItem = z.infer<typeof debtItemSchema>;

export const adminDebtListResponseSchema = envelope(
  z.object({
    content: z.array(debtItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type AdminDebtListResponse = z.infer<typeof adminDebtListResponseSchema>;

/** POST /admin/debts/settle: one debt, settled whole; a write-off needs a note. */
export const adminSettleDebtRequestSchema = z.object({
  debtId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Invalid debt id'),
  method: z.enum(DEBT_SETTLEMENTS),
  note: z.string().trim().max(DEBT_NOTE_MAX).optional().default(''),
});
export type AdminSettleDebtRequest = z.input<typeof adminSettleDebtRequestSchema>;

export const adminSettleDebtResponseSchema = envelope(debtItemSchema);
export type AdminSettleDebtResponse = z.infer<typeof adminSettleDebtResponseSchema>;

/**
 * GET /wallet/restrictions: what keeps the signed-in user's value from moving. `debt_usd` is what
 * they owe from reversed deposits (null when nothing); with the hold period on, `held_usd` is the value
 * of deposits still inside their `hold_days` window.
 */
export const accountRestrictionsSchema = z.object({
  debt_usd: decimalString.nullable(),
  hold_days: z.number().int(),
  held_usd: decimalString,
});
export type AccountRestrictions = z.infer<typeof accountRestrictionsSchema>;
export const accountRestrictionsResponseSchema = envelope(accountRestrictionsSchema);
export type AccountRestrictionsResponse = z.infer<typeof accountRestrictionsResponseSchema>;
