import { describe, expect, it } from 'vitest';
import { isSealedSecret, openSecret, sealSecret } from './secret-box';

const master = 'm'.repeat(48);
const totp = { master, purpose: 'exchange: totp secret at rest' };
const apiKeys = { master, purpose: 'exchange: api key secret at rest' };

describe('secret box', () => {
  it('opens what it sealed, for the same purpose and row only', () => {
    const sealed = sealSecret(apiKeys, 'key-1', 'the secret');
    expect(isSealedSecret(sealed)).toBe(true);
    expect(sealed).not.toContain('the secret');
    expect(openSecret(apiKeys, 'key-1', sealed)).toBe('the secret');
    // Another row, another purpose's key, another master secret: nothing opens.
    expect(openSecret(apiKeys, 'key-2', sealed)).toBeNull();
    expect(openSecret(totp, 'key-1', sealed)).toBeNull();
    expect(openSecret({ ...apiKeys, master: 'n'.repeat(48) }, 'key-1', sealed)).toBeNull();
  });

  it('seals the same secret differently each time, and refuses what is not sealed', () => {
    expect(sealSecret(apiKeys, 'k', 's')).not.toBe(sealSecret(apiKeys, 'k', 's'));
    expect(openSecret(apiKeys, 'k', 'JBSWY3DPEHPK3PXP')).toBeNull();
    expect(openSecret(apiKeys, 'k', 'v1.broken')).toBeNull();
  });
});
