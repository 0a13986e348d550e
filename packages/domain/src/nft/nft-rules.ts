import type { AssetCode } from '../assets';
import { type Posting, systemAccount, userAccount } from '../ledger';
import { feeOf, type Minor } from '../money';
import { assert, ok, type Result, reject } from '../result';
import type { NftChainState } from './nft-chain-state';

/** ACTIVE items show on the marketplace; HIDDEN ones (an admin's decision) are neither shown nor sold. */
export type NftStatus = 'ACTIVE' | 'HIDDEN';

/** A customer as the NFT rules see them: who they are and whether money may flow for them. */
export interface NftActor {
  readonly id: string;
  readonly role: 'USER' | 'ADMIN';
  readonly status: 'ACTIVE' | 'DISABLED';
  readonly isKycVerified: boolean;
}

/** An item as the rules see it. `ownerId` null means the house owns it (not yet sold). */
export interface NftItemState {
  readonly ownerId: string | null;
  readonly status: NftStatus;
  readonly listed: boolean;
  readonly price: Minor;
  readonly asset: AssetCode;
  /** Its chain state (nft-chain-rules.ts); absent or null while custodial only. */
  readonly chainState?: NftChainState | null;
}

export type NftActorRejection = 'nft_not_customer' | 'nft_account_disabled' | 'nft_kyc_required';
export type NftBuyRejection = NftActorRejection | 'nft_hidden' | 'nft_not_for_sale' | 'nft_own_item';
export type NftListRejection =
  | NftActorRejection
  | 'nft_not_owner'
  | 'nft_withdrawn'
  | 'nft_sending'
  | 'nft_hidden'
  | 'nft_already_listed'
  | 'nft_price_invalid';
export type NftWithdrawRejection = NftActorRejection | 'nft_not_owner' | 'nft_not_listed';

/**
 * Whether the actor is a customer money may flow for, checked in this order: a staff account is no
 * customer ('nft_not_customer'), a disabled account ('nft_account_disabled'), no KYC verification
 * ('nft_kyc_required'). Every NFT money flow and every listing starts here, as every other money flow.
 */
export function checkNftActor(actor: NftActor): Result<true, NftActorRejection> {
  if (actor.role !== 'USER') return reject('nft_not_customer');
  if (actor.status !== 'ACTIVE') return reject('nft_account_disabled');
  if (!actor.isKycVerified) return reject('nft_kyc_required');
  return ok(true);
}

/** What one sale moves: the price from the buyer, the fee to the house, the rest to the seller. */
export interface NftSale {
  /** The seller's user id, or null for a primary sale by the house. */
  readonly sellerId: string | null;
  readonly buyerId: string;
  readonly asset: AssetCode;
  readonly price: Minor;
  /** The house's fee (0 on a primary sale: the whole price is the house's already). */
  readonly fee: Minor;
  /** What the seller receives: price minus fee (0 on a primary sale). */
  readonly sellerReceives: Minor;
}

/**
 * The fee of a secondary sale: `feeBps` basis points of the price, rounded up (the house never
 * undercharges), never more than the price. A primary sale (house as seller) has no fee.
 */
export function nftSaleFee(price: Minor, feeBps: bigint, primary: boolean): Minor {
  assert(price > 0n, 'an NFT price is positive');
  assert(feeBps >= 0n && feeBps <= 10_000n, 'a fee is between 0 and 10000 bps');
  if (primary) return 0n;
  const fee = feeOf(price, feeBps);
  return fee > price ? price : fee;
}

/**
 * Decides a purchase, checked in this order: the buyer (see `checkNftActor`), a hidden item
 * ('nft_hidden'), an item not for sale ('nft_not_for_sale'), the buyer's own item ('nft_own_item').
 * Whether the buyer can pay is the ledger's decision (its conditional debit), not this one's.
 */
export function decideNftBuy(
  buyer: NftActor,
  item: NftItemState,
  feeBps: bigint,
): Result<NftSale, NftBuyRejection> {
  const actor = checkNftActor(buyer);
  if (!actor.ok) return actor;
  if (item.status !== 'ACTIVE') return reject('nft_hidden');
  if (!item.listed) return reject('nft_not_for_sale');
  if (item.ownerId === buyer.id) return reject('nft_own_item');
  const primary = item.ownerId === null;
  const fee = nftSaleFee(item.price, feeBps, primary);
  return ok({
    sellerId: item.ownerId,
    buyerId: buyer.id,
    asset: item.asset,
    price: item.price,
    fee,
    sellerReceives: primary ? 0n : item.price - fee,
  });
}

/**
 * The journal entry of a sale. Primary: the buyer's available balance pays the whole price into the
 * house's inventory of the coin (the house sold something it made and now holds the coins).
 * Secondary: the buyer pays the seller the price minus the fee, and the fee goes to fee revenue; a
 * zero fee or a zero remainder leaves its posting out, as the ledger refuses zero postings.
 */
export function nftSalePostings(sale: NftSale): Posting[] {
  const buyerPays: Posting = { account: userAccount(sale.buyerId, sale.asset), amount: -sale.price };
  if (sale.sellerId === null)
    return [buyerPays, { account: systemAccount('HOUSE_INVENTORY', sale.asset), amount: sale.price }];
  const postings: Posting[] = [buyerPays];
  if (sale.sellerReceives > 0n)
    postings.push({ account: userAccount(sale.sellerId, sale.asset), amount: sale.sellerReceives });
  if (sale.fee > 0n) postings.push({ account: systemAccount('FEE_REVENUE', sale.asset), amount: sale.fee });
  return postings;
}

/**
 * Decides putting an item up for sale at `price`, in this order: the owner (see `checkNftActor`),
 * someone else's item or the house's ('nft_not_owner'), an item that left for its owner's wallet
 * ('nft_withdrawn') or is on its way ('nft_sending'), a hidden item ('nft_hidden'), an item already
 * for sale ('nft_already_listed'), a price not above zero ('nft_price_invalid').
 */
export function decideNftListing(
  actor: NftActor,
  item: NftItemState,
  price: Minor,
): Result<{ price: Minor }, NftListRejection> {
  const checked = checkNftActor(actor);
  if (!checked.ok) return checked;
  if (item.ownerId !== actor.id) return reject('nft_not_owner');
  if (item.chainState === 'WITHDRAWN') return reject('nft_withdrawn');
  if (item.chainState === 'SENDING') return reject('nft_sending');
  if (item.status !== 'ACTIVE') return reject('nft_hidden');
  if (item.listed) return reject('nft_already_listed');
  if (price <= 0n) return reject('nft_price_invalid');
  return ok({ price });
}

/**
 * Decides taking an item off sale, in this order: the owner (see `checkNftActor`), someone else's
 * item ('nft_not_owner'), an item not for sale ('nft_not_listed'). A hidden item may be withdrawn.
 */
export function decideNftWithdrawal(actor: NftActor, item: NftItemState): Result<true, NftWithdrawRejection> {
  const checked = checkNftActor(actor);
  if (!checked.ok) return checked;
  if (item.ownerId !== actor.id) return reject('nft_not_owner');
  if (!item.listed) return reject('nft_not_listed');
  return ok(true);
}
