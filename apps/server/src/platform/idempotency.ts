import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema, messages } from '@exchange/contracts';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { type CommitMarker, type Db, type IdempotencyClaim, withCommitMarker } from './db';
import { AppError } from './errors';

/**
 * Idempotency for money-moving POSTs, keyed by (user, Idempotency-Key). Spread the hooks into a
 * route's options: `{ schema, ...idempotent }`.
 *
 * - No header: nothing is remembered (each request runs).
 * - A header that is not 1-128 of [A-Za-z0-9_-:.] (or is sent twice): 400, nothing runs.
 * - First use of a key: the key is claimed (a fresh claim token) with a hash of method, path and
 *   validated body, and the handler runs. Every transaction the handler commits also stamps the claim
 *   `committed_at`, in that same transaction, and only while this request still holds the claim (a
 *   request whose claim was taken over rolls its effect back). After the answer: a 2xx answer, or any
 *   answer once something committed, is stored; otherwise the claim is released (the request rolled
 *   back whatever it started) and the same key may be tried again.
 * - Same key, same request, answer stored: the stored status and body are replayed, header
 *   `idempotent-replayed: true`, and the handler does not run.
 * - Same key, other request: 409 'idempotency_conflict'. Same key while the first is still running:
 *   409 'idempotency_in_progress'.
 * - A claim a crash left behind: with nothing committed, a retry takes it over once the claim is
 *   older than `IDEMPOTENCY_LEASE_SECONDS` (longer than any request runs) and runs the handler; with
 *   its effect committed but the answer lost, it stays 409 in-progress, never runs twice, and goes
 *   with the pruning of old keys.
 * Storing the answer runs after the response is built and never fails the request: a failure leaves
 * the claim (and its committed stamp) in place, which is the safe side.
 */
export interface IdempotencyHooks {
  preHandler(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

/** The commit marker of each request that holds a claim, for `idempotentContext`. */
const markers = new WeakMap<FastifyRequest, CommitMarker>();

/**
 * The context an idempotent route's handler works with: for a request that holds a claim, `ctx` with a
 * database handle whose every top-level transaction stamps the claim inside itself
 * (`withCommitMarker`), and whose market and instant-desk commands carry the claim to the batch that
 * writes them (`commitMarkerOf`); otherwise `ctx` itself. A handler must reach the database only
 * through this context: a transaction on another handle would commit its effect unstamped, and the
 * hooks log and, under test, refuse a 2xx answer whose claim no effect stamped.
 */
export function idempotentContext<C extends { readonly db: Db }>(request: FastifyRequest, ctx: C): C {
  const marker = markers.get(request);
  return marker ? { ...ctx, db: withCommitMarker(ctx.db, marker) } : ctx;
}

/** How old an uncommitted claim must be before a retry may take it over (a crashed request's). */
export const IDEMPOTENCY_LEASE_SECONDS = 60;

/** How long keys and their answers are kept; older ones are pruned. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

type Claim = IdempotencyClaim;

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

  const whereClaim = (claim: Claim) =>
    and(
      eq(idempotencyKeys.userId, claim.userId),
      eq(idempotencyKeys.key, claim.key),
      eq(idempotencyKeys.claimToken, claim.token),
    );

  /** Stamps the claim inside the handler's transaction; a lost claim rolls the transaction back. */
  function markerFor(claim: Claim): CommitMarker {
    return {
      claim,
      async mark(tx) {
        const [held] = await tx
          .update(idempotencyKeys)
          .set({ committedAt: sql`coalesce(${idempotencyKeys.committedAt}, now())` })
          .where(whereClaim(claim))
          .returning({ key: idempotencyKeys.key });
        if (!held) throw new AppError('idempotency_in_progress', messages.idempotencyInProgress);
      },
    };
  }

  /** Claims the key (or takes over a crashed claim), or answers why the handler must not run. */
  async function claimOrAnswer(
    request: FastifyRequest,
  ): Promise<Claim | { replay: { status: number; body: unknown } } | null> {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return null;
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
      .returning({ token: idempotencyKeys.claimToken });
    if (claimed) return { userId, key, token: claimed.token };
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // Released between our insert and this read: the first request failed; the client may retry.
    if (!stored) throw new AppError('idempotency_in_progress', messages.idempotencyInProgress);
    if (stored.requestHash !== hash) throw new AppError('idempotency_conflict', messages.idempotencyConflict);
    if (stored.responseStatus !== null)
      return { replay: { status: stored.responseStatus, body: stored.responseBody } };
    // A claim older than any request with nothing committed was left by a crash: take it over.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ claimToken: sql`gen_random_uuid()`, claimedAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          eq(idempotencyKeys.claimToken, stored.claimToken),
          isNull(idempotencyKeys.committedAt),
          isNull(idempotencyKeys.responseStatus),
          sql`${idempotencyKeys.claimedAt} < now() - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS})`,
        ),
      )
      .returning({ token: idempotencyKeys.claimToken });
    if (taken) {
      request.log.warn({ key }, 'idempotency: took over a claim left by an unfinished request');
      return { userId, key, token: taken.token };
    }
    throw new AppError('idempotency_in_progress', messages.idempotencyInProgress);
  }

  // Callback style on purpose: the handler runs inside `done`, so the commit marker is in its scope.
  function preHandler(request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void {
    claimOrAnswer(request).then(
      (outcome) => {
        if (outcome === null) return done();
        if ('replay' in outcome) {
          void reply
            .code(outcome.replay.status)
            .header('idempotent-replayed', 'true')
            .type('application/json; charset=utf-8')
            .send(JSON.stringify(outcome.replay.body));
          return;
        }
        claims.set(request, outcome);
        markers.set(request, markerFor(outcome));
        done();
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    markers.delete(request);
    const success = reply.statusCode >= 200 && reply.statusCode < 300;
    let unstamped = false;
    try {
      // Once something committed, the answer is kept whatever it is: running again could act twice.
      let stored = false;
      if (typeof payload === 'string') {
        const [row] = await db
          .update(idempotencyKeys)
          .set({ responseStatus: reply.statusCode, responseBody: sql`${payload}::jsonb` })
          .where(and(whereClaim(claim), success ? undefined : isNotNull(idempotencyKeys.committedAt)))
          .returning({ committedAt: idempotencyKeys.committedAt });
        stored = row !== undefined;
        // A money route answers 2xx only after its effect committed, and that commit stamps the claim:
        // no stamp means the handler wrote through a handle other than idempotentContext's, and a
        // crash before this store would have let a retry act twice.
        unstamped = success && row !== undefined && row.committedAt === null;
      }
      if (!stored)
        await db.delete(idempotencyKeys).where(and(whereClaim(claim), isNull(idempotencyKeys.committedAt)));
    } catch (error) {
      // The answer still goes out; the key then stays claimed (409 in-progress), which is the safe side.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
    if (unstamped) {
      // Also what a request that found its work already done answers (approving an approved order).
      request.log.warn(
        { route: request.routeOptions.url },
        'idempotent request answered 2xx and nothing it committed stamped its claim (no effect, or one written outside its idempotent context)',
      );
      // Under test the request fails, so a route that writes past its idempotent context is caught.
      if (process.env.VITEST)
        throw new Error('idempotent request answered 2xx without its effect stamping the claim');
    }
    return payload;
  }

  return { preHandler, onSend };
}

/** Drops keys (and their stored answers) claimed before `before`; answers how many went. */
export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
