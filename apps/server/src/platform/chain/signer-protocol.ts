import { createHmac, timingSafeEqual } from 'node:crypto';
import { BITCOIN_NETWORK_PREFIXES } from '@exchange/domain';
import { z } from 'zod';

/**
 * How the web process talks to the signer process (issue 43, item 5; docs/custody.md): JSON over HTTP
 * on a loopback address or a Unix socket, every request authenticated with SIGNER_SECRET as an
 * HMAC-SHA256 over its time, method, path and body. A request older or newer than MAX_SKEW_MS is
 * refused, so a captured one is good for seconds only (and signing the same row again gives the same
 * bytes). The secret itself never travels and is never logged.
 */

export const SIGNER_TIME_HEADER = 'x-signer-time';
export const SIGNER_MAC_HEADER = 'x-signer-mac';
export const MAX_SKEW_MS = 30_000;

const wei = z.string().regex(/^\d{1,78}$/);
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/** POST /sign: the outbox row's id and the transaction the web process wants for it. */
export const signBodySchema = z.object({
  kind: z.enum(['transaction', 'cancel', 'development-restore']),
  outbox_id: z.uuid().nullable(),
  key: z.string().regex(/^(hot|deposit:\d{1,10})$/),
  chain_id: z.number().int().positive(),
  nonce: z.number().int().min(0),
  to: address,
  value: wei,
  data: hex.nullable(),
  gas: wei,
  max_fee_per_gas: wei,
  max_priority_fee_per_gas: wei,
});
export type SignBody = z.infer<typeof signBodySchema>;

/**
 * POST /sign-reserves (issue 49): the key and the report only. The signer writes the attestation
 * itself (domain's reservesAttestation) with its key's own address, so no caller chooses the words.
 */
export const signReservesBodySchema = z.object({
  key: z.string().regex(/^(hot|deposit:\d{1,10})$/),
  report_id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
});
export type SignReservesBody = z.infer<typeof signReservesBodySchema>;
export const signReservesAnswerSchema = z.object({ address, message: z.string(), signature: hex });

/**
 * POST /sign-reserves-bitcoin (issue 49): the same for a Bitcoin-family key, named by its BIP-84
 * coin type, network, change and index; the signer derives the address and writes the text itself.
 */
export const signReservesBitcoinBodySchema = z.object({
  coin_type: z.number().int().min(0).max(0x7fffffff),
  network_prefix: z.enum(BITCOIN_NETWORK_PREFIXES),
  change: z.union([z.literal(0), z.literal(1)]),
  index: z.number().int().min(0).max(0x7fffffff),
  report_id: signReservesBodySchema.shape.report_id,
});
export const signReservesBitcoinAnswerSchema = z.object({
  address: z.string().regex(/^[a-z]{2,4}1[02-9ac-hj-np-z]{8,87}$/),
  message: z.string(),
  signature: z.string().regex(/^[A-Za-z0-9+/]{87}=$/),
});

/**
 * POST /sign-bitcoin-batch (issue 47): a Bitcoin-family withdrawal batch as the UTXO sender stores it
 * (its PSBT and each input's change/index) and the payments its withdrawals make, in output order.
 * The signer reads the batch and its withdrawals itself and signs only when they are these, and only
 * after bitcoin-signer.ts's own check of the outputs and inputs.
 */
export const signBitcoinBatchBodySchema = z.object({
  chain: z.string().regex(/^[a-z0-9-]{1,32}$/),
  batch_id: z.uuid(),
  network_prefix: z.enum(BITCOIN_NETWORK_PREFIXES),
  coin_type: signReservesBitcoinBodySchema.shape.coin_type,
  psbt: z
    .string()
    .max(900_000)
    .regex(/^[A-Za-z0-9+/]+=*$/),
  input_paths: z
    .array(z.string().regex(/^(0|1)\/\d{1,9}$/))
    .min(1)
    .max(5_000),
  payments: z
    .array(
      z.object({
        address: signReservesBitcoinAnswerSchema.shape.address,
        sats: z.string().regex(/^[1-9]\d{0,17}$/),
      }),
    )
    .min(1)
    .max(1_000),
});
export type SignBitcoinBatchBody = z.infer<typeof signBitcoinBatchBodySchema>;
export const signBitcoinBatchAnswerSchema = z.object({ raw: z.string().regex(/^([0-9a-f]{2})+$/) });

/**
 * GET /identity: what the web process may know: the hot wallet's address, the deposit xpub, and the
 * BIP-84 account xpub of each Bitcoin-family coin type (issue 47, by SLIP-44 number: '0', '1', '2'), so
 * Litecoin deposit and change addresses are the signer's keys as the EVM deposit addresses are.
 */
export const identitySchema = z.object({
  hot_address: address,
  xpub: z.string().startsWith('xpub'),
  bitcoin_xpubs: z.record(z.string().regex(/^\d{1,10}$/), z.string().startsWith('xpub')).optional(),
});
export type SignerIdentity = z.infer<typeof identitySchema>;

export function signerMac(secret: string, time: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${time}\n${method}\n${path}\n${body}`).digest('hex');
}

/** Whether a request carries a fresh, correct MAC (constant-time compare). */
export function verifySignerMac(
  secret: string,
  request: { time: string | undefined; mac: string | undefined; method: string; path: string; body: string },
  nowMs: number,
): boolean {
  if (!request.time || !request.mac || !/^\d{1,16}$/.test(request.time)) return false;
  if (Math.abs(nowMs - Number(request.time)) > MAX_SKEW_MS) return false;
  const expected = Buffer.from(signerMac(secret, request.time, request.method, request.path, request.body));
  const given = Buffer.from(request.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Whether a host names this machine only (the signer refuses to listen anywhere else). */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
