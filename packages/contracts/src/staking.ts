import { ASSET_CODES, STAKE_STATUSES } from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, wireDecimal } from './envelope';
import { pagingSchema } from './paging';
import { walletSchema } from './wallet';

/**
 * Staking on the wire (spec sections 3, 4 and 7). APYs are percent texts ('8.00'), amounts decimal
 * strings at the coin's scale. The server checks a stake in the spec's order ('Please Select
 * Duration', 'Please Select Stake Amount', the minimum, 'Insufficient amount'), so the request schemas
 * accept the fields loosely and the rules answer with the spec's messages.
 */

// ---------------------------------------------------------------- GET /stake/options

export const stakeVariantSchema = z.object({
  /** Days the stake is locked for. */
  duration: z.number().int(),
  /** Annual percentage yield, like '8.00'. */
  apy: decimalString,
  min_amount: decimalString,
});
export type StakeVariantView = z.infer<typeof stakeVariantSchema>;

export const stakeOptionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  symbol: z.enum(ASSET_CODES),
  image_url: z.string(),
  variants: z.array(stakeVariantSchema),
});
export type StakeOption = z.infer<typeof stakeOptionSchema>;
export const stakeOptionsResponseSchema = envelope(z.array(stakeOptionSchema));
export type StakeOptionsResponse = z.infer<typeof stakeOptionsResponseSchema>;

// ---------------------------------------------------------------- POST /stake/create

/**
 * The spec's payload. Its `user_id` is not named, so the schema drops it unread: a stake is always the
 * signed-in user's.
 * `days` picks the option's variant. An `Idempotency-Key` header makes a retry return the first answer.
 */
export const createStakeRequestSchema = z.object({
  stake_option_id: z.string().max(64),
  starting_balance: wireDecimal,
  days: z.union([z.number().int(), z.string().max(8)]).nullish(),
});
export type CreateStakeRequest = z.input<typeof createStakeRequestSchema>;
/** The request after parsing: the amount read as text (see wireDecimal). */
export type CreateStakeBody = z.output<typeof createStakeRequestSchema>;

/**
 * A stake (spec section 3). `starting_balance` is the principal; `closing_balance` the payout
 * (principal plus interest, rounded down) it earns at maturity; `interest_rate` the APY in percent.
 * `matured` says its end date has passed on the server's clock, so an ACTIVE one can be closed or
 * restaked.
 */
export const stakeSchema = z.object({
  _id: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  starting_balance: decimalString,
  closing_balance: decimalString,
  currency_code: z.enum(ASSET_CODES),
  days: z.number().int(),
  interest_rate: decimalString,
  status: z.enum(STAKE_STATUSES),
  matured: z.boolean(),
  createdAt: z.string(),
});
export type Stake = z.infer<typeof stakeSchema>;

export const stakeWalletResponseSchema = envelope(z.object({ wallet: walletSchema }));
export type StakeWalletResponse = z.infer<typeof stakeWalletResponseSchema>;

// ---------------------------------------------------------------- GET /stake/user/all

export const STAKES_MAX_LIMIT = 500;

/** Paging and a search over coin and status; newest first. */
export const stakesQuerySchema = pagingSchema({
  defaultLimit: 100,
  maxLimit: STAKES_MAX_LIMIT,
  searchMax: 40,
});
export type StakesQuery = z.input<typeof stakesQuerySchema>;

/** The spec's shape (the list under `data`) with the paging figures beside it. */
export const stakesResponseSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.array(stakeSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type StakesResponse = z.infer<typeof stakesResponseSchema>;

// ---------------------------------------------------------------- POST /stake/close, /stake/re-stake

/** The spec's client also sends `user_id` on close; the schema drops it unread (the stake must be the caller's). */
export const stakeActionRequestSchema = z.object({
  stake_id: z.string().max(64),
});
export type StakeActionRequest = z.input<typeof stakeActionRequestSchema>;

export const stakeActionResponseSchema = envelope(z.object({ stake: stakeSchema, wallet: walletSchema }));
export type StakeActionResponse = z.infer<typeof stakeActionResponseSchema>;
