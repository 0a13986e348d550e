import { describe, expect, it } from 'vitest';
import { validateEntry } from '../ledger';
import {
  decideNftBuy,
  decideNftListing,
  decideNftWithdrawal,
  type NftActor,
  type NftItemState,
  nftSaleFee,
  nftSalePostings,
} from './nft-rules';

const buyer: NftActor = { id: 'buyer', role: 'USER', status: 'ACTIVE', isKycVerified: true };
const seller: NftActor = { id: 'seller', role: 'USER', status: 'ACTIVE', isKycVerified: true };
const houseItem: NftItemState = {
  ownerId: null,
  status: 'ACTIVE',
  listed: true,
  price: 1_000n,
  asset: 'ETH',
};
const resale: NftItemState = { ...houseItem, ownerId: 'seller' };

describe('buying an NFT', () => {
  it('a primary sale pays the whole price to the house, with no fee', () => {
    const sale = decideNftBuy(buyer, houseItem, 250n);
    expect(sale).toEqual({
      ok: true,
      value: { sellerId: null, buyerId: 'buyer', asset: 'ETH', price: 1_000n, fee: 0n, sellerReceives: 0n },
    });
    if (!sale.ok) return;
    const postings = nftSalePostings(sale.value);
    expect(validateEntry(postings).ok).toBe(true);
    expect(postings.map((p) => [p.account.kind, p.amount])).toEqual([
      ['AVAILABLE', -1_000n],
      ['HOUSE_INVENTORY', 1_000n],
    ]);
  });

  it('a secondary sale pays the seller the price minus the fee, the fee to revenue', () => {
    const sale = decideNftBuy(buyer, resale, 250n);
    expect(sale.ok && sale.value).toMatchObject({ sellerId: 'seller', fee: 25n, sellerReceives: 975n });
    if (!sale.ok) return;
    const postings = nftSalePostings(sale.value);
    expect(validateEntry(postings).ok).toBe(true);
    expect(postings.map((p) => [p.account.userId, p.account.kind, p.amount])).toEqual([
      ['buyer', 'AVAILABLE', -1_000n],
      ['seller', 'AVAILABLE', 975n],
      [null, 'FEE_REVENUE', 25n],
    ]);
  });

  it('rounds the fee up and leaves out a zero fee', () => {
    expect(nftSaleFee(1n, 1n, false)).toBe(1n);
    expect(nftSaleFee(1_001n, 250n, false)).toBe(26n);
    expect(nftSaleFee(1_000n, 10_000n, false)).toBe(1_000n);
    const free = decideNftBuy(buyer, resale, 0n);
    expect(free.ok && nftSalePostings(free.value).length).toBe(2);
    const all = decideNftBuy(buyer, resale, 10_000n);
    expect(all.ok && nftSalePostings(all.value).map((p) => p.account.kind)).toEqual([
      'AVAILABLE',
      'FEE_REVENUE',
    ]);
  });

  it('refuses in order: staff, disabled, unverified, hidden, not for sale, own item', () => {
    const code = (who: NftActor, item: NftItemState) => {
      const r = decideNftBuy(who, item, 100n);
      return r.ok ? 'ok' : r.code;
    };
    expect(code({ ...buyer, role: 'ADMIN', status: 'DISABLED' }, houseItem)).toBe('nft_not_customer');
    expect(code({ ...buyer, status: 'DISABLED', isKycVerified: false }, houseItem)).toBe(
      'nft_account_disabled',
    );
    expect(code({ ...buyer, isKycVerified: false }, { ...houseItem, status: 'HIDDEN' })).toBe(
      'nft_kyc_required',
    );
    expect(code(buyer, { ...houseItem, status: 'HIDDEN', listed: false })).toBe('nft_hidden');
    expect(code(buyer, { ...houseItem, listed: false, ownerId: 'buyer' })).toBe('nft_not_for_sale');
    expect(code(buyer, { ...resale, ownerId: 'buyer' })).toBe('nft_own_item');
  });
});

describe('listing and withdrawing', () => {
  const owned: NftItemState = { ...resale, listed: false };
  it('lets the owner list at a positive price, in order of the checks', () => {
    expect(decideNftListing(seller, owned, 5n)).toEqual({ ok: true, value: { price: 5n } });
    const code = (who: NftActor, item: NftItemState, price = 5n) => {
      const r = decideNftListing(who, item, price);
      return r.ok ? 'ok' : r.code;
    };
    expect(code({ ...seller, isKycVerified: false }, owned)).toBe('nft_kyc_required');
    expect(code(buyer, owned)).toBe('nft_not_owner');
    expect(code(seller, { ...owned, ownerId: null })).toBe('nft_not_owner');
    expect(code(seller, { ...owned, status: 'HIDDEN' })).toBe('nft_hidden');
    expect(code(seller, { ...owned, listed: true })).toBe('nft_already_listed');
    expect(code(seller, owned, 0n)).toBe('nft_price_invalid');
  });

  it('lets the owner withdraw a listed item, even a hidden one', () => {
    expect(decideNftWithdrawal(seller, { ...resale, status: 'HIDDEN' }).ok).toBe(true);
    const code = (who: NftActor, item: NftItemState) => {
      const r = decideNftWithdrawal(who, item);
      return r.ok ? 'ok' : r.code;
    };
    expect(code(buyer, resale)).toBe('nft_not_owner');
    expect(code(seller, owned)).toBe('nft_not_listed');
    expect(code({ ...seller, status: 'DISABLED' }, resale)).toBe('nft_account_disabled');
  });
});
