import { describe, expect, it } from 'vitest';
import { embeddedSignerWanted } from './embedded-signer';

describe('the embedded default runs its own signer process', () => {
  it('only in development on the embedded chain, with no key or signer given', () => {
    expect(embeddedSignerWanted({})).toBe(true);
    expect(embeddedSignerWanted({ NODE_ENV: 'development', CHAIN_MODE: 'embedded' })).toBe(true);
    expect(embeddedSignerWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(embeddedSignerWanted({ NODE_ENV: 'test' })).toBe(false);
    expect(embeddedSignerWanted({ CHAIN_MODE: 'off' })).toBe(false);
    expect(embeddedSignerWanted({ CHAIN_RPC_URL: 'http://127.0.0.1:8545' })).toBe(false);
    expect(embeddedSignerWanted({ CHAIN_MNEMONIC: 'test test' })).toBe(false);
    expect(embeddedSignerWanted({ CHAIN_XPUB: 'xpub…' })).toBe(false);
    expect(embeddedSignerWanted({ SIGNER_URL: 'http://127.0.0.1:8091' })).toBe(false);
  });
});
