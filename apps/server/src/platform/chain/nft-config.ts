import { z } from 'zod';

/**
 * The NFT marketplace's settings (issue 40): their environment variables, spread into quote-config.ts
 * with the house's other fees (and from there into config.ts's env schema), and their typed settings.
 */
export const nftEnv = {
  NFT_RESALE_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(250),
  CHAIN_NFT_ADDRESS: z
    .union([z.literal(''), z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x contract address')])
    .default(''),
  NFT_PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:8080'),
};

type NftEnv = { [K in keyof typeof nftEnv]: z.output<(typeof nftEnv)[K]> };

export interface NftConfig {
  /**
   * The house's fee on a resale between customers, in basis points of the price (default 250 = 2.5%),
   * rounded up; a primary sale by the house pays the whole price to the house and no fee.
   */
  readonly nftResaleFeeBps: bigint;
  /**
   * The exchange's ERC-721 (platform/chain/nft-contract.ts) on the first configured chain, whose minter
   * is that chain's hot wallet: CHAIN_NFT_ADDRESS in external mode, the contract the embedded start deploys
   * otherwise. Null: items stay custodial only.
   */
  readonly nftContractAddress: string | null;
  /** Where the public finds the exchange: a token's metadata URI is its image's URL under it. */
  readonly nftPublicUrl: string;
}

export function nftConfig(env: NftEnv): NftConfig {
  return {
    nftResaleFeeBps: BigInt(env.NFT_RESALE_FEE_BPS),
    nftContractAddress: env.CHAIN_NFT_ADDRESS || null,
    nftPublicUrl: env.NFT_PUBLIC_URL.replace(/\/+$/, ''),
  };
}

/** What each NFT chain setting does, for docs/operations.md (config-reference.ts spreads these in). */
export const nftChainSettingDocs = {
  CHAIN_NFT_ADDRESS:
    "The exchange's ERC-721 contract on the chain (external mode), deployed by `npm run nft:deploy` with the chain's hot wallet as its minter; unset: NFTs stay custodial only. The embedded chain deploys its own.",
  NFT_PUBLIC_URL: "The exchange's public address; a minted token's metadata URI is its image's URL under it.",
} as const;
