import { createHmac, randomInt } from 'node:crypto';
import { formatRecoveryCode, normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '@exchange/domain';
import type { AppContext } from '../../platform/app-context';

/**
 * Recovery codes: ten random codes of ten base32 letters (50 bits each), shown once as `abcde-fgh23`
 * and stored only as an HMAC keyed with OTP_HMAC_KEY and bound to the user, so a leaked table gives
 * away no code and a code of one account is worth nothing on another.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

function newBareCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export function hashRecoveryCode(
  config: Pick<AppContext['config'], 'otpHmacKey'>,
  userId: string,
  bare: string,
): string {
  return createHmac('sha256', config.otpHmacKey).update(`recovery:${userId}:${bare}`).digest('hex');
}

/** A new set of codes: what the user is shown once, and the hashes to store. */
export function newRecoveryCodes(
  config: Pick<AppContext['config'], 'otpHmacKey'>,
  userId: string,
): { shown: string[]; hashes: string[] } {
  const bare = new Set<string>();
  while (bare.size < RECOVERY_CODE_COUNT) bare.add(newBareCode());
  return {
    shown: [...bare].map(formatRecoveryCode),
    hashes: [...bare].map((code) => hashRecoveryCode(config, userId, code)),
  };
}

/** The hash a typed recovery code is looked up by, or null when it cannot be one. */
export function typedRecoveryCodeHash(
  config: Pick<AppContext['config'], 'otpHmacKey'>,
  userId: string,
  typed: string,
): string | null {
  const bare = normalizeRecoveryCode(typed);
  return bare ? hashRecoveryCode(config, userId, bare) : null;
}
