import { ok, type Result, reject } from '../result';
import { checkNftActor, type NftActor, type NftActorRejection, type NftItemState } from './nft-rules';

/**
 * Where an item stands on its chain (issue 40). null: custodial only (no NFT contract was configured
 * when it was made). MINTING: its mint waits in the chain sender's outbox. MINTED: the hot wallet holds
 * the token, and trading inside the exchange stays custodial. MINT_FAILED: the mint did not go through;
 * the item trades custodially. SENDING: a transfer to its owner's own address is out, so it is locked
 * (neither listable nor buyable). WITHDRAWN: the token left the exchange; the row stays as history.
 */
export const NFT_CHAIN_STATES = ['MINTING', 'MINTED', 'MINT_FAILED', 'SENDING', 'WITHDRAWN'] as const;
export type NftChainState = (typeof NFT_CHAIN_STATES)[number];

export type NftSendRejection =
  | NftActorRejection
  | 'nft_not_owner'
  | 'nft_withdrawn'
  | 'nft_sending'
  | 'nft_listed_for_sale'
  | 'nft_not_on_chain';

/**
 * Decides sending an owned item's token to the owner's own address, in this order: the owner (see
 * `checkNftActor`), someone else's item ('nft_not_owner'), an item already gone ('nft_withdrawn') or
 * on its way ('nft_sending'), an item for sale ('nft_listed_for_sale': take it off sale first), a token
 * not minted (yet) on a chain ('nft_not_on_chain'). The address is the withdrawal address rule's.
 */
export function decideNftSendOut(actor: NftActor, item: NftItemState): Result<true, NftSendRejection> {
  const checked = checkNftActor(actor);
  if (!checked.ok) return checked;
  if (item.ownerId !== actor.id) return reject('nft_not_owner');
  if (item.chainState === 'WITHDRAWN') return reject('nft_withdrawn');
  if (item.chainState === 'SENDING') return reject('nft_sending');
  if (item.listed) return reject('nft_listed_for_sale');
  if (item.chainState !== 'MINTED') return reject('nft_not_on_chain');
  return ok(true);
}

/** Whether the item is still here to be traded: not on its way out nor gone. */
export function nftTradable(chainState: NftChainState | null | undefined): boolean {
  return chainState !== 'SENDING' && chainState !== 'WITHDRAWN';
}
