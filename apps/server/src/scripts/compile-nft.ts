/**
 * `npm run nft:compile`: compiles the exchange's ERC-721 (platform/chain/nft-contract-source.ts, on
 * OpenZeppelin Contracts from node_modules) with the pinned solc and settings, and writes
 * platform/chain/nft-contract-artifact.json, which the server deploys and calls the contract from.
 * Run it after changing the source, the compiler or OpenZeppelin's version, and commit the file:
 * nft-contract-artifact.test.ts fails while the committed file differs from a fresh compile.
 */
import { writeFileSync } from 'node:fs';
import { buildNftArtifact, NFT_ARTIFACT_FILE, nftArtifactText } from '../platform/chain/nft-contract-build';

const artifact = buildNftArtifact();
writeFileSync(NFT_ARTIFACT_FILE, nftArtifactText(artifact));
process.stdout.write(
  `ExchangeNFT: solc ${artifact.compiler.solc}, OpenZeppelin Contracts ${artifact.compiler.openZeppelinContracts}, EVM ${artifact.compiler.settings.evmVersion}, ${(artifact.bytecode.length - 2) / 2} bytes of creation code\n`,
);
