import { ok, type Result, reject } from '@exchange/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { utxoBatches, utxoBatchWithdrawals, withdrawals } from '../db/schema';
import { coinUnitsOf } from '../features/withdrawals/utxo-sends/utxo-units';
import { BitcoinSignRefused } from '../platform/chain/bitcoin/bitcoin-signer';
import type { SignBitcoinBatchBody } from '../platform/chain/signer-protocol';
import type { SignerDeps } from './sign-outbox-row';

/**
 * The signer process's Bitcoin-family batch (issue 47): it reads the batch the web process names and
 * the withdrawals it pays ITSELF, and signs only when the request is that batch (its PSBT and input
 * paths as stored, still SIGNING) paying exactly those withdrawals (each SENT by that batch, amount
 * less fee, in output order). Then the same check the in-process signer makes (bitcoin-signer.ts:
 * outputs are the payments and change to its own internal address, inputs its own keys) signs it.
 */

export type BitcoinBatchRefusal =
  | 'unknown_batch'
  | 'batch_not_signing'
  | 'batch_differs'
  | 'record_differs'
  | 'record_not_approved'
  | 'batch_refused'
  | 'no_bitcoin_keys';

export async function signBitcoinBatchRequest(
  deps: SignerDeps,
  body: SignBitcoinBatchBody,
): Promise<Result<string, BitcoinBatchRefusal>> {
  const sign = deps.config.keys.signBitcoinBatch;
  if (!sign) return reject('no_bitcoin_keys');
  const [batch] = await deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, body.batch_id));
  if (!batch || batch.chain !== body.chain) return reject('unknown_batch');
  if (batch.status !== 'SIGNING') return reject('batch_not_signing');
  const samePaths =
    batch.inputPaths.length === body.input_paths.length &&
    batch.inputPaths.every((path, i) => path === body.input_paths[i]);
  if (batch.psbt !== body.psbt || !samePaths) return reject('batch_differs');
  const links = await deps.db
    .select()
    .from(utxoBatchWithdrawals)
    .where(eq(utxoBatchWithdrawals.batchId, batch.id))
    .orderBy(asc(utxoBatchWithdrawals.vout));
  if (links.length !== body.payments.length) return reject('record_differs');
  const rows = await deps.db
    .select()
    .from(withdrawals)
    .where(
      inArray(
        withdrawals.id,
        links.map((link) => link.withdrawalId),
      ),
    );
  for (const [i, link] of links.entries()) {
    const row = rows.find((one) => one.id === link.withdrawalId);
    const asked = body.payments[i]!;
    if (!row || row.chain !== body.chain || row.method !== 'chain') return reject('record_differs');
    if (row.status !== 'SENT') return reject('record_not_approved');
    if (row.destination !== asked.address || coinUnitsOf(row) !== BigInt(asked.sats))
      return reject('record_differs');
  }
  try {
    const raw = await sign({
      chain: body.chain,
      batchId: body.batch_id,
      networkPrefix: body.network_prefix,
      coinType: body.coin_type,
      psbt: body.psbt,
      inputPaths: body.input_paths,
      payments: body.payments.map((payment) => ({ address: payment.address, sats: BigInt(payment.sats) })),
    });
    deps.logger.info(
      { chain: body.chain, batch: body.batch_id, outputs: body.payments.length },
      'signer: signed a Bitcoin-family withdrawal batch',
    );
    return ok(raw);
  } catch (error) {
    if (!(error instanceof BitcoinSignRefused)) throw error;
    deps.logger.warn(
      { chain: body.chain, batch: body.batch_id, reason: error.message },
      'signer: refused a Bitcoin-family batch',
    );
    return reject('batch_refused');
  }
}
