import { randomBytes } from 'node:crypto';
import { BINANCE_STREAM_ERRORS, LISTEN_KEY_VALIDITY_MS } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/app-context';
import type { SignedRequestCaller } from '../api-keys/authenticate-signed-request';
import { BinanceApiError } from '../api-keys/binance-error';
import { LISTEN_KEY_CLOSED_CHANNEL } from './binance-streams';
import { deleteListenKey, extendListenKey, upsertListenKey } from './listen-keys.repository';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 60 random letters and digits (rejection sampling, each of the 62 equally likely). */
function freshListenKey(): string {
  let out = '';
  while (out.length < 60) {
    for (const byte of randomBytes(64)) if (byte < 248 && out.length < 60) out += ALPHABET[byte % 62];
  }
  return out;
}

const missing = () => {
  const { code, msg } = BINANCE_STREAM_ERRORS.listenKeyMissing;
  return new BinanceApiError(400, code, msg);
};

/** POST /api/v3/userDataStream: the API key's live listen key, extended, or a new one. */
export async function createListenKey(ctx: Ctx, caller: SignedRequestCaller): Promise<{ listenKey: string }> {
  const now = ctx.clock.now();
  const listenKey = await upsertListenKey(ctx.db, {
    keyId: caller.keyId,
    userId: caller.userId,
    fresh: freshListenKey(),
    now,
    expiresAt: new Date(now.getTime() + LISTEN_KEY_VALIDITY_MS),
  });
  return { listenKey };
}

/** PUT /api/v3/userDataStream: another hour for the API key's live listen key, or -1125. */
export async function keepListenKeyAlive(
  ctx: Ctx,
  caller: SignedRequestCaller,
  listenKey: string,
): Promise<object> {
  const now = ctx.clock.now();
  const extended = await extendListenKey(
    ctx.db,
    { keyId: caller.keyId, listenKey, now },
    new Date(now.getTime() + LISTEN_KEY_VALIDITY_MS),
  );
  if (!extended) throw missing();
  return {};
}

/** DELETE /api/v3/userDataStream: the listen key is gone and its sockets close, in every process. */
export async function closeListenKey(
  ctx: Ctx,
  caller: SignedRequestCaller,
  listenKey: string,
): Promise<object> {
  const deleted = await deleteListenKey(ctx.db, { keyId: caller.keyId, listenKey });
  if (!deleted) throw missing();
  await ctx.db.execute(sql`SELECT pg_notify(${LISTEN_KEY_CLOSED_CHANNEL}, ${listenKey})`);
  return {};
}
