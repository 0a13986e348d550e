/**
 * Query keys of the coin deposit screens. The deposit lists sit under `wallet`, so the one balance
 * refresh after money moved (refresh-balances.ts) refetches them too.
 */
export const chainDepositKeys = {
  networks: ['chain-deposits', 'networks'] as const,
  address: (asset: string, chain: string) => ['chain-deposits', 'address', asset, chain] as const,
  lists: ['wallet', 'chain-deposits'] as const,
};
