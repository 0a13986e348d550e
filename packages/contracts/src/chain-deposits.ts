import { z } from 'zod';
import { decimalString, envelope } from './envelope';
import { pagingSchema } from './paging';

// On-chain deposits (issue 37): which coins arrive on which chain, each customer's own deposit address,
// and the deposits seen on the chain. The server and the web both read these shapes.

/** A chain a coin can arrive on, as the deposit screen shows it. */
export const depositNetworkSchema = z.object({
  /** Our name for the chain, e.g. 'ethereum' or 'bsc': the key of its configuration. */
  chain: z.string(),
  /** What a person reads, e.g. 'Ethereum (ERC-20)'. */
  name: z.string(),
  /** The EVM chain id (1 mainnet, 31337 the local development chain). */
  chain_id: z.number().int(),
  /** The token's contract (checksummed), null for the chain's native coin. */
  token_contract: z.string().nullable(),
  /** The least that is credited; less is recorded as BELOW_MINIMUM and not credited. */
  min_deposit: decimalString,
  /** Blocks on top of a deposit's block before it is credited. */
  confirmations: z.number().int(),
  /** The explorer's base URL (a transaction is `${explorer_url}/tx/${hash}`), null when none is configured. */
  explorer_url: z.string().nullable(),
  /**
   * False when the coin arrives on this chain but cannot leave on it; absent, it leaves on the chains
   * it arrives on (Litecoin too since its UTXO sender, issue 47).
   */
  withdrawable: z.boolean().optional(),
  /** A Bitcoin-family chain's bech32 part ('ltc', 'rltc'); absent or null on an EVM chain. */
  address_prefix: z.string().nullable().optional(),
});
export type DepositNetwork = z.infer<typeof depositNetworkSchema>;

/** GET /wallet/deposit-networks: every coin that can arrive on a chain, with its chains. */
export const depositNetworksResponseSchema = envelope(
  z.array(z.object({ asset: z.string(), networks: z.array(depositNetworkSchema) })),
);
export type DepositNetworksResponse = z.infer<typeof depositNetworksResponseSchema>;

/** POST /wallet/deposit-address: the caller's own address for one coin on one chain (KYC-verified only). */
export const depositAddressRequestSchema = z.object({
  asset: z.string().trim().toUpperCase().min(1).max(10),
  chain: z.string().trim().min(1).max(32),
});
export type DepositAddressRequest = z.input<typeof depositAddressRequestSchema>;

export const depositAddressResponseSchema = envelope(
  z.object({
    asset: z.string(),
    network: depositNetworkSchema,
    /** EIP-55 checksummed; the same for the same customer and chain, always. */
    address: z.string(),
  }),
);
export type DepositAddressResponse = z.infer<typeof depositAddressResponseSchema>;

export const CHAIN_DEPOSIT_STATUSES = ['PENDING', 'CREDITED', 'BELOW_MINIMUM', 'DROPPED'] as const;
export type ChainDepositStatus = (typeof CHAIN_DEPOSIT_STATUSES)[number];

export const chainDepositSchema = z.object({
  _id: z.string(),
  asset: z.string(),
  chain: z.string(),
  amount: decimalString,
  tx_hash: z.string(),
  log_index: z.number().int(),
  /** Blocks on top of (and including) the deposit's block, as last seen. */
  confirmations: z.number().int(),
  required_confirmations: z.number().int(),
  status: z.enum(CHAIN_DEPOSIT_STATUSES),
  /** A link to the transaction on the chain's explorer, null when none is configured. */
  explorer_tx_url: z.string().nullable(),
  createdAt: z.string(),
  credited_at: z.string().nullable(),
});
export type ChainDeposit = z.infer<typeof chainDepositSchema>;

/** POST /wallet/chain-deposits: the caller's deposits, paged, searched (coin, tx hash, status), newest first. */
export const chainDepositsRequestSchema = pagingSchema({
  defaultLimit: 10,
  maxLimit: 100,
  searchMax: 100,
  orderBy: { values: { '-createdAt': 'desc', createdAt: 'asc' }, default: '-createdAt' },
});
export type ChainDepositsRequest = z.input<typeof chainDepositsRequestSchema>;

export const chainDepositsResponseSchema = envelope(
  z.object({
    content: z.array(chainDepositSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);
export type ChainDepositsResponse = z.infer<typeof chainDepositsResponseSchema>;

/** The private socket channel's event when a deposit is first seen, gains a confirmation or is credited. */
export const CHAIN_DEPOSIT_EVENT = 'chain_deposit';
