import { BINANCE_STREAM_ERRORS } from '@exchange/contracts';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context';
import type { PgListener } from '../../platform/pg-listener';
import { API_KEY_CHANGED_CHANNEL } from '../api-keys/api-key-cache';
import { BALANCE_EVENT_CHANNEL } from '../ledger/balance-events';
import { parseTradingNotification, TRADING_EVENT_CHANNEL } from '../trading/trading-events';
import type { TradingRuntime } from '../trading/trading-runtime';
import { liveApiKeyIds, liveListenKeysAmong } from './listen-keys.repository';
import { createMarketFeed } from './market-feed';
import { type StreamConnection, StreamSockets } from './stream-sockets';
import { createUserDataFeed } from './user-data-feed';

/** NOTIFYed with a listen key that DELETE closed: every process closes its sockets. */
export const LISTEN_KEY_CLOSED_CHANNEL = 'listen_key_closed';
/** How often each process checks its listen-key sockets against expiry and revoked API keys. */
export const LISTEN_KEY_CHECK_EVERY_MS = 60_000;

const balanceUsersSchema = z.array(z.string().min(1));

/**
 * Binance's WebSocket streams in one server process (issue 48): the stream sockets, the market feed
 * and the user data feed, all fed by the notifications every process already hears after a commit
 * (trading_event, balance_event), so the matching loop does no work for a subscriber. The sockets of a
 * listen key are checked every minute and close with Binance's listenKeyExpired event once it expired
 * or its API key was revoked; a DELETE closes them at once, in every process.
 */
export function createBinanceStreams(
  ctx: Pick<AppContext, 'db' | 'clock' | 'logger' | 'walletOf'>,
  trading: TradingRuntime,
  listener: Pick<PgListener, 'on'>,
) {
  const nowMs = () => ctx.clock.now().getTime();
  let market: ReturnType<typeof createMarketFeed> | undefined;
  const sockets = new StreamSockets(ctx.logger, nowMs, (topic) => market?.onWatched(topic));
  market = createMarketFeed(ctx, trading, sockets);
  const users = createUserDataFeed(ctx);
  /** Listen key → the sockets that opened it here. */
  const byListenKey = new Map<string, Set<StreamConnection>>();

  const expire = (listenKey: string) => {
    for (const connection of byListenKey.get(listenKey) ?? []) {
      const event = { e: 'listenKeyExpired', E: nowMs(), listenKey };
      sockets.send(
        connection,
        JSON.stringify(connection.combined ? { stream: listenKey, data: event } : event),
      );
      connection.socket.close(1000, 'listen key expired');
    }
    byListenKey.delete(listenKey);
  };

  listener.on(TRADING_EVENT_CHANNEL, (raw) => {
    const notification = parseTradingNotification(raw);
    if (!notification) return;
    market?.onNotification(notification);
    users.onNotification(notification);
  });
  listener.on(BALANCE_EVENT_CHANNEL, (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const userIds = balanceUsersSchema.safeParse(parsed);
    if (userIds.success) users.onBalances(userIds.data);
  });
  listener.on(LISTEN_KEY_CLOSED_CHANNEL, expire);
  // A key revoked, its owner disabled (any change of a user's keys): that user's streams whose key is
  // no longer live end at once, in every process.
  listener.on(API_KEY_CHANGED_CHANNEL, (userId) => {
    const open = users.sinksOf(userId);
    if (open.length === 0) return;
    liveApiKeyIds(ctx.db, [...new Set(open.map((sink) => sink.keyId))])
      .then((live) => {
        for (const sink of open) if (!live.has(sink.keyId)) sink.end();
      })
      .catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not check API keys of user streams'));
  });

  /** Closes the sockets of every listen key here that is no longer live. */
  const checkListenKeys = async () => {
    const keys = [...byListenKey.keys()];
    if (keys.length === 0) return;
    const live = await liveListenKeysAmong(ctx.db, keys, ctx.clock.now());
    for (const key of keys) if (!live.has(key)) expire(key);
  };
  let timer: NodeJS.Timeout | undefined;

  return {
    sockets,
    users,
    /**
     * Opens a listen key's user data stream on a socket: frames raw, or {stream: listenKey, data}
     * on a combined socket. The key was checked live before the socket was upgraded.
     */
    openListenKey(connection: StreamConnection, listenKey: string, owner: { userId: string; keyId: string }) {
      const remove = users.add(owner.userId, {
        keyId: owner.keyId,
        send: (event) =>
          sockets.send(
            connection,
            JSON.stringify(connection.combined ? { stream: listenKey, data: event } : event),
          ),
        end: () => expire(listenKey),
      });
      let set = byListenKey.get(listenKey);
      if (!set) {
        set = new Set();
        byListenKey.set(listenKey, set);
      }
      set.add(connection);
      connection.names.set(listenKey, `user:${listenKey}`);
      connection.onGone.push(() => {
        remove();
        const open = byListenKey.get(listenKey);
        open?.delete(connection);
        if (open?.size === 0) byListenKey.delete(listenKey);
      });
    },
    checkListenKeys,
    listenKeyRefusal: BINANCE_STREAM_ERRORS.listenKeyMissing,
    /** After the trading runtime started (its depths are the feed's first). */
    start() {
      market?.start();
      timer = setInterval(() => {
        checkListenKeys().catch((error: unknown) =>
          ctx.logger.warn({ err: error }, 'listen key check failed'),
        );
      }, LISTEN_KEY_CHECK_EVERY_MS);
      timer.unref();
    },
    close() {
      if (timer) clearInterval(timer);
      market?.stop();
      sockets.close();
    },
  };
}
export type BinanceStreams = ReturnType<typeof createBinanceStreams>;
