import { and, eq, inArray, sql } from 'drizzle-orm';
import { chainSweeps } from '../../db/schema';
import type { DbOrTx, Tx } from '../../platform/db';

export type ChainSweepRow = typeof chainSweeps.$inferSelect;
export type ChainSweepStatus = ChainSweepRow['status'];

/** A deposit address with coins of one asset that no sweep round has covered yet. */
export interface SweepCandidate {
  readonly address: string;
  readonly addressIndex: number;
  /** The newest block of its credited (or below-minimum) deposits of the asset. */
  readonly newestBlock: bigint;
}

/**
 * The deposit addresses of a chain worth looking at for one asset: a deposit credited (or recorded
 * below the minimum) in a block newer than every round not FAILED has covered, no sweep of the
 * address under way, and no deposit of the asset still PENDING there (its coins could yet leave the
 * chain in a reorganisation, so the address waits). The chain then says how much to sweep.
 */
export async function sweepCandidates(
  db: DbOrTx,
  chain: string,
  asset: string,
  limit: number,
): Promise<SweepCandidate[]> {
  const result = await db.execute<{ address: string; address_index: number; newest: string }>(sql`
    SELECT a.address, a.address_index, max(d.block_number)::text AS newest
      FROM chain_deposits d
      JOIN chain_deposit_addresses a ON a.user_id = d.user_id AND a.chain = d.chain
     WHERE d.chain = ${chain} AND d.asset = ${asset} AND d.status IN ('CREDITED', 'BELOW_MINIMUM')
       AND NOT EXISTS (SELECT 1 FROM chain_sweeps o
                        WHERE o.chain = ${chain} AND o.address = a.address
                          AND o.status IN ('TOPPING_UP', 'SENDING'))
       AND NOT EXISTS (SELECT 1 FROM chain_deposits p
                        WHERE p.chain = ${chain} AND p.user_id = d.user_id AND p.asset = ${asset}
                          AND p.status = 'PENDING')
     GROUP BY a.address, a.address_index
    HAVING max(d.block_number) > coalesce(
             (SELECT max(s.covers_block) FROM chain_sweeps s
               WHERE s.chain = ${chain} AND s.address = a.address AND s.asset = ${asset}
                 AND s.status <> 'FAILED'), -1)
     ORDER BY max(d.block_number)
     LIMIT ${limit}`);
  return result.rows.map((row) => ({
    address: row.address,
    addressIndex: Number(row.address_index),
    newestBlock: BigInt(row.newest),
  }));
}

export interface NewSweep {
  readonly chain: string;
  readonly address: string;
  readonly addressIndex: number;
  readonly asset: string;
  readonly status: ChainSweepStatus;
  readonly amountRaw: bigint;
  readonly amount: bigint;
  readonly gasTopUpRaw: bigint;
  readonly coversBlock: bigint;
  readonly reason?: string;
}

/**
 * Starts the address's next round, or nothing (undefined) when another process got there first: the
 * transaction holds the address's advisory lock, then checks again that no sweep of the address is
 * under way and that no round not FAILED already covers this block. Two schedulers, a restart or a
 * stale read therefore start one round, and the row's unique (chain, address, asset, round) backs it.
 */
export async function startSweepRound(tx: Tx, sweep: NewSweep): Promise<ChainSweepRow | undefined> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext(${`chain-sweep:${sweep.chain}:${sweep.address}`}))`,
  );
  const found = await tx.execute<{ busy: boolean; covered: boolean; round: number }>(sql`
    SELECT
      EXISTS (SELECT 1 FROM chain_sweeps WHERE chain = ${sweep.chain} AND address = ${sweep.address}
                 AND status IN ('TOPPING_UP', 'SENDING')) AS busy,
      EXISTS (SELECT 1 FROM chain_sweeps WHERE chain = ${sweep.chain} AND address = ${sweep.address}
                 AND asset = ${sweep.asset} AND status <> 'FAILED'
                 AND covers_block >= ${sweep.coversBlock.toString()}::bigint) AS covered,
      coalesce((SELECT max(round) FROM chain_sweeps WHERE chain = ${sweep.chain}
                 AND address = ${sweep.address} AND asset = ${sweep.asset}), 0)::int AS round`);
  const state = found.rows[0]!;
  if (state.busy || state.covered) return undefined;
  const [row] = await tx
    .insert(chainSweeps)
    .values({
      chain: sweep.chain,
      address: sweep.address,
      addressIndex: sweep.addressIndex,
      asset: sweep.asset,
      round: Number(state.round) + 1,
      status: sweep.status,
      amountRaw: sweep.amountRaw.toString(),
      amount: sweep.amount.toString(),
      gasTopUpRaw: sweep.gasTopUpRaw.toString(),
      coversBlock: sweep.coversBlock,
      reason: sweep.reason ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Moves a sweep on from one of `from`, adding the gas its transaction paid; undefined when it was
 * not there (an outcome told twice changes nothing).
 */
export async function moveSweep(
  tx: DbOrTx,
  id: string,
  from: readonly ChainSweepStatus[],
  change: { status: ChainSweepStatus; feeWei: bigint; txHash?: string | null; reason?: string | null },
): Promise<ChainSweepRow | undefined> {
  const [row] = await tx
    .update(chainSweeps)
    .set({
      status: change.status,
      feeRaw: sql`${chainSweeps.feeRaw} + ${change.feeWei.toString()}::numeric`,
      ...(change.txHash === undefined ? {} : { txHash: change.txHash }),
      ...(change.reason === undefined ? {} : { reason: change.reason }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(chainSweeps.id, id), inArray(chainSweeps.status, [...from])))
    .returning();
  return row;
}
