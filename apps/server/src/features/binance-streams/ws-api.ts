import { BINANCE_STREAM_ERRORS, formatMessage, wsApiRequestSchema } from '@exchange/contracts';
import type WebSocket from 'ws';
import type { AppContext } from '../../platform/app-context';
import type { ApiKeyReader } from '../api-keys/api-key-cache';
import { BinanceApiError } from '../api-keys/binance-error';
import type { BinanceStreams } from './binance-streams';
import { wsSignedCaller } from './stream-auth';

/**
 * Binance's WebSocket API at /ws-api/v3, the part ccxt's pro binance class uses for a spot account's
 * own orders and balances: `userDataStream.subscribe.signature` (a signed request: the subscription's
 * events then arrive on this socket as {subscriptionId, event}), `userDataStream.unsubscribe`, `ping`
 * and `time`. Answers are {id, status, result} or {id, status, error: {code, msg}}.
 */
export function acceptWsApi(
  ctx: Pick<AppContext, 'clock' | 'logger'>,
  streams: BinanceStreams,
  keys: ApiKeyReader,
  socket: WebSocket,
  ip: string | undefined,
): void {
  const { sockets } = streams;
  const connection = sockets.accept(socket, ip, false);
  if (!connection) return;
  const subscriptions = new Map<number, () => void>();
  let nextId = 0;
  connection.onGone.push(() => {
    for (const remove of subscriptions.values()) remove();
    subscriptions.clear();
  });
  const reply = (id: unknown, body: object) => sockets.send(connection, JSON.stringify({ id, ...body }));
  const refuse = (id: unknown, status: number, error: { code: number; msg: string }) =>
    reply(id, { status, error: { code: error.code, msg: error.msg } });

  const handle = async (raw: string) => {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return refuse(null, 400, BINANCE_STREAM_ERRORS.invalidJson);
    }
    const request = wsApiRequestSchema.safeParse(json);
    if (!request.success)
      return refuse((json as { id?: unknown } | null)?.id ?? null, 400, {
        code: BINANCE_STREAM_ERRORS.invalidRequest.code,
        msg: formatMessage(BINANCE_STREAM_ERRORS.invalidRequest.msg, { detail: 'malformed request' }),
      });
    const { id, method, params = {} } = request.data;
    switch (method) {
      case 'ping':
        return reply(id, { status: 200, result: {} });
      case 'time':
        return reply(id, { status: 200, result: { serverTime: ctx.clock.now().getTime() } });
      case 'userDataStream.subscribe.signature': {
        const caller = await wsSignedCaller(ctx, keys, params, ip);
        const subscriptionId = nextId++;
        const remove = streams.users.add(caller.userId, {
          keyId: caller.keyId,
          send: (event) => sockets.send(connection, JSON.stringify({ subscriptionId, event })),
          // Binance's word for a subscription that ended: its key is no longer valid.
          end: () => {
            const ended = { e: 'eventStreamTerminated', E: ctx.clock.now().getTime() };
            sockets.send(connection, JSON.stringify({ subscriptionId, event: ended }));
            subscriptions.get(subscriptionId)?.();
            subscriptions.delete(subscriptionId);
          },
        });
        subscriptions.set(subscriptionId, remove);
        return reply(id, { status: 200, result: { subscriptionId } });
      }
      case 'userDataStream.unsubscribe': {
        const only = params.subscriptionId === undefined ? undefined : Number(params.subscriptionId);
        const ids = only === undefined ? [...subscriptions.keys()] : [only];
        if (only !== undefined && !subscriptions.has(only))
          return refuse(id, 400, BINANCE_STREAM_ERRORS.notSubscribed);
        for (const sub of ids) {
          subscriptions.get(sub)?.();
          subscriptions.delete(sub);
        }
        return reply(id, { status: 200, result: {} });
      }
      default:
        return refuse(id, 400, {
          code: BINANCE_STREAM_ERRORS.unknownMethod.code,
          msg: formatMessage(BINANCE_STREAM_ERRORS.unknownMethod.msg, { method }),
        });
    }
  };

  socket.on('message', (raw, isBinary) => {
    if (isBinary || !sockets.spend(connection)) return;
    const text = raw.toString();
    handle(text).catch((error: unknown) => {
      const id = (() => {
        try {
          return (JSON.parse(text) as { id?: unknown }).id ?? null;
        } catch {
          return null;
        }
      })();
      if (error instanceof BinanceApiError)
        return refuse(id, error.httpStatus, { code: error.code, msg: error.msg });
      ctx.logger.error({ err: error }, 'WebSocket API request failed');
      refuse(id, 500, { code: -1000, msg: 'An unknown error occurred while processing the request.' });
    });
  });
}
