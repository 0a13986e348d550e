import { z } from 'zod';
import { decimalString, envelope, page } from './envelope';
import { pagingSchema } from './paging';

// Proof of reserves (issue 49): the public reports, a customer's own inclusion proof, and the admin's
// "make a report now". The tree and its byte layout: packages/domain/src/reserves, docs/proof-of-reserves.md.

const hex32 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 32 bytes of lower-case hex');
/** A whole number of minor units, as a string (a tree's sums and balances). */
const minorUnits = z.string().regex(/^-?\d{1,20}$/, 'must be a whole number of minor units');

/** GET /reserves/reports: newest first. */
export const reserveReportListRequestSchema = pagingSchema({ defaultLimit: 10, maxLimit: 50 });
export type ReserveReportListRequest = z.input<typeof reserveReportListRequestSchema>;

export const reserveReportIdParamsSchema = z.object({ id: z.uuid() });

/** Per asset: what customers are owed, what the report proves the exchange holds, and their ratio. */
export const reserveAssetLineSchema = z.object({
  asset: z.string(),
  liabilities: decimalString,
  assets: decimalString,
  /** assets / liabilities to four places (cut, never rounded up); null when nothing is owed. */
  ratio: decimalString.nullable(),
  /** 'chain': proven by addresses and signatures; 'statement': the operator's word (USD at the provider). */
  source: z.enum(['chain', 'statement', 'none']),
});
export type ReserveAssetLine = z.infer<typeof reserveAssetLineSchema>;

/** One address the exchange controls, its balance of one coin at the report's block, and its signed message. */
export const reserveAddressProofSchema = z.object({
  chain: z.string(),
  chain_name: z.string(),
  asset: z.string(),
  role: z.enum(['hot', 'deposit', 'cold']),
  address: z.string(),
  balance: decimalString,
  block_number: z.string(),
  /** The hash of that block where the node names it (a Bitcoin-family UTXO scan answers it). */
  block_hash: z.string().optional(),
  /**
   * The message the address signed (EIP-191 on EVM chains, a Bitcoin-family signed message on UTXO
   * chains); null for a cold wallet, whose key the server never holds.
   */
  message: z.string().nullable(),
  signature: z.string().nullable(),
  explorer_url: z.string().nullable(),
});
export type ReserveAddressProof = z.infer<typeof reserveAddressProofSchema>;

export const reserveReportSummarySchema = z.object({
  _id: z.string(),
  seq: z.number().int(),
  created_at: z.string(),
  trigger: z.enum(['SCHEDULE', 'ADMIN']),
  root_hash: hex32,
  report_hash: hex32,
  previous_hash: hex32.nullable(),
  leaf_count: z.number().int(),
  lines: z.array(reserveAssetLineSchema),
});
export type ReserveReportSummary = z.infer<typeof reserveReportSummarySchema>;

export const reserveReportSchema = reserveReportSummarySchema.extend({
  /** The fixed asset order of every leaf's balances and every node's sums. */
  assets: z.array(z.string()),
  /** Per asset, the tree's root sums (liabilities) in minor units, in `assets` order. */
  totals: z.array(minorUnits),
  address_proofs: z.array(reserveAddressProofSchema),
  /** USD at the payment provider as the operator states it: not provable on chain. */
  usd_statement: decimalString.nullable(),
});
export type ReserveReport = z.infer<typeof reserveReportSchema>;

export const reserveReportListResponseSchema = envelope(page(reserveReportSummarySchema));
export type ReserveReportListResponse = z.infer<typeof reserveReportListResponseSchema>;
export const reserveReportResponseSchema = envelope(reserveReportSchema);
export type ReserveReportResponse = z.infer<typeof reserveReportResponseSchema>;

/**
 * A customer's proof, as the page shows it and the JSON file holds it: enough for the standalone
 * verifier (verifier/) to recompute the root with nothing else.
 */
export const reserveProofSchema = z.object({
  version: z.literal(1),
  report: z.object({
    _id: z.string(),
    created_at: z.string(),
    root_hash: hex32,
    assets: z.array(z.string()),
    /** Decimal places of each asset's minor unit, in `assets` order (for showing amounts). */
    scales: z.array(z.number().int()),
    totals: z.array(minorUnits),
  }),
  leaf: z.object({
    account_id: z.string(),
    salt: hex32,
    balances: z.array(minorUnits),
  }),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: hex32, sums: z.array(minorUnits) })),
});
export type ReserveProof = z.infer<typeof reserveProofSchema>;
export const reserveProofResponseSchema = envelope(reserveProofSchema);
export type ReserveProofResponse = z.infer<typeof reserveProofResponseSchema>;

/** POST /admin/reserves/reports: a report now; USD at the provider as the operator states it, if given. */
export const adminCreateReserveReportRequestSchema = z
  .object({ usd_statement: decimalString.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type AdminCreateReserveReportRequest = z.input<typeof adminCreateReserveReportRequestSchema>;
