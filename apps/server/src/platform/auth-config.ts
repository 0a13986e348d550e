import { z } from 'zod';

/**
 * The sign-in secrets and token lifetimes: their environment variables (spread into config.ts's env
 * schema, so they are documented and parsed with the rest) and their typed settings.
 */
export const authEnv = {
  JWT_SECRET: z.string().min(32).optional(),
  OTP_HMAC_KEY: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(30),
};

type AuthEnv = z.output<z.ZodObject<typeof authEnv>>;

export interface AuthConfig {
  /** Signs access tokens. Empty only in production without JWT_SECRET, which refuses to start. */
  readonly jwtSecret: string;
  /** Keys the HMAC of stored one-time codes; separate from the JWT secret so one leak is not both. */
  readonly otpHmacKey: string;
  readonly accessTokenTtlSeconds: number;
  readonly refreshTokenTtlDays: number;
}

/** `secret` gives the value of a secret setting, or what stands in for it when unset (see loadConfig). */
export function authConfig(
  env: AuthEnv,
  secret: (given: string | undefined, name: string) => string,
): AuthConfig {
  return {
    jwtSecret: secret(env.JWT_SECRET, 'jwt-secret'),
    otpHmacKey: secret(env.OTP_HMAC_KEY, 'otp-hmac-key'),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
  };
}
