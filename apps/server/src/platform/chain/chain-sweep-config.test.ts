import { describe, expect, it } from 'vitest';
import { chainSweepEnv } from './chain-sweep-config';

/** CHAIN_COLD_WALLETS takes a 0x address for an EVM chain and a lowercase bech32 one for Litecoin. */
describe('CHAIN_COLD_WALLETS', () => {
  const parse = (text: string) => chainSweepEnv.CHAIN_COLD_WALLETS.safeParse(text);

  it('accepts EVM and bech32 addresses side by side', () => {
    const evm = `ethereum:0x${'ab'.repeat(20)}`;
    const ltc = 'litecoin:ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9';
    expect(parse(`${evm}, ${ltc}`)).toMatchObject({ success: true, data: [evm, ltc] });
  });

  it('refuses an address of neither kind, and an upper-case bech32 one', () => {
    expect(parse('litecoin:LTC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KGMN4N9').success).toBe(false);
    expect(parse('litecoin:not-an-address').success).toBe(false);
    expect(parse('ethereum:0x1234').success).toBe(false);
  });
});
