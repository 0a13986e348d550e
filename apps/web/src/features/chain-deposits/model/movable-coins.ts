import { ASSETS } from '@exchange/domain';

/** A coin as GET /wallet/deposit-networks answers it: its code and the chains it moves on. */
interface CoinNetworks {
  readonly asset: string;
  readonly networks: readonly { readonly chain: string; readonly withdrawable?: boolean | undefined }[];
}

/** Which way a coin moves: in (a deposit) on any of its chains, out only on those that send (issue 47). */
export type CoinDirection = 'deposit' | 'withdraw';

function movableSet(coins: readonly CoinNetworks[], direction: CoinDirection): Set<string> {
  const moves = (network: CoinNetworks['networks'][number]) =>
    direction === 'deposit' || network.withdrawable !== false;
  return new Set(coins.filter((coin) => coin.networks.some(moves)).map((coin) => coin.asset));
}

/**
 * The coins that can move here (issue 45): those the server has a configured chain for, as it answers
 * GET /wallet/deposit-networks (a coin leaves on the chains it arrives on). The deposit and withdraw
 * pickers offer these and only these, in the wallet's order, then any the catalogue does not know.
 */
export function movableCoinChoices(coins: readonly CoinNetworks[], direction: CoinDirection = 'deposit') {
  const movable = movableSet(coins, direction);
  const known = ASSETS.filter((asset) => asset.type === 'CRYPTO' && movable.has(asset.code)).map((asset) => ({
    value: asset.code as string,
    label: `${asset.name} (${asset.code})`,
  }));
  const extra = [...movable]
    .filter((code) => !known.some((choice) => choice.value === code))
    .map((code) => ({ value: code, label: code }));
  return [...known, ...extra];
}

/**
 * The wallet's coins that cannot move yet, as one list for a sentence ('BTC, XRP, and MULTI'), in the
 * wallet's order; '' when every coin can move.
 */
export function unmovableCoinList(
  coins: readonly CoinNetworks[],
  direction: CoinDirection = 'deposit',
): string {
  const movable = movableSet(coins, direction);
  const rest = ASSETS.filter((asset) => asset.type === 'CRYPTO' && !movable.has(asset.code)).map(
    (asset) => asset.code as string,
  );
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(rest);
}
