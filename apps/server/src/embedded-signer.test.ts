import { describe, expect, it } from 'vitest';
import { embeddedSignerWanted, signerCommand } from './embedded-signer';

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

  it("runs the signer's bundle beside the server's bundle, and its source through tsx from source", () => {
    expect(signerCommand(['--identity'], '/app/apps/server/dist/server/main.mjs')).toEqual([
      process.execPath,
      ['/app/apps/server/dist/server/signer/main.mjs', '--identity'],
    ]);
    const [, fromSource] = signerCommand([]);
    expect(fromSource.slice(0, 2)).toEqual(['--import', 'tsx']);
    expect(fromSource[2]).toMatch(/signer[/\\]main\.ts$/);
  });
});
