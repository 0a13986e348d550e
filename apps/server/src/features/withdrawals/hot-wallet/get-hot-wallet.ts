import { type HotWalletLine, messages as m } from '@exchange/contracts';
import { type AssetCode, chainAmountToMinor, formatMinor, getAsset } from '@exchange/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { withdrawals } from '../../../db/schema';
import type { AppContext } from '../../../platform/app-context';
import { coinBalance } from '../../../platform/chain/evm/evm-client';
import type { DbOrTx } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { HotWallets } from '../coin-sends/coin-destination';

/** What approved and sent coin withdrawals of a chain still have to send, per asset (minor units). */
async function pendingOf(db: DbOrTx, chain: string): Promise<Map<string, bigint>> {
  const rows = await db
    .select({
      asset: withdrawals.asset,
      total: sql<string>`coalesce(sum(${withdrawals.amount} - ${withdrawals.fee}), 0)::text`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.method, 'chain'),
        eq(withdrawals.chain, chain),
        inArray(withdrawals.status, ['APPROVED', 'SENT']),
      ),
    )
    .groupBy(withdrawals.asset);
  return new Map(rows.map((row) => [row.asset, BigInt(row.total)]));
}

/**
 * The admin's view of the hot wallets: per configured chain with a hot wallet and per coin, its
 * address and balance read from the chain, beside what approved and sent withdrawals still have to
 * send; `covered` false means withdrawals wait. A chain whose node does not answer is left out; when
 * none answers, 503 (chain_unavailable), never a 500.
 */
export async function getHotWallet(
  ctx: Pick<AppContext, 'db' | 'config' | 'logger'>,
  wallets: HotWallets,
  clients: ReadonlyMap<string, PublicClient>,
): Promise<HotWalletLine[]> {
  const lines: HotWalletLine[] = [];
  let unread = 0;
  for (const chain of ctx.config.chains) {
    const hot = wallets.hotWalletAddress(chain.key);
    const client = clients.get(chain.key);
    if (!hot || !client) continue;
    try {
      const pending = await pendingOf(ctx.db, chain.key);
      const chainLines: HotWalletLine[] = [];
      for (const token of chain.tokens) {
        const asset = token.asset as AssetCode;
        const scale = getAsset(asset).scale;
        const raw = await coinBalance(client, token, hot as Address);
        const balance = chainAmountToMinor(raw, token.decimals, scale);
        const owed = pending.get(asset) ?? 0n;
        chainLines.push({
          chain: chain.key,
          chain_name: chain.name,
          asset,
          address: hot,
          balance: formatMinor(balance, scale),
          pending_withdrawals: formatMinor(owed, scale),
          covered: balance >= owed,
        });
      }
      lines.push(...chainLines);
    } catch (error) {
      unread += 1;
      ctx.logger.warn({ err: error, chain: chain.key }, 'hot wallet: the chain node did not answer');
    }
  }
  if (unread > 0 && lines.length === 0) throw new AppError('chain_unavailable', m.chainUnavailable);
  return lines;
}
