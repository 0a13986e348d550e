import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';
import { EXCHANGE_NFT_SOURCE } from './nft-contract-source';
import { compileContract, openZeppelinVersion, SOLC_SETTINGS, solcVersion } from './solidity';

/**
 * Builds the exchange's ERC-721 artifact, the file the server deploys and calls the contract from
 * (nft-contract.ts): only `npm run nft:compile` and the test that the committed file is what the
 * source compiles to run this, so production needs neither solc nor OpenZeppelin's sources.
 */

export const NFT_ARTIFACT_FILE = fileURLToPath(new URL('./nft-contract-artifact.json', import.meta.url));

export interface NftArtifact {
  readonly contractName: 'ExchangeNFT';
  /** What built it, so anyone (a block explorer's verification included) can build it again. */
  readonly compiler: {
    readonly solc: string;
    readonly openZeppelinContracts: string;
    readonly settings: typeof SOLC_SETTINGS;
  };
  readonly abi: Abi;
  readonly bytecode: Hex;
}

/** Compiles nft-contract-source.ts with the pinned compiler and settings (seconds). */
export function buildNftArtifact(): NftArtifact {
  const { abi, bytecode } = compileContract('ExchangeNFT', EXCHANGE_NFT_SOURCE);
  return {
    contractName: 'ExchangeNFT',
    compiler: { solc: solcVersion(), openZeppelinContracts: openZeppelinVersion(), settings: SOLC_SETTINGS },
    abi,
    bytecode,
  };
}

/** The artifact as the committed file holds it. */
export function nftArtifactText(artifact: NftArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}
