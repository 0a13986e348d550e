import ccxt from 'ccxt';
import WebSocket from 'ws';
import type { TestKey } from '../binance-api/binance-api-test-helpers';

/**
 * ccxt's unmodified pro binance class pointed at our server: REST at /api/v3, streams at /ws and
 * /ws-api/v3. ccxt opens plain ws:// URLs only after `loadHttpProxyAgent()` (wss:// needs nothing).
 */
export async function binanceProClient(base: string, key?: TestKey, streamBase = base) {
  const ws = streamBase.replace(/^http/, 'ws');
  const bot = new ccxt.pro.binance({
    apiKey: key?.apiKey,
    secret: key?.secret,
    enableRateLimit: false,
    urls: {
      api: {
        public: `${base}/api/v3`,
        private: `${base}/api/v3`,
        ws: { spot: `${ws}/ws`, 'ws-api': { spot: `${ws}/ws-api/v3` } },
      },
    },
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
  });
  await bot.loadHttpProxyAgent();
  return bot;
}

/** A socket on one of our stream paths with every frame it got, parsed, in order. */
export async function openStream(base: string, path: string) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
  const frames: Record<string, unknown>[] = [];
  const waiting: {
    test: (f: Record<string, unknown>) => boolean;
    resolve: (f: Record<string, unknown>) => void;
  }[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Record<string, unknown>;
    frames.push(frame);
    for (const w of [...waiting]) {
      if (w.test(frame)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`HTTP ${response.statusCode}`)),
    );
  });
  return {
    socket,
    frames,
    closed,
    send: (frame: unknown) => socket.send(JSON.stringify(frame)),
    /** The first frame (already received or to come) that passes `test`, within `timeoutMs`. */
    next(test: (f: Record<string, unknown>) => boolean, timeoutMs = 5_000): Promise<Record<string, unknown>> {
      const seen = frames.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no such frame in time')), timeoutMs);
        waiting.push({
          test,
          resolve: (frame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        });
      });
    },
  };
}

/** The HTTP status a stream path is refused with before any upgrade (undefined: it opened). */
export function refusedWith(base: string, path: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`);
    socket.once('open', () => {
      socket.close();
      resolve(undefined);
    });
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode));
    socket.once('error', () => resolve(-1));
  });
}
