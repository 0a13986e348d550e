import type { SolvencyAsset, SolvencyChainLine } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode, parseDecimal } from '@exchange/domain';
import type { ChainSweepSettings } from '../../platform/chain/chain-sweep-config';
import type { ChainHoldings } from './read-chain-holdings';

/**
 * The solvency panel's chain lines: per chain and coin, the on-chain holdings (null when the node did
 * not answer) beside customer liabilities (available plus locked, from the asset lines) and custody.
 */
export function chainLinesView(
  holdings: readonly ChainHoldings[],
  assets: readonly SolvencyAsset[],
  settings: ChainSweepSettings,
): SolvencyChainLine[] {
  return holdings.flatMap((chain) =>
    chain.lines.flatMap((line) => {
      if (!isAssetCode(line.asset)) return [];
      const { scale } = getAsset(line.asset);
      const text = (value: bigint) => formatMinor(value, scale);
      const row = assets.find((asset) => asset.asset === line.asset);
      const owed =
        (parseDecimal(row?.users_available ?? '0', scale) ?? 0n) +
        (parseDecimal(row?.users_locked ?? '0', scale) ?? 0n);
      const native = chain.nativeAsset === line.asset;
      const cap = parseDecimal(native ? settings.hotCapNative : settings.hotCapToken, scale);
      const read = chain.available && 'onChain' in line ? line : null;
      return [
        {
          chain: chain.chain,
          chain_name: chain.chainName,
          asset: line.asset,
          available: read !== null,
          hot_wallet_address: chain.hotWallet,
          hot_wallet: read && chain.hotWallet ? text(read.hotWallet) : null,
          deposit_addresses: read ? text(read.depositAddresses) : null,
          cold_wallet: read && chain.coldWallet ? text(read.coldWallet) : null,
          on_chain: read ? text(read.onChain) : null,
          in_flight: read ? text(read.inFlight) : null,
          customer_liabilities: text(owed),
          custody: text(line.custody),
          uncredited: text(line.uncredited),
          difference: read ? text(read.difference) : null,
          matches: read ? read.matches : null,
          above_hot_cap: read && chain.hotWallet && cap !== null ? read.hotWallet > cap : null,
        },
      ];
    }),
  );
}
