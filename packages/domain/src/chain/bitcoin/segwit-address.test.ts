import { describe, expect, it } from 'vitest';
import { checkChainAddress, isBurnAddress } from '../chain-address';
import { bech32Decode } from './bech32';
import { checkSegwitAddress, segwitAddress, segwitScriptHex } from './segwit-address';

/** BIP-173's and BIP-350's published vectors: the address and the output script it pays. */
const valid = [
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', '0014751e76e8199196d454941c45d1b3a323f1433bd6'],
  [
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
    '00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262',
  ],
  [
    'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
    '5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6',
  ],
] as const;

describe('segwit addresses (bech32, bech32m)', () => {
  it("reads BIP-173's and BIP-350's valid addresses, in lower case, and the script each pays", () => {
    for (const [address, script] of valid) {
      expect(checkSegwitAddress(address)).toEqual({ ok: true, value: address.toLowerCase() });
      expect(segwitScriptHex(address.toLowerCase())).toBe(script);
    }
  });

  it('writes a witness program back to the same address', () => {
    const program = Uint8Array.from(Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'));
    expect(segwitAddress('bc', 0, program)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(bech32Decode(segwitAddress('rltc', 0, program))?.hrp).toBe('rltc');
  });

  it('refuses mixed case, the wrong checksum constant, a bad program length and a typo', () => {
    const refused = [
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
      'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
      'bc1qr508d6qejxtdg4y5r3zarvaryv98gj9p',
      'bc1q',
    ];
    for (const address of refused) expect(checkSegwitAddress(address).ok).toBe(false);
    expect(checkSegwitAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toEqual({
      ok: false,
      code: 'address_checksum',
    });
    expect(checkSegwitAddress('   ')).toEqual({ ok: false, code: 'address_required' });
  });

  it("holds an address to its chain's network: a Bitcoin address is not a Litecoin one", () => {
    const bitcoin = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    expect(checkChainAddress(bitcoin, 'bitcoin', 'bc').ok).toBe(true);
    expect(checkChainAddress(bitcoin, 'bitcoin', 'ltc')).toEqual({ ok: false, code: 'address_invalid' });
    expect(checkChainAddress('0x0000000000000000000000000000000000000001', 'bitcoin').ok).toBe(false);
    expect(checkChainAddress(bitcoin, 'evm')).toEqual({ ok: false, code: 'address_invalid' });
    expect(isBurnAddress(bitcoin, 'bitcoin')).toBe(false);
  });
});
