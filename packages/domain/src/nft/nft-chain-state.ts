/**
 * Where an item stands on its chain (issue 40). null: custodial only (no NFT contract was configured
 * when it was made). MINTING: its mint waits in the chain sender's outbox. MINTED: the hot wallet holds
 * the token, and trading inside the exchange stays custodial. MINT_FAILED: the mint did not go through;
 * the item trades custodially. SENDING: a transfer to its owner's own address is out, so it is locked
 * (neither listable nor buyable). WITHDRAWN: the token left the exchange; the row stays as history.
 */
export const NFT_CHAIN_STATES = ['MINTING', 'MINTED', 'MINT_FAILED', 'SENDING', 'WITHDRAWN'] as const;
export type NftChainState = (typeof NFT_CHAIN_STATES)[number];
