import {
  type AdminUtxoBatch,
  adminSpeedUpUtxoBatchResponseSchema,
  adminSpeedUpUtxoBatchSchema,
  adminUtxoBatchesResponseSchema,
  formatMessage,
  messages as m,
  type UtxoBumpRefusal,
} from '@exchange/contracts';
import { formatMinor, type Minor } from '@exchange/domain';
import { asc, eq, ne, sql } from 'drizzle-orm';
import { utxoBatches, utxoBatchWithdrawals } from '../../../db/schema';
import type { ZodApi } from '../../../platform/app-context';
import { sessionOf } from '../../../platform/auth';
import { AppError } from '../../../platform/errors';
import { bumpUtxoBatch, previewFeeBump } from './bump-utxo-batch';
import type { UtxoBatchRow } from './send-utxo-batch';
import type { UtxoSendsRuntime } from './utxo-sends-runtime';

/** A Bitcoin-family coin's places on its chain (satoshis, litoshis). */
const COIN_PLACES = 8;
const coins = (sats: bigint | string) => formatMinor(BigInt(sats) as Minor, COIN_PLACES);

/** The catalogue's words for why a batch cannot be sped up. */
export const BUMP_REFUSAL_TEXT: Record<UtxoBumpRefusal, string> = {
  not_broadcast: m.utxoBumpNotBroadcast,
  already_mined: m.utxoBumpAlreadyMined,
  change_too_small: m.utxoBumpChangeTooSmall,
  fee_cap: m.utxoBumpFeeCap,
  node_refused: m.utxoBumpNodeRefused,
};

/** fee_bump_refusal as stored: a code, or `node_refused: <the node's words>`. */
function lastRefusal(stored: string | null): { code: UtxoBumpRefusal | null; detail: string | null } {
  if (!stored) return { code: null, detail: null };
  if (stored.startsWith('node_refused')) return { code: 'node_refused', detail: stored.slice(14) || null };
  return { code: stored in BUMP_REFUSAL_TEXT ? (stored as UtxoBumpRefusal) : null, detail: null };
}

/**
 * The admin's replace-by-fee of a stuck Litecoin batch (issue 47), among the admin withdrawal routes:
 * GET /admin/withdrawals/utxo-batches lists the batches not yet confirmed with what a speed-up would
 * pay now (read from the node), and POST /admin/withdrawals/utxo-batches/speed-up makes it
 * (bumpUtxoBatch: stored under the row lock with the audit line, signed by the signer, stored, sent).
 */
export function utxoBatchAdminRoutes(app: ZodApi, utxo: UtxoSendsRuntime): void {
  const chainOf = (key: string) => utxo.chains.find((chain) => chain.key === key);

  app.get(
    '/admin/withdrawals/utxo-batches',
    { schema: { response: { 200: adminUtxoBatchesResponseSchema } } },
    async () => {
      const rows = utxo.chains.length
        ? await utxo.deps.db
            .select()
            .from(utxoBatches)
            .where(ne(utxoBatches.status, 'CONFIRMED'))
            .orderBy(asc(utxoBatches.createdAt))
            .limit(100)
        : [];
      const data: AdminUtxoBatch[] = [];
      for (const row of rows) data.push(await viewOf(row));
      return { status: true, message: m.utxoBatchesLoaded, data };
    },
  );

  app.post(
    '/admin/withdrawals/utxo-batches/speed-up',
    { schema: { body: adminSpeedUpUtxoBatchSchema, response: { 200: adminSpeedUpUtxoBatchResponseSchema } } },
    async (request) => {
      const [batch] = await utxo.deps.db
        .select()
        .from(utxoBatches)
        .where(eq(utxoBatches.id, request.body.batch_id));
      const chain = batch && chainOf(batch.chain);
      if (!batch || !chain) throw new AppError('not_found');
      const bumped = await bumpUtxoBatch(
        utxo.deps,
        chain,
        utxo.rpcOf(chain.key),
        batch.id,
        sessionOf(request).userId,
      );
      if (!bumped.ok)
        throw new AppError(
          'conflict',
          formatMessage(m.utxoBatchBumpRefused, { reason: BUMP_REFUSAL_TEXT[bumped.code] }),
        );
      const [after] = await utxo.deps.db.select().from(utxoBatches).where(eq(utxoBatches.id, batch.id));
      return {
        status: true,
        message: formatMessage(m.utxoBatchSpeedUpDone, { txid: after?.txid ?? '' }),
        data: {
          batch_id: batch.id,
          replaced_txid: bumped.value.replacedTxid,
          fee: coins(bumped.value.feeSats),
          fee_rate: bumped.value.feeRate,
        },
      };
    },
  );

  async function viewOf(row: UtxoBatchRow): Promise<AdminUtxoBatch> {
    const chain = chainOf(row.chain);
    const [links] = await utxo.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(utxoBatchWithdrawals)
      .where(eq(utxoBatchWithdrawals.batchId, row.id));
    const payments = links?.n ?? 0;
    let bump: AdminUtxoBatch['bump'] = null;
    let bumpRefusal: UtxoBumpRefusal | null = 'not_broadcast';
    if (chain && row.status === 'BROADCAST') {
      try {
        const plan = await previewFeeBump(chain, utxo.rpcOf(chain.key), row, payments);
        if (plan.ok) {
          bump = { fee: coins(plan.value.feeSats), fee_rate: plan.value.feeRate };
          bumpRefusal = null;
        } else bumpRefusal = plan.code;
      } catch (error) {
        utxo.deps.logger.warn({ err: error, batch: row.id }, 'utxo batches: the node did not answer');
        throw new AppError('chain_unavailable', m.chainUnavailable);
      }
    }
    const refusal = lastRefusal(row.feeBumpRefusal);
    return {
      _id: row.id,
      chain: row.chain,
      asset: chain?.tokens[0]?.asset ?? '',
      status: row.status,
      txid: row.txid,
      fee: coins(row.feeSats),
      fee_rate: row.feeRate,
      withdrawals: payments,
      broadcast_at: row.broadcastAt?.toISOString() ?? null,
      replaced_txids: row.replacedTxids,
      last_refusal: refusal.code,
      last_refusal_detail: refusal.detail,
      bump,
      bump_refusal: bumpRefusal,
    };
  }
}
