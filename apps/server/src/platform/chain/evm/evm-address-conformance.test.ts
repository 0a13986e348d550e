import { checkChainAddress, keccak256Hex, toChecksumAddress } from '@exchange/domain';
import fc from 'fast-check';
import { bytesToHex, getAddress, isAddress, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';

/**
 * The domain writes Keccak-256 and EIP-55 by hand (it takes no dependencies); here they are held to
 * viem's, which the chain client signs and sends with, over random byte strings and addresses.
 */
const RATE = 136;
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => bytesToHex(bytes));
/** An address with each letter's case chosen at random. */
const anyCase = fc
  .tuple(address, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }))
  .map(
    ([hex, upper]) =>
      `0x${[...hex.slice(2)].map((char, i) => (upper[i] ? char.toUpperCase() : char)).join('')}`,
  );

describe("the domain's Keccak-256 and EIP-55 against viem's", () => {
  it('hashes any byte string as viem does, across the 136-byte block boundaries', () => {
    const lengthNearBlocks = fc
      .integer({ min: 1, max: 4 })
      .chain((blocks) => fc.integer({ min: blocks * RATE - 2, max: blocks * RATE + 1 }));
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 3 * RATE }),
      lengthNearBlocks.chain((length) => fc.uint8Array({ minLength: length, maxLength: length })),
    );
    fc.assert(
      fc.property(bytes, (input) => {
        expect(keccak256Hex(input)).toBe(keccak256(input).slice(2));
      }),
      { numRuns: 300 },
    );
  });

  it("checksums any address as viem's getAddress does, whatever case it was typed in", () => {
    fc.assert(
      fc.property(anyCase, (typed) => {
        expect(toChecksumAddress(typed)).toBe(getAddress(typed.toLowerCase()));
      }),
      { numRuns: 300 },
    );
  });

  it('accepts a mixed-case address exactly when viem finds its checksum right, and answers it checksummed', () => {
    fc.assert(
      fc.property(anyCase, (typed) => {
        const body = typed.slice(2);
        const result = checkChainAddress(typed);
        if (body === body.toLowerCase() || body === body.toUpperCase()) {
          // No checksum to check: accepted either way, written as viem writes it.
          expect(result).toEqual({ ok: true, value: getAddress(typed.toLowerCase()) });
        } else if (isAddress(typed, { strict: true })) {
          expect(result).toEqual({ ok: true, value: typed });
        } else {
          expect(result).toEqual({ ok: false, code: 'address_checksum' });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('accepts every address viem checksums', () => {
    fc.assert(
      fc.property(address, (hex) => {
        expect(checkChainAddress(getAddress(hex))).toEqual({ ok: true, value: getAddress(hex) });
      }),
      { numRuns: 300 },
    );
  });
});
