import {
  type AssetCode,
  formatMinor,
  getAsset,
  isAssetCode,
  type Rejected,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATUSES,
  type WithdrawalAmountRejection,
} from '@exchange/domain';
import { z } from 'zod';
import { decimalString, envelope, page, wireDecimal } from './envelope';
import { formatMessage, messages as m } from './messages';
import { pagingSchema } from './paging';

// Withdrawals (issue 38): USD to the customer's PayPal e-mail now, coins on a chain later.

export { WITHDRAWAL_METHODS, WITHDRAWAL_RISK_FLAGS, WITHDRAWAL_STATUSES } from '@exchange/domain';

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

const chainKey = z.string().trim().min(1).max(32);
/** A 0x address as typed: its EIP-55 checksum (when mixed-case) is checked by the domain's rule. */
const chainAddress = z.string().trim().max(64);

/** A chain a coin can leave on, as the withdraw form offers it. */
export const withdrawalChainSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Base URL of the chain's explorer, null when none is configured. */
  explorer_url: z.string().nullable(),
  /**
   * A Bitcoin-family chain's bech32 part ('ltc', 'rltc'): its addresses are segwit ones under it (issue
   * 47). Absent or null: an EVM chain (EIP-55 addresses).
   */
  address_prefix: z.string().nullable().optional(),
});
export type WithdrawalChain = z.infer<typeof withdrawalChainSchema>;

/**
 * GET /withdrawals/terms?asset=USD, or ?asset=ETH&chain=ethereum: what the form shows before anything
 * is asked. A coin without `chain` answers for its first chain; `chains` lists every one it can leave on.
 */
export const withdrawalTermsQuerySchema = z.object({ asset: assetField, chain: chainKey.optional() });
export const withdrawalTermsSchema = z.object({
  asset: z.string(),
  method: z.enum(WITHDRAWAL_METHODS),
  /** Where it goes: the PayPal e-mail on the profile; '' for a coin (the customer names the address). */
  destination: z.string(),
  /** The chain these terms are for (coins), null for PayPal. */
  chain: withdrawalChainSchema.nullable(),
  /** Every chain the coin can leave on (empty for PayPal). */
  chains: z.array(withdrawalChainSchema),
  /** Hours a new address-book entry waits before it can be withdrawn to. */
  address_cool_down_hours: z.number().int(),
  minimum: decimalString,
  fee: decimalString,
  /**
   * Decimal places an amount may have: the fewer of the ledger's and the chain's (USDT: 6 on
   * Ethereum, though the ledger keeps 8); the asset's scale for PayPal.
   */
  precision: z.number().int().min(0),
  available: decimalString,
  two_factor_on: z.boolean(),
  /**
   * When the pause after a security change (password, two-factor turned on) ends, as an ISO time;
   * null when withdrawals are not paused. The form is still checked during the pause.
   */
  paused_until: z.string().nullable(),
  /** USD value the customer may still withdraw today (null: no limit). */
  daily_left_usd: decimalString.nullable(),
  code_ttl_minutes: z.number().int(),
});
export type WithdrawalTerms = z.infer<typeof withdrawalTermsSchema>;
export const withdrawalTermsResponseSchema = envelope(withdrawalTermsSchema);

/**
 * The catalogue's words for the domain's refusal of a withdrawal amount (checkWithdrawalAmount), as
 * the server answers it and the withdraw forms show it: `below_minimum`'s minor units in the asset.
 */
export function withdrawalAmountMessage(
  rejected: Rejected<WithdrawalAmountRejection>,
  assetText: string,
): string {
  const params = rejected.params ?? {};
  switch (rejected.code) {
    case 'asset_not_withdrawable':
      return m.withdrawalNotWithdrawable;
    case 'amount_required':
      return m.withdrawalAmountRequired;
    case 'amount_invalid':
      return m.withdrawalAmountInvalid;
    case 'amount_precision_exceeded':
      return formatMessage(m.withdrawalAmountPrecision, { precision: params.precision ?? '' });
    case 'below_minimum': {
      const scale = isAssetCode(assetText) ? getAsset(assetText as AssetCode).scale : 2;
      const minimum = formatMinor(BigInt(params.minimum ?? '0'), scale);
      return formatMessage(m.withdrawalBelowMinimum, { minimum, asset: assetText });
    }
  }
}

/** POST /withdrawals: the amount (read as text, so the rules answer in order) and the second factor. */
export const requestWithdrawalSchema = z.object({
  asset: assetField,
  amount: wireDecimal,
  /** Coins: the chain, and either a typed destination address or an address-book entry. */
  chain: chainKey.optional(),
  address: chainAddress.optional(),
  address_id: z.uuid().optional(),
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
  method: z.enum(WITHDRAWAL_METHODS),
  destination: z.string(),
  amount: decimalString,
  fee: decimalString,
  receive: decimalString,
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Why it was rejected or failed. */
  reason: z.string().nullable(),
  /** The payout's reference at PayPal, or the transaction hash on a chain. */
  reference: z.string().nullable(),
  /** Coins: the chain's key, its transaction hash once signed, and the explorer link to it. */
  chain: z.string().nullable(),
  tx_hash: z.string().nullable(),
  explorer_url: z.string().nullable(),
  /** The address-book label of the destination, when it came from the book. */
  label: z.string().nullable(),
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

/** POST /admin/withdrawals/approve and /reject (a rejection needs a reason). */
export const adminApproveWithdrawalSchema = z.object({ withdrawal_id: withdrawalId });
export const adminRejectWithdrawalSchema = z.object({
  withdrawal_id: withdrawalId,
  reason: z.string().trim().max(WITHDRAWAL_REASON_MAX).optional().default(''),
});
export type AdminRejectWithdrawalBody = z.input<typeof adminRejectWithdrawalSchema>;

/** The longest label of an address-book entry. */
export const WITHDRAWAL_ADDRESS_LABEL_MAX = 40;

/** One entry of the customer's address book: a labelled destination on a chain. */
export const withdrawalAddressSchema = z.object({
  _id: z.string(),
  chain: z.string(),
  /** EIP-55 checksummed. */
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
  /** When the entry may first be withdrawn to (the cool-down after adding it). */
  usable_at: z.string(),
});
export type WithdrawalAddress = z.infer<typeof withdrawalAddressSchema>;

/** GET /withdrawals/addresses?chain=ethereum&search=...: the caller's book, paged and searched on the server. */
export const withdrawalAddressListQuerySchema = pagingSchema({
  defaultLimit: 20,
  maxLimit: 100,
  searchMax: 64,
  filters: { chain: chainKey.optional() },
});
export const withdrawalAddressListResponseSchema = envelope(page(withdrawalAddressSchema));
export type WithdrawalAddressListResponse = z.infer<typeof withdrawalAddressListResponseSchema>;

/** POST /withdrawals/addresses: add an entry (two-factor code required, as for a withdrawal). */
export const addWithdrawalAddressSchema = z.object({
  chain: chainKey,
  address: chainAddress,
  label: z.string().trim().max(WITHDRAWAL_ADDRESS_LABEL_MAX),
  ...twoFactorFields,
});
export type AddWithdrawalAddressBody = z.input<typeof addWithdrawalAddressSchema>;
export const withdrawalAddressResponseSchema = envelope(withdrawalAddressSchema);

/** POST /withdrawals/addresses/remove. */
export const removeWithdrawalAddressSchema = z.object({ address_id: z.uuid() });
export type RemoveWithdrawalAddressBody = z.input<typeof removeWithdrawalAddressSchema>;

/**
 * GET /admin/hot-wallet: the hot wallet of each chain and what it holds per coin, read from the chain,
 * beside what approved withdrawals waiting to be sent need; `covered` false means they wait.
 */
export const hotWalletLineSchema = z.object({
  chain: z.string(),
  chain_name: z.string(),
  asset: z.string(),
  /** EIP-55 checksummed hot wallet address. */
  address: z.string(),
  balance: decimalString,
  /** Approved and sent withdrawals not yet completed, in the coin. */
  pending_withdrawals: decimalString,
  covered: z.boolean(),
});
export type HotWalletLine = z.infer<typeof hotWalletLineSchema>;
/**
 * A transaction of the chain sender that is stuck (issue 43): a node refused it or counts fewer
 * transactions of its address than its nonce. It keeps its nonce and nothing is refunded until one of
 * its hashes, or its cancel (a zero-value transfer to itself with that nonce), is mined deep enough.
 */
export const stuckChainTxSchema = z.object({
  _id: z.string(),
  chain: z.string(),
  purpose: z.string(),
  /** The withdrawal's, sweep's or NFT's id. */
  reference: z.string(),
  from_address: z.string(),
  nonce: z.number().int().nullable(),
  tx_hash: z.string().nullable(),
  reason: z.string(),
  /** ISO time it has been stuck since. */
  stuck_since: z.string(),
  /** The latest cancel's hash, null before one is sent. */
  cancel_hash: z.string().nullable(),
});
export type StuckChainTx = z.infer<typeof stuckChainTxSchema>;
export const hotWalletResponseSchema = envelope(
  z.object({ content: z.array(hotWalletLineSchema), stuck: z.array(stuckChainTxSchema) }),
);
export type HotWalletResponse = z.infer<typeof hotWalletResponseSchema>;
