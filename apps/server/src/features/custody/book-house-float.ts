import { randomUUID } from 'node:crypto';
import {
  type AssetCode,
  chainAmountToMinor,
  custodyAccount,
  getAsset,
  isAssetCode,
  type Result,
  systemAccount,
  transferPostings,
} from '@exchange/domain';
import type { Logger } from 'pino';
import type { ChainToken } from '../../platform/chain/chain-config';
import type { DbOrTx } from '../../platform/db';
import { type PostedEntry, type PostRejection, postEntry } from '../ledger/post-entries';

/**
 * Records coins the house itself puts into a chain's hot wallet (its float for gas top-ups and
 * withdrawals, from outside the product): the chain's custody account → CHAIN_FLOAT (its capital
 * there, apart from its trading position), once per chain, coin and reference (the funding transaction). Without it the chain would hold more than the ledger says and
 * the reconciliation would not match. Coins moved between the hot wallet and a watch-only cold wallet
 * (CHAIN_COLD_WALLETS) are not recorded: both count among the holdings already.
 */
export function bookHouseFloat(
  db: DbOrTx,
  input: { chain: string; asset: AssetCode; amount: bigint; reference: string },
): Promise<Result<PostedEntry, PostRejection>> {
  return postEntry(db, {
    kind: 'CHAIN_HOUSE_FLOAT',
    reference: `chain-float:${input.chain}:${input.asset}:${input.reference}`,
    userId: null,
    postings: transferPostings(
      custodyAccount(input.chain, input.asset),
      systemAccount('CHAIN_FLOAT', input.asset),
      input.amount,
    ),
  });
}

/**
 * The embedded start's float (platform/embedded-chain.ts funds the hot wallet of a new development
 * chain on every start), recorded once per start and coin, so a fresh `npm start` shows the chain and
 * the custody account matching. A coin the ledger cannot hold to the unit is recorded to its scale.
 */
export async function recordStartFloat(
  db: DbOrTx,
  float: readonly { chain: string; token: ChainToken; raw: bigint }[],
  logger: Logger,
): Promise<void> {
  const start = randomUUID();
  for (const { chain, token, raw } of float) {
    if (!isAssetCode(token.asset)) continue;
    const amount = chainAmountToMinor(raw, token.decimals, getAsset(token.asset).scale);
    const booked = await bookHouseFloat(db, {
      chain,
      asset: token.asset,
      amount,
      reference: `start:${start}`,
    });
    if (!booked.ok)
      logger.warn({ chain, asset: token.asset, code: booked.code }, 'development float not recorded');
  }
}
