import { BINANCE_STREAM_ERRORS, LISTEN_KEY_PATTERN, listenKeyParamsSchema } from '@exchange/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context';
import { declareAccess } from '../../platform/route-access';
import type { ApiKeyReader } from '../api-keys/api-key-cache';
import { registerSignedFormBody, signedRequestParams } from '../api-keys/authenticate-signed-request';
import { BinanceApiError, SIGNED_REQUEST_ERRORS } from '../api-keys/binance-error';
import { createRequestWeights } from '../binance-api/request-weight';
import type { BinanceStreams } from './binance-streams';
import { closeListenKey, createListenKey, keepListenKeyAlive } from './listen-keys';
import { liveListenKey } from './listen-keys.repository';
import { userStreamCaller } from './stream-auth';
import { documentedUserStream } from './user-data-stream-docs';
import { acceptWsApi } from './ws-api';

export { createBinanceStreams } from './binance-streams';

type Owner = { userId: string; keyId: string };

/** The streams a /ws/<name> or /stream?streams=a/b request names. */
function namesOf(request: FastifyRequest): string[] {
  const params = request.params as { stream?: string };
  if (params.stream !== undefined) return [params.stream];
  const streams = (request.query as { streams?: unknown }).streams;
  return typeof streams === 'string' && streams !== '' ? streams.split('/').slice(0, 1024) : [];
}

/**
 * Binance's stream endpoints on the app's own port: raw streams at /ws and /ws/<stream> (ccxt opens
 * /ws/<n> and subscribes), combined ones at /stream?streams=<a>/<b> (frames as {stream, data}), the
 * WebSocket API at /ws-api/v3. A listen key among the names is checked before the upgrade: one that
 * does not exist, expired or whose API key was revoked is answered 400 with -1125, no socket.
 * (The web app's own socket is /api/v1/ws, a different path and protocol.)
 */
export function binanceStreamSocketRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  streams: BinanceStreams,
  keys: ApiKeyReader,
): void {
  const owners = new WeakMap<FastifyRequest, Map<string, Owner>>();
  const checkListenKeys = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = new Map<string, Owner>();
    for (const name of namesOf(request)) {
      if (!LISTEN_KEY_PATTERN.test(name)) continue;
      const owner = await liveListenKey(ctx.db, name, ctx.clock.now());
      if (!owner) return reply.code(400).send(BINANCE_STREAM_ERRORS.listenKeyMissing);
      found.set(name, owner);
    }
    owners.set(request, found);
  };
  const open = (combined: boolean) => (socket: import('ws').WebSocket, request: FastifyRequest) => {
    const connection = streams.sockets.accept(socket, request.ip, combined);
    if (!connection) return;
    const found = owners.get(request) ?? new Map<string, Owner>();
    for (const name of namesOf(request)) {
      const owner = found.get(name);
      if (owner) streams.openListenKey(connection, name, owner);
      else streams.sockets.subscribe(connection, name);
    }
    socket.on('message', (raw, isBinary) => {
      if (!isBinary) streams.sockets.control(connection, raw.toString());
    });
  };
  app.get('/ws', { websocket: true }, open(false));
  app.get('/ws/:stream', { websocket: true, preValidation: checkListenKeys }, open(false));
  app.get('/stream', { websocket: true, preValidation: checkListenKeys }, open(true));
  app.get('/ws-api/v3', { websocket: true }, (socket, request) =>
    acceptWsApi(ctx, streams, keys, socket, request.ip),
  );
}

/** Binance's request weight of each listen-key endpoint (POST, PUT and DELETE /api/v3/userDataStream). */
export const LISTEN_KEY_WEIGHT = 2;

/**
 * The listen key's endpoints, POST / PUT / DELETE /api/v3/userDataStream (Binance's USER_STREAM: the
 * API key in X-MBX-APIKEY, no signature), answered in Binance's {code, msg} on refusal. Each spends
 * Binance's weight as the other /api/v3 endpoints do: from the address's budget before the key is
 * looked up (so made-up keys cost as much as real ones), then from the key's.
 */
export function userDataStreamRoutes(app: FastifyInstance, ctx: AppContext, keys: ApiKeyReader): void {
  declareAccess(app, 'public', ctx.guards);
  registerSignedFormBody(app);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BinanceApiError) return reply.code(error.httpStatus).send(error.toJSON());
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .code(500)
      .send({ code: -1000, msg: 'An unknown error occurred while processing the request.' });
  });
  const weights = createRequestWeights(ctx);
  app.addHook('onClose', async () => weights.close());
  const caller = async (request: FastifyRequest, reply: FastifyReply) => {
    weights.spend(request, reply, LISTEN_KEY_WEIGHT);
    const found = await userStreamCaller(keys, request.headers['x-mbx-apikey'], request.ip);
    weights.spendKey(reply, LISTEN_KEY_WEIGHT, found.keyId);
    return found;
  };
  const listenKeyOf = (request: FastifyRequest): string => {
    const params = Object.fromEntries(signedRequestParams(request));
    if (!params.listenKey) throw SIGNED_REQUEST_ERRORS.missing('listenKey');
    const parsed = listenKeyParamsSchema.safeParse(params);
    if (!parsed.success) {
      const { code, msg } = BINANCE_STREAM_ERRORS.listenKeyMissing;
      throw new BinanceApiError(400, code, msg);
    }
    return parsed.data.listenKey;
  };
  const docs = (method: 'POST' | 'PUT' | 'DELETE') => ({
    config: { swaggerTransform: documentedUserStream(method) },
  });
  app.post('/userDataStream', docs('POST'), async (request, reply) =>
    createListenKey(ctx, await caller(request, reply)),
  );
  app.put('/userDataStream', docs('PUT'), async (request, reply) =>
    keepListenKeyAlive(ctx, await caller(request, reply), listenKeyOf(request)),
  );
  app.delete('/userDataStream', docs('DELETE'), async (request, reply) =>
    closeListenKey(ctx, await caller(request, reply), listenKeyOf(request)),
  );
}

/**
 * Everything for the composition root to mount at the root: the stream sockets (/ws, /ws/<stream>,
 * /stream, /ws-api/v3) and the listen key's endpoints at /api/v3/userDataStream.
 */
export function binanceStreamsScope(ctx: AppContext, streams: BinanceStreams, keys: ApiKeyReader) {
  return async (scope: FastifyInstance) => {
    binanceStreamSocketRoutes(scope, ctx, streams, keys);
    await scope.register(async (api) => userDataStreamRoutes(api, ctx, keys), { prefix: '/api/v3' });
  };
}
