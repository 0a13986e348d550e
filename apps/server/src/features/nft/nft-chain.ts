import type { Address } from 'viem';
import { getAddress } from 'viem';
import type { ChainSettings } from '../../platform/chain/chain-config';
import type { ChainTxHandler, ChainTxPurpose, ChainTxRequest } from '../../platform/chain/chain-sender-types';
import type { DbOrTx } from '../../platform/db';

/** What the NFT feature needs of the chain sender (features/chain-sender). */
export interface NftChainSender {
  enqueue(tx: DbOrTx, request: ChainTxRequest): Promise<{ id: string; created: boolean }>;
  handle(purpose: ChainTxPurpose, handler: ChainTxHandler): void;
  hotWalletAddress(chain: string): Address | null;
}

/** The chain NFTs are minted on: its settings, the exchange's ERC-721 there, and the hot wallet. */
export interface NftChain {
  readonly chain: ChainSettings;
  readonly contract: Address;
  /** The contract's minter and the holder of every minted token still inside the exchange. */
  readonly hot: Address;
  readonly sender: NftChainSender;
}

/**
 * The NFT chain when there is one: a contract configured (CHAIN_NFT_ADDRESS, or the embedded start's
 * deploy) on the first configured chain, whose hot wallet can sign. Otherwise null, and items stay
 * custodial only.
 */
export function nftChainOf(
  config: { readonly nftContractAddress: string | null; readonly chains: readonly ChainSettings[] },
  sender: NftChainSender | null | undefined,
): NftChain | null {
  const chain = config.chains[0];
  if (!config.nftContractAddress || !chain || !sender) return null;
  const hot = sender.hotWalletAddress(chain.key);
  if (!hot) return null;
  return { chain, contract: getAddress(config.nftContractAddress), hot, sender };
}
