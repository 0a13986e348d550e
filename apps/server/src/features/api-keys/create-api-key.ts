import { randomUUID } from 'node:crypto';
import {
  type CreatedApiKey,
  type createApiKeyRequestSchema,
  formatMessage,
  MAX_API_KEYS,
  messages as m,
} from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { sealSecret } from '../../platform/secret-box';
import { findUserById } from '../accounts/accounts.repository';
import { proveAccountSecondFactor, twoFactorOn } from '../accounts/second-factor';
import { sendSecurityChangeMail } from '../accounts/security-mail';
import type { ApiKeyCache } from './api-key-cache';
import { apiSecretBoxKey, KEY_PREFIX_LENGTH, keyHashOf, randomKeyString } from './api-key-material';
import { toApiKeyView } from './api-key-view';
import { countLiveKeys, insertKey } from './api-keys.repository';

export type CreateApiKeyInput = z.output<typeof createApiKeyRequestSchema>;

type CreateContext = Pick<AppContext, 'db' | 'clock' | 'config' | 'mailer' | 'logger'>;

function limitReached(): AppError {
  return new AppError('api_key_limit', formatMessage(m.apiKeyLimit, { max: String(MAX_API_KEYS) }));
}

/**
 * Creates an API key for the signed-in user: a random 64-character key string (stored as its
 * SHA-256) and a random 64-character HMAC secret (stored sealed, bound to the key's id), answered
 * this once. A trade key needs KYC (as trading on the web does); with two-factor on a code is
 * needed; an account holds at most MAX_API_KEYS live keys (counted under a per-user lock, so parallel
 * creations cannot pass it). The owner is mailed that a key was created. Once it commits, this process's
 * key cache (`keys`) forgets what it remembered as unknown, at once, and the database's trigger tells
 * every other process to.
 */
export async function createApiKey(
  ctx: CreateContext,
  userId: string,
  input: CreateApiKeyInput,
  keys?: Pick<ApiKeyCache, 'forgetUser'>,
): Promise<CreatedApiKey> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('unauthorized');
  const canTrade = (input.permissions as readonly string[]).includes('trade');
  if (canTrade && !user.isKycVerified) throw new AppError('kyc_required', m.apiKeyTradeNeedsKyc);
  // Refused before a code is spent when the cap is already reached.
  if ((await countLiveKeys(ctx.db, userId)) >= MAX_API_KEYS) throw limitReached();
  if (twoFactorOn(user))
    await proveAccountSecondFactor(ctx, user, { totp: input.totp, recoveryCode: input.recovery_code });

  const id = randomUUID();
  const apiKey = randomKeyString();
  const secret = randomKeyString();
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`);
    if ((await countLiveKeys(tx, userId)) >= MAX_API_KEYS) throw limitReached();
    return insertKey(tx, {
      id,
      userId,
      label: input.label,
      keyHash: keyHashOf(apiKey),
      keyPrefix: apiKey.slice(0, KEY_PREFIX_LENGTH),
      sealedSecret: sealSecret(apiSecretBoxKey(ctx.config), id, secret),
      canTrade,
      ipAllowList: [...new Set(input.ip_allow_list)],
      createdAt: ctx.clock.now(),
    });
  });
  keys?.forgetUser(userId);
  await sendSecurityChangeMail(ctx, userId, 'api_key_created');
  return { ...toApiKeyView(row), api_key: apiKey, secret };
}
