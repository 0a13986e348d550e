import { z } from 'zod';
import { sortFields, statusField } from './admin-lists';
import { ROLES } from './auth';
import { decimalString, envelope } from './envelope';
import { kycRecordSchema } from './kyc';
import { messages as m } from './messages';
import { ADMIN_MAX_LIMIT, ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, pagingSchema } from './paging';
import { referralSummarySchema } from './referrals';
import { walletSchema, walletTransactionSchema } from './wallet';

// Admin users (spec sections 2 and 7): the user list, one user's information, disabling an account
// (what the spec's "Delete" does here) and the admin audit log.

export const ACCOUNT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The columns the user list sorts by (issue 46 point 7). */
export const USER_LIST_SORTS = ['createdAt', 'name', 'email'] as const;

/**
 * POST /admin/get-all-users (and GET /admin/get-all-users/export.csv with the same query): paged,
 * sorted by a column (newest first by default), in one account status when asked, searched by name,
 * e-mail or phone on the server. The spec's client sends every field but search empty.
 */
export const adminUserListRequestSchema = pagingSchema({
  defaultLimit: ADMIN_PAGE_SIZE,
  maxLimit: ADMIN_MAX_LIMIT,
  searchMax: ADMIN_SEARCH_MAX,
  orderBy: { values: { asc: 'asc', desc: 'desc' }, default: 'desc' },
  filters: { ...sortFields(USER_LIST_SORTS, 'createdAt'), ...statusField(ACCOUNT_STATUSES) },
});
export type AdminUserListRequest = z.input<typeof adminUserListRequestSchema>;

export const adminUserListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  country_code: z.string(),
  mobile_no: z.string(),
  profile_pic: z.string(),
  role: z.enum(['USER', 'ADMIN']),
  status: z.enum(ACCOUNT_STATUSES),
  is_kyc_verified: z.boolean(),
  /** An admin froze the account's withdrawals (trading stays on). */
  withdrawals_frozen: z.boolean(),
  /** The newest KYC submission, for the list's link to its details (empty when none). */
  kycdata: z.array(z.object({ _id: z.string(), status: z.string() })),
  /** The first wallet currency's (USD) available balance. */
  wallet_usd: decimalString,
  createdAt: z.string(),
});
export type AdminUserListItem = z.infer<typeof adminUserListItemSchema>;

export const adminUserListResponseSchema = envelope(
  z.object({
    content: z.array(adminUserListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type AdminUserListResponse = z.infer<typeof adminUserListResponseSchema>;

/** POST /admin/get-userDetails {userId}. */
export const adminUserDetailsRequestSchema = z.object({ userId: z.uuid({ error: m.adminUserNotFound }) });
export type AdminUserDetailsRequest = z.input<typeof adminUserDetailsRequestSchema>;

export const adminUserDetailsSchema = z.object({
  userData: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    country_code: z.string(),
    mobile_no: z.string(),
    profile_pic: z.string(),
    status: z.enum(ACCOUNT_STATUSES),
    role: z.enum(['USER', 'ADMIN']),
    is_kyc_verified: z.boolean(),
    withdrawals_frozen: z.boolean(),
    /** The admin's reason for the freeze (null when not frozen). */
    withdrawals_frozen_reason: z.string().nullable(),
    createdAt: z.string(),
  }),
  referalInfo: referralSummarySchema,
  /** The user's KYC submissions, newest first. */
  kycData: z.array(kycRecordSchema),
  /** The referrals the user made (spec: user {name}, createdAt, ref_amount, status). */
  resp: z.array(
    z.object({
      _id: z.string(),
      user: z.object({ name: z.string() }),
      createdAt: z.string(),
      ref_amount: decimalString,
      asset: z.string(),
      status: z.string(),
    }),
  ),
  /** The newest wallet transactions (the spec's spelling). */
  trasationData: z.array(walletTransactionSchema),
  walletData: z.object({ wallet: walletSchema }),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;
export const adminUserDetailsResponseSchema = envelope(adminUserDetailsSchema);
export type AdminUserDetailsResponse = z.infer<typeof adminUserDetailsResponseSchema>;

/** An admin's reason for an action on a customer's account, mailed to them and kept in the audit log. */
export const ADMIN_REASON_MAX = 500;
const adminReason = z.string().trim().max(ADMIN_REASON_MAX).optional();

/**
 * POST /admin/set-user-status: disable (the spec's "Delete", now "Disable") or re-enable an account.
 * Disabling names its reason.
 */
export const adminSetUserStatusRequestSchema = z
  .object({
    userId: z.uuid({ error: m.adminUserNotFound }),
    status: z.enum(ACCOUNT_STATUSES),
    reason: adminReason,
  })
  .refine((body) => body.status !== 'DISABLED' || Boolean(body.reason), {
    path: ['reason'],
    message: m.adminActionReasonRequired,
  });
export type AdminSetUserStatusRequest = z.input<typeof adminSetUserStatusRequestSchema>;
export const adminSetUserStatusResponseSchema = envelope(
  z.object({
    status: z.enum(ACCOUNT_STATUSES),
    /** Open limit orders cancelled (their holds released) when the account was disabled. */
    cancelled_orders: z.number().int(),
  }),
);
export type AdminSetUserStatusResponse = z.infer<typeof adminSetUserStatusResponseSchema>;

/**
 * POST /admin/set-withdrawal-freeze: freeze (with a reason) or unfreeze a customer's withdrawals: coin
 * and USD withdrawals and NFT send-outs are refused while frozen; trading stays on.
 */
export const adminSetWithdrawalFreezeRequestSchema = z
  .object({
    userId: z.uuid({ error: m.adminUserNotFound }),
    frozen: z.boolean(),
    reason: adminReason,
  })
  .refine((body) => !body.frozen || Boolean(body.reason), {
    path: ['reason'],
    message: m.adminActionReasonRequired,
  });
export type AdminSetWithdrawalFreezeRequest = z.input<typeof adminSetWithdrawalFreezeRequestSchema>;
export const adminSetWithdrawalFreezeResponseSchema = envelope(
  z.object({ withdrawals_frozen: z.boolean(), reason: z.string().nullable() }),
);
export type AdminSetWithdrawalFreezeResponse = z.infer<typeof adminSetWithdrawalFreezeResponseSchema>;

/** POST /admin/set-user-role: make a customer an admin or an admin a customer; their sign-ins end. */
export const adminSetUserRoleRequestSchema = z.object({
  userId: z.uuid({ error: m.adminUserNotFound }),
  role: z.enum(ROLES),
});
export type AdminSetUserRoleRequest = z.input<typeof adminSetUserRoleRequestSchema>;
export const adminSetUserRoleResponseSchema = envelope(z.object({ role: z.enum(ROLES) }));
