import { ok, type Result, reject } from '../result';
import { checkNftActor, type NftActor, type NftActorRejection, type NftItemState } from './nft-rules';

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
