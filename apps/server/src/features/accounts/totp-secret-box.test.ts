import { describe, expect, it } from 'vitest';
import { openTotpSecret, sealTotpSecret } from './totp-secret-box';

const config = { otpHmacKey: 'k'.repeat(40) };
const ALICE = '11111111-1111-4111-8111-111111111111';
const BOB = '22222222-2222-4222-8222-222222222222';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';

describe('TOTP secrets at rest', () => {
  it('are stored encrypted, differently each time, and open with the key for their own account', () => {
    const sealed = sealTotpSecret(config, ALICE, SECRET);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(SECRET);
    expect(sealTotpSecret(config, ALICE, SECRET)).not.toBe(sealed);
    expect(openTotpSecret(config, ALICE, sealed)).toBe(SECRET);
  });

  it('do not open on another account, under another key, or when tampered with', () => {
    const sealed = sealTotpSecret(config, ALICE, SECRET);
    expect(openTotpSecret(config, BOB, sealed)).toBeNull();
    expect(openTotpSecret({ otpHmacKey: 'x'.repeat(40) }, ALICE, sealed)).toBeNull();
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-1)}`;
    expect(openTotpSecret(config, ALICE, flipped)).toBeNull();
    expect(openTotpSecret(config, ALICE, 'v1.garbage')).toBeNull();
  });

  it('read a secret enrolled before encryption as it was stored, and nothing as nothing', () => {
    expect(openTotpSecret(config, ALICE, SECRET)).toBe(SECRET);
    expect(openTotpSecret(config, ALICE, null)).toBeNull();
  });
});
