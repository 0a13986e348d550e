import { z } from 'zod';
import { decimalString, envelope } from './envelope';

/**
 * The admin's view of Bitcoin-family withdrawal batches not yet confirmed (issue 47) and the
 * replace-by-fee action on one: GET /admin/withdrawals/utxo-batches and
 * POST /admin/withdrawals/utxo-batches/speed-up.
 */
export const utxoBumpRefusalSchema = z.enum([
  'not_broadcast',
  'already_mined',
  'change_too_small',
  'fee_cap',
  'node_refused',
]);
export type UtxoBumpRefusal = z.infer<typeof utxoBumpRefusalSchema>;

export const adminUtxoBatchSchema = z.object({
  _id: z.string(),
  chain: z.string(),
  asset: z.string(),
  status: z.string(),
  txid: z.string().nullable(),
  /** What the current version pays the network, in the coin. */
  fee: decimalString,
  fee_rate: z.number().int(),
  withdrawals: z.number().int(),
  broadcast_at: z.string().nullable(),
  replaced_txids: z.array(z.string()),
  /** Why the last bump could not be made or was refused by the node; null when none was. */
  last_refusal: utxoBumpRefusalSchema.nullable(),
  /** The node's own words for a refused replacement. */
  last_refusal_detail: z.string().nullable(),
  /** What a speed-up now would pay, or null with `bump_refusal` saying why it cannot be made. */
  bump: z.object({ fee: decimalString, fee_rate: z.number().int() }).nullable(),
  bump_refusal: utxoBumpRefusalSchema.nullable(),
});
export type AdminUtxoBatch = z.infer<typeof adminUtxoBatchSchema>;
export const adminUtxoBatchesResponseSchema = envelope(z.array(adminUtxoBatchSchema));
export type AdminUtxoBatchesResponse = z.infer<typeof adminUtxoBatchesResponseSchema>;

export const adminSpeedUpUtxoBatchSchema = z.object({ batch_id: z.string().uuid() });
export type AdminSpeedUpUtxoBatchRequest = z.infer<typeof adminSpeedUpUtxoBatchSchema>;
export const adminSpeedUpUtxoBatchResponseSchema = envelope(
  z.object({
    batch_id: z.string(),
    replaced_txid: z.string(),
    fee: decimalString,
    fee_rate: z.number().int(),
  }),
);
export type AdminSpeedUpUtxoBatchResponse = z.infer<typeof adminSpeedUpUtxoBatchResponseSchema>;
