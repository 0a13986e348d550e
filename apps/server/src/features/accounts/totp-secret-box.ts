import type { AppContext } from '../../platform/app-context';
import { isSealedSecret, openSecret, type SecretBoxKey, sealSecret } from '../../platform/secret-box';

/**
 * TOTP secrets are kept encrypted at rest by the platform's secret box (AES-256-GCM under a key
 * derived by HKDF from OTP_HMAC_KEY with its own label), bound to the user's id: a ciphertext copied
 * onto another account does not open. A secret enrolled before this (base32, no dots) is read as it
 * was stored, and sealed at its owner's next sign-in with a code.
 */
type KeyConfig = Pick<AppContext['config'], 'otpHmacKey'>;

function boxKey(config: KeyConfig): SecretBoxKey {
  return { master: config.otpHmacKey, purpose: 'exchange: totp secret at rest' };
}

export function sealTotpSecret(config: KeyConfig, userId: string, secret: string): string {
  return sealSecret(boxKey(config), userId, secret);
}

/** Whether a stored secret is encrypted (one enrolled before encryption at rest is not). */
export function isSealedTotpSecret(stored: string): boolean {
  return isSealedSecret(stored);
}

/** The secret in clear, or null when there is none or it does not open (another key, another account). */
export function openTotpSecret(config: KeyConfig, userId: string, stored: string | null): string | null {
  if (!stored) return null;
  if (!isSealedSecret(stored)) return stored;
  return openSecret(boxKey(config), userId, stored);
}
