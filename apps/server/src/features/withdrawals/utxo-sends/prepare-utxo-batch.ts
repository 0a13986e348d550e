import { nextWithdrawalStatus } from '@exchange/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { utxoBatches, utxoBatchWithdrawals, withdrawals } from '../../../db/schema';
import { buildBatchPsbt, type Spendable, selectCoins } from '../../../platform/chain/bitcoin/bitcoin-psbt';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import { holdForAdmin, withdrawalHoldReason } from '../requests/withdrawal-standing';
import { changeWithdrawal, lockWithdrawal, type WithdrawalRow } from '../withdrawals.repository';
import type { UtxoDeps } from './utxo-deps';
import { coinUnitsOf } from './utxo-units';
import { changeAddressOf } from './utxo-wallet';

const BATCH_LOCK_CLASS = 72_004_047;

/** The most withdrawals one batch pays (one output each). */
export const MAX_BATCH_OUTPUTS = 250;

/**
 * A new batch (issue 47): the chain's APPROVED withdrawals, oldest first, locked; one whose owner is
 * no longer in good standing held for an admin instead; the rest paid one output each (amount less
 * the fee, the withdrawal's fee rule as on EVM) from the exchange's spendable outputs, change to the
 * internal address. In ONE database transaction the unsigned PSBT is stored (SIGNING) and the
 * withdrawals move APPROVED → SENT, each linked to the batch (a withdrawal is in one batch at most).
 * When the outputs cannot cover them all, the newest wait for the next tick (logged once per tick).
 * Answers the batch's id, or null when there was nothing to pay.
 */
export async function prepareUtxoBatch(
  deps: UtxoDeps,
  chain: ChainSettings,
  spendable: readonly Spendable[],
  feeRate: number,
  minedOpen: ReadonlySet<string>,
): Promise<string | null> {
  const now = deps.clock.now();
  const asset = chain.tokens[0]!.asset;
  return deps.db.transaction(async (tx) => {
    // One batch is built at a time per chain, and only while every open one is in a block (its
    // spent outputs are out of the UTXO set the selection read): two builders never spend one output.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK_CLASS}, hashtext(${chain.key}))`);
    const open = await tx
      .select({ id: utxoBatches.id })
      .from(utxoBatches)
      .where(and(eq(utxoBatches.chain, chain.key), ne(utxoBatches.status, 'CONFIRMED')));
    if (open.some((batch) => !minedOpen.has(batch.id))) return null;
    const candidates = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'APPROVED'),
          eq(withdrawals.method, 'chain'),
          eq(withdrawals.chain, chain.key),
          eq(withdrawals.asset, asset),
        ),
      )
      .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
      .limit(MAX_BATCH_OUTPUTS);
    const paying: WithdrawalRow[] = [];
    for (const { id } of candidates) {
      const row = await lockWithdrawal(tx, id);
      if (row?.status !== 'APPROVED') continue;
      const held = await withdrawalHoldReason(tx, row);
      if (held) await holdForAdmin(deps, tx, row, held, now);
      else if (nextWithdrawalStatus(row.status, 'send').ok) paying.push(row);
    }
    const payments = paying.map((row) => ({ address: row.destination, sats: coinUnitsOf(row) }));
    let selection = selectCoins(spendable, payments, feeRate);
    while (!selection.ok && payments.length > 0) {
      paying.pop();
      payments.pop();
      selection = payments.length > 0 ? selectCoins(spendable, payments, feeRate) : selection;
    }
    if (candidates.length > 0 && paying.length < candidates.length)
      deps.logger.warn(
        { chain: chain.key, paying: paying.length, waiting: candidates.length - paying.length },
        'utxo withdrawals: the spendable outputs do not cover every approved withdrawal; the rest wait',
      );
    if (!selection.ok || payments.length === 0) return null;
    const change = selection.change > 0n ? { address: changeAddressOf(chain), sats: selection.change } : null;
    const psbt = buildBatchPsbt(chain.bitcoin!.networkPrefix, selection.inputs, payments, change);
    const [batch] = await tx
      .insert(utxoBatches)
      .values({
        chain: chain.key,
        status: 'SIGNING',
        psbt,
        inputPaths: selection.inputs.map((input) => input.path),
        feeSats: selection.fee.toString(),
        feeRate,
      })
      .returning({ id: utxoBatches.id });
    for (const [vout, row] of paying.entries()) {
      const moved = await changeWithdrawal(tx, row.id, 'APPROVED', { status: 'SENT', sentAt: now }, now);
      if (!moved) throw new Error(`withdrawal ${row.id} left APPROVED under its lock`);
      await tx.insert(utxoBatchWithdrawals).values({ withdrawalId: row.id, batchId: batch!.id, vout });
    }
    return batch!.id;
  });
}

/** The withdrawals a batch pays, in output order. */
export async function batchWithdrawals(
  deps: Pick<UtxoDeps, 'db'>,
  batchId: string,
): Promise<WithdrawalRow[]> {
  const links = await deps.db
    .select()
    .from(utxoBatchWithdrawals)
    .where(eq(utxoBatchWithdrawals.batchId, batchId))
    .orderBy(asc(utxoBatchWithdrawals.vout));
  if (links.length === 0) return [];
  const rows = await deps.db
    .select()
    .from(withdrawals)
    .where(
      inArray(
        withdrawals.id,
        links.map((link) => link.withdrawalId),
      ),
    );
  return links.map((link) => rows.find((row) => row.id === link.withdrawalId)!);
}
