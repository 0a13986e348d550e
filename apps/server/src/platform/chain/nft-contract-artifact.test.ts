import { readFileSync } from 'node:fs';
import { parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_NFT_BYTECODE, EXCHANGE_NFT_INTERFACE } from './nft-contract';
import { buildNftArtifact, NFT_ARTIFACT_FILE, nftArtifactText } from './nft-contract-build';

/**
 * An ABI entry without what parseAbi does not write (solc's internalType, anonymous, empty names,
 * indexed: false), keys sorted.
 */
function comparable(entry: unknown): unknown {
  if (Array.isArray(entry)) return entry.map(comparable);
  if (entry === null || typeof entry !== 'object') return entry;
  return Object.fromEntries(
    Object.entries(entry)
      .filter(
        ([key, value]) => key !== 'internalType' && key !== 'anonymous' && value !== '' && value !== false,
      )
      .map(([key, value]) => [key, comparable(value)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
const sorted = (abi: readonly unknown[]) => abi.map((entry) => JSON.stringify(comparable(entry))).sort();

describe('the committed ERC-721 artifact', () => {
  it('is what the source compiles to with the pinned solc, OpenZeppelin and settings (npm run nft:compile rewrites it)', () => {
    const committed = readFileSync(NFT_ARTIFACT_FILE, 'utf8');
    const fresh = buildNftArtifact();
    expect(fresh.compiler).toMatchObject({ solc: '0.8.37', settings: { evmVersion: 'cancun' } });
    expect(committed).toBe(nftArtifactText(fresh));
    expect(EXCHANGE_NFT_BYTECODE).toBe(fresh.bytecode);
  }, 120_000);

  it("is the interface the server calls it by (nft-contract.ts's EXCHANGE_NFT_INTERFACE)", () => {
    const committed = JSON.parse(readFileSync(NFT_ARTIFACT_FILE, 'utf8')) as { abi: unknown[] };
    expect(sorted(parseAbi(EXCHANGE_NFT_INTERFACE))).toEqual(sorted(committed.abi));
  });
});
