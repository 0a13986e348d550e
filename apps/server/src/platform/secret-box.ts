import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back in clear (a TOTP secret, an API key's HMAC secret) are kept
 * encrypted at rest with AES-256-GCM, so a read of the database (a backup, a replica, an SQL injection)
 * hands over nothing usable. Each purpose has its own key, derived (HKDF-SHA256, the purpose as label)
 * from a master secret of the server's secret store (OTP_HMAC_KEY, which production requires from the
 * environment). The row the secret belongs to (a user's id, a key's id) is the additional authenticated
 * data: a ciphertext copied onto another row does not open. Stored as `v1.<iv>.<tag>.<ciphertext>`
 * (base64url).
 */
const VERSION = 'v1.';
const keys = new Map<string, Buffer>();

/** Which master secret and which purpose: together they name the derived key. */
export interface SecretBoxKey {
  readonly master: string;
  /** The HKDF label, e.g. 'exchange: totp secret at rest'; never change one in use. */
  readonly purpose: string;
}

function keyOf({ master, purpose }: SecretBoxKey): Buffer {
  const id = `${purpose}\u0000${master}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', master, '', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

/** Encrypts `secret`, bound to `boundTo` (the id of the row it is stored on). */
export function sealSecret(key: SecretBoxKey, boundTo: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${VERSION}${[iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
}

/** Whether a stored value is a sealed secret (rather than something stored in clear). */
export function isSealedSecret(stored: string): boolean {
  return stored.startsWith(VERSION);
}

/** The secret in clear, or null when `stored` is not sealed or does not open (another key, another row). */
export function openSecret(key: SecretBoxKey, boundTo: string, stored: string): string | null {
  if (!isSealedSecret(stored)) return null;
  const [iv, tag, sealed] = stored
    .slice(VERSION.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(key), iv);
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
