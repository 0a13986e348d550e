import { generate, verify } from 'otplib';
import type { AppContext } from '../../platform/app-context';

/**
 * TOTP codes (RFC 6238: 6 digits, 30-second steps, SHA-1, as every authenticator app expects). One
 * step either side is accepted for clock drift.
 */
const TOLERANCE_SECONDS = 30;
const STEP_SECONDS = 30;

function epochOf(ctx: Pick<AppContext, 'clock'>): number {
  return Math.floor(ctx.clock.now().getTime() / 1000);
}

/** The 30-second step the code belongs to, or null when it matches none inside the tolerance. */
export async function totpStepOf(
  ctx: Pick<AppContext, 'clock'>,
  secret: string,
  code: string,
): Promise<number | null> {
  const epoch = epochOf(ctx);
  try {
    const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
    return result.valid ? Math.floor(epoch / STEP_SECONDS) + result.delta : null;
  } catch {
    return null;
  }
}

/** The code an authenticator app shows now: for tests and the operator script. */
export function currentTotp(ctx: Pick<AppContext, 'clock'>, secret: string): Promise<string> {
  return generate({ secret, epoch: epochOf(ctx) });
}
