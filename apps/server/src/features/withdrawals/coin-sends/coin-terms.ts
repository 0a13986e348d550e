import type { WithdrawalChain } from '@exchange/contracts';
import { getAsset, isAssetCode, type WithdrawalTerms } from '@exchange/domain';
import type { ChainSettings, ChainToken } from '../../../platform/chain/chain-config';
import type { Config } from '../../../platform/config';

type CoinConfig = Pick<Config, 'withdrawals' | 'chains' | 'bitcoinChains'>;

/** A coin's withdrawal terms on one chain, with the chain and the token they are for. */
export interface CoinTerms {
  readonly terms: WithdrawalTerms;
  readonly chain: ChainSettings;
  readonly token: ChainToken;
  /** Every chain the coin can leave on. */
  readonly chains: readonly ChainSettings[];
}

/**
 * The chains a coin can leave on: those whose settings carry it, when its minimum and fee are set. A
 * Bitcoin-family chain's coin (LTC, issue 47) leaves through its own UTXO sender (features/utxo-sends).
 */
export function chainsOfCoin(config: CoinConfig, asset: string): ChainSettings[] {
  if (!config.withdrawals.coins[asset]) return [];
  return [...config.chains, ...config.bitcoinChains].filter((chain) =>
    chain.tokens.some((token) => token.asset === asset),
  );
}

/** True when the asset leaves on a chain (a coin with a chain in the configuration). */
export function isChainWithdrawable(config: CoinConfig, asset: string): boolean {
  return chainsOfCoin(config, asset).length > 0;
}

/**
 * The terms of withdrawing `asset` on `chainKey` (its first chain when none is named), or undefined
 * when the coin cannot leave there. An amount may have no more decimals than both the ledger and the
 * chain keep (USDT: 6 on Ethereum).
 */
export function coinTermsOf(config: CoinConfig, asset: string, chainKey?: string): CoinTerms | undefined {
  if (!isAssetCode(asset)) return undefined;
  const coin = config.withdrawals.coins[asset];
  const chains = chainsOfCoin(config, asset);
  const chain = chainKey === undefined ? chains[0] : chains.find((c) => c.key === chainKey);
  const token = chain?.tokens.find((t) => t.asset === asset);
  if (!coin || !chain || !token) return undefined;
  return {
    terms: {
      asset,
      method: 'chain',
      minimum: coin.minimum,
      fee: coin.fee,
      precision: Math.min(getAsset(asset).scale, token.decimals),
    },
    chain,
    token,
    chains,
  };
}

/** A chain as the withdraw form offers it. */
export function toWithdrawalChain(chain: ChainSettings): WithdrawalChain {
  return {
    key: chain.key,
    name: chain.name,
    explorer_url: chain.explorerUrl,
    address_prefix: chain.bitcoin?.networkPrefix ?? null,
  };
}

/** The explorer's page of a transaction, or null without an explorer or a hash. */
export function explorerTxUrl(chain: ChainSettings | undefined, txHash: string | null): string | null {
  return chain?.explorerUrl && txHash ? `${chain.explorerUrl}/tx/${txHash}` : null;
}
