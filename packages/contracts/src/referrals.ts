import { z } from 'zod';
import { decimalString, envelope } from './envelope';

export const REFERRAL_STATUSES = ['PENDING', 'SUCCESS', 'REJECTED'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

// ---------------------------------------------------------------- GET /referal/getReferralByUser

export const referralSummarySchema = z.object({
  /** What the user earned from referrals, in USD (rewards are paid in USDT, counted 1:1), 2 decimals. */
  user_earned: decimalString,
  /** How many users signed up with the user's code. */
  total_users_used: z.number().int(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralSummaryResponseSchema = envelope(referralSummarySchema);
export type ReferralSummaryResponse = z.infer<typeof referralSummaryResponseSchema>;

// ---------------------------------------------------------------- GET /referal/getReferralList

export const referralItemSchema = z.object({
  _id: z.string(),
  referByName: z.string(),
  referToName: z.string(),
  /** The reward, a decimal string in `asset`. */
  ref_amount: decimalString,
  asset: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReferralItem = z.infer<typeof referralItemSchema>;

/** The spec's shape (the list under `data`), with the paging figures beside it. */
export const referralListResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(referralItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ReferralListResponse = z.infer<typeof referralListResponseSchema>;
