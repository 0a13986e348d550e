import { checkChainAddress, segwitScriptHex } from '@exchange/domain';
import { describe, expect, it } from 'vitest';
import { asXpub, bip84XpubOfMnemonic, segwitAddressAt } from './bitcoin-addresses';

// BIP-84's published test vectors (bitcoin/bips, bip-0084.mediawiki).
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ACCOUNT_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('BIP-84 deposit addresses', () => {
  it("derives BIP-84's account key and its first addresses from the test seed", () => {
    expect(bip84XpubOfMnemonic(MNEMONIC, 0)).toBe(asXpub(ACCOUNT_ZPUB));
    expect(segwitAddressAt(ACCOUNT_ZPUB, 0, 'bc')).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(segwitAddressAt(ACCOUNT_ZPUB, 1, 'bc')).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(segwitAddressAt(ACCOUNT_ZPUB, 0, 'bc', 1)).toBe('bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el');
  });

  it("writes the same key under a Litecoin network's part, an address the domain's rule reads", () => {
    const bitcoin = segwitAddressAt(ACCOUNT_ZPUB, 0, 'bc');
    const litecoin = segwitAddressAt(ACCOUNT_ZPUB, 0, 'ltc');
    expect(litecoin.startsWith('ltc1q')).toBe(true);
    expect(segwitScriptHex(litecoin)).toBe(segwitScriptHex(bitcoin));
    expect(checkChainAddress(litecoin, 'bitcoin', 'ltc')).toEqual({ ok: true, value: litecoin });
    expect(checkChainAddress(segwitAddressAt(ACCOUNT_ZPUB, 7, 'rltc'), 'bitcoin', 'rltc').ok).toBe(true);
  });

  it('refuses what is not an extended public key', () => {
    expect(() => asXpub('not a key')).toThrow();
  });
});
