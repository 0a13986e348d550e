import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, messages } from '@exchange/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import type { Db } from './db';
import { AppError } from './errors';

/**
 * Idempotency for money-moving POSTs, keyed by (user, Idempotency-Key). Spread the hooks into a
 * route's options: `{ schema, ...idempotent }`.
 *
 * - No header: nothing is remembered (each request runs).
 * - A header that is not 1-128 of [A-Za-z0-9_-:.] (or is sent twice): 400, nothing runs.
 * - First use of a key: the key is claimed with a hash of method, path and validated body; the handler
 *   runs; a 2xx answer is stored. Any other answer releases the claim (the request rolled back whatever
 *   it started), so the same key may be tried again.
 * - Same key, same request, answer stored: the stored status and body are replayed, header
 *   `idempotent-replayed: true`, and the handler does not run.
 * - Same key, other request: 409 'idempotency_conflict'. Same key while the first is still running:
 *   409 'idempotency_in_progress'.
 *
 * The answer is stored after the handler's transaction has committed. Should the process die in
 * between, the key stays claimed and answers 409 in-progress; the business reference of the effect
 * (a deposit's order, say) is what keeps a retry with a fresh key from applying it twice.
 */
export interface IdempotencyHooks {
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

interface Claim {
  readonly userId: string;
  readonly key: string;
}

/** A JSON text of a value with object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method}\n${request.url}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

export function createIdempotencyHooks(db: Db): IdempotencyHooks {
  const claims = new WeakMap<FastifyRequest, Claim>();

  async function preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return undefined;
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success) throw new AppError('validation_failed', messages.idempotencyKeyInvalid);
    const userId = request.session?.userId;
    if (!userId) throw new Error('idempotency hooks need a signed-in scope');
    const key = parsed.data;
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    const hash = requestHash(request);

    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      claims.set(request, { userId, key });
      return undefined;
    }
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // Released between our insert and this read: the first request failed; the client may retry.
    if (!stored || stored.responseStatus === null) {
      if (stored && stored.requestHash !== hash)
        throw new AppError('idempotency_conflict', messages.idempotencyConflict);
      throw new AppError('idempotency_in_progress', messages.idempotencyInProgress);
    }
    if (stored.requestHash !== hash) throw new AppError('idempotency_conflict', messages.idempotencyConflict);
    return reply
      .code(stored.responseStatus)
      .header('idempotent-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(stored.responseBody));
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    try {
      const success = reply.statusCode >= 200 && reply.statusCode < 300;
      if (success && typeof payload === 'string') {
        await db
          .update(idempotencyKeys)
          .set({ responseStatus: reply.statusCode, responseBody: sql`${payload}::jsonb` })
          .where(where);
      } else {
        await db.delete(idempotencyKeys).where(where);
      }
    } catch (error) {
      // The answer still goes out; the key then stays claimed (409 in-progress), which is the safe side.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
    return payload;
  }

  return { preHandler, onSend };
}
