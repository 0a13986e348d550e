import { z } from 'zod';

/**
 * The NFT marketplace's settings (issue 40): their environment variables, spread into quote-config.ts
 * with the house's other fees (and from there into config.ts's env schema), and their typed settings.
 */
export const nftEnv = {
  NFT_RESALE_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(250),
};

type NftEnv = { [K in keyof typeof nftEnv]: z.output<(typeof nftEnv)[K]> };

export interface NftConfig {
  /**
   * The house's fee on a resale between customers, in basis points of the price (default 250 = 2.5%),
   * rounded up; a primary sale by the house pays the whole price to the house and no fee.
   */
  readonly nftResaleFeeBps: bigint;
}

export function nftConfig(env: NftEnv): NftConfig {
  return { nftResaleFeeBps: BigInt(env.NFT_RESALE_FEE_BPS) };
}
