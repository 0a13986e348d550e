import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { openSecret, type SecretBoxKey, sealSecret } from '../../platform/secret-box';

/**
 * Each report has its own random key; a customer's salt is HMAC-SHA256(key, user id), so it is random
 * to anyone without the key, the same every time the customer asks for the report's proof, and
 * different in every report (two reports' leaves cannot be linked). The key is stored sealed with the
 * server's secret box, bound to the report's id: a database read alone does not give the salts.
 */
export function reservesSaltBox(master: string): SecretBoxKey {
  return { master, purpose: 'exchange: proof-of-reserves salt key' };
}

export function newSaltKey(): string {
  return randomBytes(32).toString('hex');
}

export function sealSaltKey(box: SecretBoxKey, reportId: string, key: string): string {
  return sealSecret(box, reportId, key);
}

export function openSaltKey(box: SecretBoxKey, reportId: string, sealed: string): string {
  const key = openSecret(box, reportId, sealed);
  if (key === null)
    throw new Error(`the salt key of report ${reportId} does not open with this server's secret`);
  return key;
}

export function saltFor(key: string, userId: string): Uint8Array {
  return saltsOf(key)(userId);
}

/** The salts of one report's key, the key prepared once (a million leaves make a million salts). */
export function saltsOf(key: string): (userId: string) => Uint8Array {
  const secret = createSecretKey(Buffer.from(key, 'hex'));
  return (userId) => createHmac('sha256', secret).update(userId).digest();
}
