import { getAsset, isAssetCode } from '@exchange/domain';
import type { WithdrawalRow } from '../withdrawals.repository';

/** Places of a Bitcoin-family coin on its chain (satoshis, litoshis). */
const CHAIN_DECIMALS = 8;

/**
 * What a withdrawal's output pays, in the chain's smallest unit: its amount less its fee, exactly (the
 * customer receives amount - fee, as on EVM). The ledger keeps LTC at 8 places, the chain's own, so
 * this is the same figure; a coin kept at fewer places is scaled up.
 */
export function coinUnitsOf(row: Pick<WithdrawalRow, 'asset' | 'amount' | 'fee'>): bigint {
  const scale = isAssetCode(row.asset) ? getAsset(row.asset).scale : CHAIN_DECIMALS;
  if (scale > CHAIN_DECIMALS) throw new Error(`${row.asset} keeps more places than its chain`);
  return (BigInt(row.amount) - BigInt(row.fee)) * 10n ** BigInt(CHAIN_DECIMALS - scale);
}
