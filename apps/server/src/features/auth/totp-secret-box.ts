import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/app-context';

/**
 * TOTP secrets are kept encrypted at rest (AES-256-GCM), so a read of the users table (a backup, a
 * replica, an SQL injection) does not hand over anyone's authenticator. The key is derived (HKDF-SHA256,
 * its own label) from OTP_HMAC_KEY, which production requires from the environment (32+ characters,
 * not the JWT secret) and refuses to start without, so no development key reaches production. The
 * user's id is the additional authenticated data: a ciphertext copied onto another account does not open.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url); a secret enrolled before this (base32, no dots)
 * is read as it was stored, and sealed at its owner's next sign-in with a code.
 */
const VERSION = 'v1.';
const keys = new Map<string, Buffer>();

type KeyConfig = Pick<AppContext['config'], 'otpHmacKey'>;

function keyOf(config: KeyConfig): Buffer {
  let key = keys.get(config.otpHmacKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', config.otpHmacKey, '', 'exchange: totp secret at rest', 32));
    keys.set(config.otpHmacKey, key);
  }
  return key;
}

export function sealTotpSecret(config: KeyConfig, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
}

/** Whether a stored secret is encrypted (one enrolled before encryption at rest is not). */
export function isSealedTotpSecret(stored: string): boolean {
  return stored.startsWith(VERSION);
}

/** The secret in clear, or null when there is none or it does not open (another key, another account). */
export function openTotpSecret(config: KeyConfig, userId: string, stored: string | null): string | null {
  if (!stored) return null;
  if (!stored.startsWith(VERSION)) return stored;
  const [iv, tag, sealed] = stored
    .slice(VERSION.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), iv);
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
