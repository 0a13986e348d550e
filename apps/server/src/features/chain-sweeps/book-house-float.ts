import {
  type AssetCode,
  custodyAccount,
  type Result,
  systemAccount,
  transferPostings,
} from '@exchange/domain';
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
