import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a price provider on 127.0.0.1, for tests: it answers each request with the next
 * scripted reply for its path (or the path's standing reply), and records every request it receives.
 */
export type FixtureReply =
  | { readonly status?: number; readonly json: unknown }
  | { readonly status?: number; readonly body: string }
  | { readonly hang: true }
  | { readonly redirect: string };

export interface ProviderFixture {
  readonly baseUrl: string;
  readonly requests: { path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }[];
  /** The reply for every request to `path` from now on, after any queued ones. */
  always(path: string, reply: FixtureReply): void;
  /** Replies used once each, in order, before the standing reply. */
  queue(path: string, ...replies: FixtureReply[]): void;
  close(): Promise<void>;
}

export async function startProviderFixture(): Promise<ProviderFixture> {
  const standing = new Map<string, FixtureReply>();
  const queued = new Map<string, FixtureReply[]>();
  const requests: ProviderFixture['requests'] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const reply = queued.get(url.pathname)?.shift() ?? standing.get(url.pathname);
    if (!reply) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
    } else if ('hang' in reply) {
      hanging.add(res);
    } else if ('redirect' in reply) {
      res.writeHead(302, { location: reply.redirect }).end();
    } else if ('json' in reply) {
      res
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(reply.json));
    } else {
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(reply.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    always(path, reply) {
      standing.set(path, reply);
    },
    queue(path, ...replies) {
      queued.set(path, [...(queued.get(path) ?? []), ...replies]);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
