import { accountName, chainAmountToMinor, custodyAccount, getAsset, isAssetCode } from '@exchange/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import { chainDepositAddresses, chainDeposits } from '../../db/schema';
import type { ChainSettings } from '../../platform/chain-config';
import type { DbOrTx } from '../../platform/db';
import { loadBalances } from '../ledger/ledger.repository';

export interface CustodyLine {
  readonly asset: string;
  /** What the chain's deposit addresses hold, in the ledger's minor units. */
  readonly onChain: bigint;
  /** What the ledger says the product holds for customers there: minus the chain's custody account. */
  readonly custody: bigint;
  /** Recorded on the chain but never credited (below the minimum), in minor units. */
  readonly uncredited: bigint;
  /** The chain holds what the ledger says, plus what was never credited. */
  readonly matches: boolean;
}

/**
 * The reconciliation of one chain: the balances its deposit addresses hold, read from the chain, beside
 * the ledger's custody account per coin. Until sweeping exists every coin that arrived is still at its
 * deposit address, so the two agree to the unit once the deposits below the minimum are set aside.
 */
export async function reconcileCustody(
  db: DbOrTx,
  settings: ChainSettings,
  client: PublicClient,
): Promise<CustodyLine[]> {
  const addresses = (
    await db
      .select({ address: chainDepositAddresses.address })
      .from(chainDepositAddresses)
      .where(eq(chainDepositAddresses.chain, settings.key))
  ).map((row) => row.address as Address);
  const lines: CustodyLine[] = [];
  for (const token of settings.tokens) {
    if (!isAssetCode(token.asset)) continue;
    let raw = 0n;
    for (const address of addresses) {
      raw += token.contract
        ? await client.readContract({
            address: token.contract as Address,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [address],
          })
        : await client.getBalance({ address });
    }
    const onChain = chainAmountToMinor(raw, token.decimals, getAsset(token.asset).scale);
    // This chain's own custody account of the coin: another chain's holdings of it are not here.
    const account = custodyAccount(settings.key, token.asset);
    const held = (await loadBalances(db, [account])).get(accountName(account)) ?? 0n;
    const [below] = await db
      .select({ total: sql<string>`coalesce(sum(${chainDeposits.amount}), 0)::text` })
      .from(chainDeposits)
      .where(
        and(
          eq(chainDeposits.chain, settings.key),
          eq(chainDeposits.asset, token.asset),
          eq(chainDeposits.status, 'BELOW_MINIMUM'),
        ),
      );
    const custody = -held;
    const uncredited = BigInt(below?.total ?? '0');
    lines.push({
      asset: token.asset,
      onChain,
      custody,
      uncredited,
      matches: onChain === custody + uncredited,
    });
  }
  return lines;
}
