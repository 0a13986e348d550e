import { hash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../platform/app-context';
import type { SecretBoxKey } from '../../platform/secret-box';

/** An API key string and its secret: 64 letters and digits each, as Binance's are. */
export const KEY_LENGTH = 64;
export const KEY_FORMAT = /^[A-Za-z0-9]{64}$/;
/** The first characters of a key, kept in clear so its owner can tell keys apart. */
export const KEY_PREFIX_LENGTH = 8;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 64 random letters and digits (rejection sampling: each of the 62 equally likely, 380 bits). */
export function randomKeyString(): string {
  let out = '';
  while (out.length < KEY_LENGTH) {
    for (const byte of randomBytes(KEY_LENGTH)) {
      // 248 = 4 × 62: bytes at or above it would favour the first letters.
      if (byte < 248 && out.length < KEY_LENGTH) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/**
 * What the database keeps of a key string: its SHA-256 (the string has 380 random bits, no salt needed).
 * Every signed request computes it to find its key; the one-shot `hash` costs about a third of a
 * `createHash` object's round.
 */
export function keyHashOf(key: string): string {
  return hash('sha256', key, 'hex');
}

/** The secret box key that seals API key secrets: its own HKDF label over the server's OTP_HMAC_KEY. */
export function apiSecretBoxKey(config: Pick<AppContext['config'], 'otpHmacKey'>): SecretBoxKey {
  return { master: config.otpHmacKey, purpose: 'exchange: api key secret at rest' };
}
