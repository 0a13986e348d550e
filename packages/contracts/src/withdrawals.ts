import { WITHDRAWAL_RISK_FLAGS, WITHDRAWAL_STATUSES } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, page, wireDecimal } from './envelope';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';

// Withdrawals (issue 38): USD to the customer's PayPal e-mail now, coins on a chain later.

export { WITHDRAWAL_RISK_FLAGS, WITHDRAWAL_STATUSES } from '@exchange/domain';

/** The longest reason an admin may give for a rejection. */
export const WITHDRAWAL_REASON_MAX = 500;

const assetField = z.string().trim().max(16);
const withdrawalId = z.uuid();
const twoFactorFields = {
  totp: z
    .string()
    .trim()
    .regex(/^\d{6}$/)
    .optional(),
  recovery_code: z.string().trim().min(1).max(32).optional(),
};

/** GET /withdrawals/terms?asset=USD: what the form shows before anything is asked. */
export const withdrawalTermsQuerySchema = z.object({ asset: assetField });
export const withdrawalTermsSchema = z.object({
  asset: z.string(),
  method: z.enum(['paypal', 'chain']),
  /** Where it goes: the PayPal e-mail on the profile. */
  destination: z.string(),
  minimum: decimalString,
  fee: decimalString,
  available: decimalString,
  two_factor_on: z.boolean(),
  /** USD value the customer may still withdraw today (null: no limit). */
  daily_left_usd: decimalString.nullable(),
  code_ttl_minutes: z.number().int(),
});
export type WithdrawalTerms = z.infer<typeof withdrawalTermsSchema>;
export const withdrawalTermsResponseSchema = envelope(withdrawalTermsSchema);

/** POST /withdrawals: the amount (read as text, so the rules answer in order) and the second factor. */
export const requestWithdrawalSchema = z.object({
  asset: assetField,
  amount: wireDecimal,
  ...twoFactorFields,
});
export type RequestWithdrawalBody = z.input<typeof requestWithdrawalSchema>;

/** POST /withdrawals/confirm: the code mailed for one withdrawal. */
export const confirmWithdrawalSchema = z.object({
  withdrawal_id: withdrawalId,
  code: z.string().trim().max(12),
});
export type ConfirmWithdrawalBody = z.input<typeof confirmWithdrawalSchema>;

/** POST /withdrawals/cancel. */
export const cancelWithdrawalSchema = z.object({ withdrawal_id: withdrawalId });
export type CancelWithdrawalBody = z.input<typeof cancelWithdrawalSchema>;

/** One withdrawal as its owner sees it. */
export const withdrawalItemSchema = z.object({
  _id: z.string(),
  asset: z.string(),
  method: z.enum(['paypal', 'chain']),
  destination: z.string(),
  amount: decimalString,
  fee: decimalString,
  receive: decimalString,
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Why it was rejected or failed. */
  reason: z.string().nullable(),
  /** The payout's reference at PayPal, later the transaction hash. */
  reference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItemSchema>;
export const withdrawalResponseSchema = envelope(withdrawalItemSchema);
export type WithdrawalResponse = z.infer<typeof withdrawalResponseSchema>;

/** GET /withdrawals: the signed-in customer's, newest first, paged. */
export const withdrawalListQuerySchema = pagingSchema({ defaultLimit: 10, maxLimit: 100 });
export const withdrawalListResponseSchema = envelope(page(withdrawalItemSchema));
export type WithdrawalListResponse = z.infer<typeof withdrawalListResponseSchema>;

/**
 * POST /admin/withdrawals: paged, searched by the customer's name or e-mail, sorted by time or USD
 * value, optionally by status (the queue is PENDING_APPROVAL).
 */
export const adminWithdrawalListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: {
    values: { '-createdAt': 'created_desc', createdAt: 'created_asc', '-value': 'value_desc' },
    default: '-createdAt',
  },
  filters: { status: z.enum(WITHDRAWAL_STATUSES).optional() },
});
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
});
export type AdminWithdrawalItem = z.infer<typeof adminWithdrawalItemSchema>;
export const adminWithdrawalListResponseSchema = envelope(page(adminWithdrawalItemSchema));
export type AdminWithdrawalListResponse = z.infer<typeof adminWithdrawalListResponseSchema>;

/** POST /admin/withdrawals/approve and /reject (a rejection needs a reason). */
export const adminApproveWithdrawalSchema = z.object({ withdrawal_id: withdrawalId });
export const adminRejectWithdrawalSchema = z.object({
  withdrawal_id: withdrawalId,
  reason: z.string().trim().max(WITHDRAWAL_REASON_MAX).optional().default(''),
});
export type AdminRejectWithdrawalBody = z.input<typeof adminRejectWithdrawalSchema>;
