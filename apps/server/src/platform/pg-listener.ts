import type pg from 'pg';
import type { Logger } from 'pino';

/**
 * PostgreSQL LISTEN on one dedicated connection per process: how live updates written by any process
 * (a price tick, later an order-book change) reach the WebSocket clients of every process. Writers send
 * `pg_notify(channel, payload)` inside their transaction, so a notification goes out only on commit.
 */
export interface PgListener {
  /** Calls `handler` with each payload sent on `channel`; returns a function that stops it. */
  on(channel: string, handler: (payload: string) => void): () => void;
  /** Connects and LISTENs on every channel asked for so far; resolves once notifications flow. */
  start(): Promise<void>;
  /**
   * Which connection LISTENs now (1 for the first, 2 after a reconnect, ...), or null while none does.
   * A cache that forgets on notifications compares it: notifications sent while no connection listened
   * were lost, so what it kept from an earlier connection may be stale.
   */
  listening(): number | null;
  close(): Promise<void>;
}

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

export function createPgListener(
  pool: pg.Pool,
  logger: Logger,
  options: { retryMinMs?: number; retryMaxMs?: number } = {},
): PgListener {
  const retryMinMs = options.retryMinMs ?? 500;
  const retryMaxMs = options.retryMaxMs ?? 30_000;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.PoolClient | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let retryMs = retryMinMs;
  let closed = false;
  /** Connections that reached LISTEN so far; `live` while the current one has. */
  let connections = 0;
  let live = false;

  function dispatch(message: pg.Notification): void {
    for (const handler of handlers.get(message.channel) ?? []) {
      try {
        handler(message.payload ?? '');
      } catch (error) {
        logger.error({ err: error, channel: message.channel }, 'notification handler failed');
      }
    }
  }

  function lose(lost: pg.PoolClient, error: unknown): void {
    if (client !== lost) return;
    client = null;
    live = false;
    lost.removeListener('notification', dispatch);
    // Destroy rather than return it: a connection that failed must not go back to the pool.
    lost.release(error instanceof Error ? error : true);
    if (closed) return;
    logger.warn({ err: error, retryMs }, 'LISTEN connection lost; reconnecting');
    scheduleRetry();
  }

  function scheduleRetry(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch(() => {});
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, retryMaxMs);
  }

  async function connect(): Promise<void> {
    if (closed || client) return;
    connecting ??= (async () => {
      let fresh: pg.PoolClient | null = null;
      try {
        fresh = await pool.connect();
        const current = fresh;
        current.on('error', (error) => lose(current, error));
        current.on('notification', dispatch);
        client = current;
        for (const channel of handlers.keys()) await current.query(`LISTEN ${channel}`);
        if (client === current) {
          connections += 1;
          live = true;
        }
        retryMs = retryMinMs;
      } catch (error) {
        if (fresh && client === fresh) lose(fresh, error);
        else {
          fresh?.release(true);
          scheduleRetry();
        }
        throw error;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  return {
    on(channel, handler) {
      if (!CHANNEL_PATTERN.test(channel)) throw new Error(`invalid LISTEN channel ${channel}`);
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const current = client;
        if (current) current.query(`LISTEN ${channel}`).catch((error: unknown) => lose(current, error));
      }
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    async start() {
      await connect();
    },
    listening() {
      return live ? connections : null;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      await connecting?.catch(() => {});
      const current = client;
      client = null;
      live = false;
      if (current) {
        current.removeListener('notification', dispatch);
        // UNLISTEN is implied by closing; destroying the connection also frees the pool at shutdown.
        current.release(true);
      }
    },
  };
}
