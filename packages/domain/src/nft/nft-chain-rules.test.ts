import { describe, expect, it } from 'vitest';
import { decideNftSendOut } from './nft-chain-rules';
import type { NftChainState } from './nft-chain-state';
import { decideNftListing, type NftActor, type NftItemState } from './nft-rules';

const owner: NftActor = { id: 'owner', role: 'USER', status: 'ACTIVE', isKycVerified: true };
const minted: NftItemState & { chainState: NftChainState | null } = {
  ownerId: 'owner',
  status: 'ACTIVE',
  listed: false,
  price: 1_000n,
  asset: 'ETH',
  chainState: 'MINTED',
};

describe('sending an NFT to the owner’s own address', () => {
  it('lets the owner of a minted item off sale send it, even a hidden one', () => {
    expect(decideNftSendOut(owner, minted)).toEqual({ ok: true, value: true });
    expect(decideNftSendOut(owner, { ...minted, status: 'HIDDEN' }).ok).toBe(true);
  });

  it('refuses in order: the actor, not the owner, withdrawn, sending, for sale, not on a chain', () => {
    const code = (who: NftActor, item: typeof minted) => {
      const r = decideNftSendOut(who, item);
      return r.ok ? 'ok' : r.code;
    };
    expect(code({ ...owner, role: 'ADMIN' }, minted)).toBe('nft_not_customer');
    expect(code({ ...owner, status: 'DISABLED' }, minted)).toBe('nft_account_disabled');
    expect(code({ ...owner, isKycVerified: false }, { ...minted, ownerId: null })).toBe('nft_kyc_required');
    expect(code(owner, { ...minted, ownerId: 'someone', chainState: 'WITHDRAWN' })).toBe('nft_not_owner');
    expect(code(owner, { ...minted, ownerId: null })).toBe('nft_not_owner');
    expect(code(owner, { ...minted, chainState: 'WITHDRAWN', listed: true })).toBe('nft_withdrawn');
    expect(code(owner, { ...minted, chainState: 'SENDING', listed: true })).toBe('nft_sending');
    expect(code(owner, { ...minted, listed: true, chainState: null })).toBe('nft_listed_for_sale');
    for (const state of [null, 'MINTING', 'MINT_FAILED'] as const)
      expect(code(owner, { ...minted, chainState: state })).toBe('nft_not_on_chain');
  });

  it('locks an item on its way out and one gone: it cannot be listed', () => {
    expect(decideNftListing(owner, { ...minted, chainState: 'SENDING' }, 5n)).toMatchObject({
      code: 'nft_sending',
    });
    expect(decideNftListing(owner, { ...minted, chainState: 'WITHDRAWN' }, 5n)).toMatchObject({
      code: 'nft_withdrawn',
    });
    expect(decideNftListing(owner, minted, 5n).ok).toBe(true);
  });
});
