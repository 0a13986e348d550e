import WebSocket from 'ws';

/**
 * A real WebSocket client for tests: keeps every frame it receives, in order, and waits for the next
 * one that matches.
 */
export interface TestSocket {
  readonly socket: WebSocket;
  readonly frames: Record<string, unknown>[];
  send(frame: unknown): void;
  sendRaw(text: string): void;
  /** The first matching frame after the one the previous `next` returned (frames are kept, not lost). */
  next(
    match: (frame: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function connectTestSocket(
  url: string,
  options: WebSocket.ClientOptions = {},
): Promise<TestSocket> {
  const socket = new WebSocket(url, options);
  const frames: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let cursor = 0;
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Record<string, unknown>);
    for (const wake of waiters) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    send(frame) {
      socket.send(JSON.stringify(frame));
    },
    sendRaw(text) {
      socket.send(text);
    },
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          for (let i = cursor; i < frames.length; i += 1) {
            if (match(frames[i]!)) {
              cursor = i + 1;
              waiters.delete(look);
              clearTimeout(timer);
              resolve(frames[i]!);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(look);
          reject(
            new Error(
              `no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(cursor))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(look);
        look();
      });
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close();
      });
    },
  };
}
