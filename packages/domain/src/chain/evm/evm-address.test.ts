import { describe, expect, it } from 'vitest';
import { checkChainAddress } from '../chain-address';
import { toChecksumAddress } from './evm-address';
import { keccak256Hex } from './keccak256';

// EIP-55's own examples.
const EIP55_EXAMPLES = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('keccak256Hex', () => {
  it('hashes as Ethereum does (Keccak padding, not SHA3)', () => {
    expect(keccak256Hex(new Uint8Array())).toBe(
      'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(keccak256Hex(new TextEncoder().encode('abc'))).toBe(
      '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
    // Longer than one 136-byte block, and exactly one block.
    expect(keccak256Hex(new Uint8Array(200).fill(0x61))).toBe(
      keccak256Hex(new TextEncoder().encode('a'.repeat(200))),
    );
    expect(keccak256Hex(new Uint8Array(136))).not.toBe(keccak256Hex(new Uint8Array(135)));
  });
});

describe('checkChainAddress (EIP-55)', () => {
  it('checksums the EIP examples from any case and accepts them as written', () => {
    for (const address of EIP55_EXAMPLES) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
      expect(checkChainAddress(address)).toEqual({ ok: true, value: address });
      expect(checkChainAddress(` ${address.toLowerCase()} `)).toEqual({ ok: true, value: address });
      expect(checkChainAddress(`0x${address.slice(2).toUpperCase()}`)).toEqual({ ok: true, value: address });
    }
  });

  it('refuses a mixed-case address whose checksum is wrong, which a one-letter typo makes', () => {
    const good = EIP55_EXAMPLES[0] ?? '';
    const flipped = `${good.slice(0, 3)}${good[3] === 'A' ? 'a' : 'A'}${good.slice(4)}`;
    expect(checkChainAddress(flipped)).toEqual({ ok: false, code: 'address_checksum' });
  });

  it('refuses nothing and what is not a 20-byte hex address', () => {
    expect(checkChainAddress('  ')).toEqual({ ok: false, code: 'address_required' });
    for (const bad of ['0x123', 'abc', `0x${'g'.repeat(40)}`, `${'1'.repeat(42)}`, `0x${'1'.repeat(41)}`]) {
      expect(checkChainAddress(bad)).toEqual({ ok: false, code: 'address_invalid' });
    }
  });
});
