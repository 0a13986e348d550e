import { createServer, type Server } from 'node:http';
import { type Hex, keccak256 } from 'viem';

/**
 * A JSON-RPC proxy in front of a test's own hardhat node, for tests of what the chain sender does with
 * a node's answers: it passes every call on, except that it can refuse a raw transaction (as a node
 * refuses a re-broadcast), hide a transaction and its receipt (a receipt read that lags), and answer a
 * lower pending count (a node behind). Listens on the loopback only; stop() closes it.
 */
export interface NodeProxy {
  readonly url: string;
  /** sendRawTransaction of these hashes is answered with this error (never passed on). */
  readonly refuse: Map<string, string>;
  /** The next N sendRawTransaction calls, whatever they carry, are refused so. */
  refuseNext(count: number, message: string): void;
  /** getTransactionByHash and getTransactionReceipt of these hashes answer null. */
  readonly hide: Set<string>;
  /** The pending count eth_getTransactionCount answers, per address (lower-cased), while set. */
  readonly pendingCount: Map<string, number>;
  /**
   * While set, reads of an account's state (count, balance, code, storage, calls) at a block more than
   * this many blocks below the head answer 'missing trie node', as a pruned (geth full) node does.
   */
  stateKeptFor: bigint | null;
  /** While set, full-block reads (with transactions) this many blocks below the head fail so too. */
  bodiesKeptFor: bigint | null;
  stop(): Promise<void>;
}

/** Methods that read an account's state at a block, with the place of their block parameter. */
const STATE_READS: Record<string, number> = {
  eth_getTransactionCount: 1,
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getStorageAt: 2,
  eth_call: 1,
};

interface RpcCall {
  id: unknown;
  jsonrpc: string;
  method: string;
  params?: unknown[];
}

export async function startNodeProxy(target: string): Promise<NodeProxy> {
  const refuse = new Map<string, string>();
  const hide = new Set<string>();
  const pendingCount = new Map<string, number>();
  const next: string[] = [];
  const proxy: NodeProxy & { url: string } = {
    url: '',
    refuse,
    hide,
    pendingCount,
    stateKeptFor: null,
    bodiesKeptFor: null,
    refuseNext(count, message) {
      for (let i = 0; i < count; i++) next.push(message);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function answer(call: RpcCall): Promise<unknown> {
    const params = call.params ?? [];
    const error = (message: string) => ({ jsonrpc: '2.0', id: call.id, error: { code: -32000, message } });
    const result = (value: unknown) => ({ jsonrpc: '2.0', id: call.id, result: value });
    if (call.method === 'eth_sendRawTransaction') {
      const hash = keccak256(params[0] as Hex).toLowerCase();
      const refusal = next.shift() ?? refuse.get(hash);
      if (refusal) return error(refusal);
    }
    if (
      (call.method === 'eth_getTransactionReceipt' || call.method === 'eth_getTransactionByHash') &&
      hide.has(String(params[0]).toLowerCase())
    )
      return result(null);
    const blockParam = STATE_READS[call.method];
    if (proxy.stateKeptFor !== null && blockParam !== undefined) {
      const tag = params[blockParam];
      if (typeof tag === 'string' && tag.startsWith('0x')) {
        const head = (await forward({ id: 0, jsonrpc: '2.0', method: 'eth_blockNumber', params: [] })) as {
          result: string;
        };
        if (BigInt(tag) < BigInt(head.result) - proxy.stateKeptFor)
          return error(`missing trie node ${'ab'.repeat(32)} (path ) state is not available`);
      }
    }
    if (proxy.bodiesKeptFor !== null && call.method === 'eth_getBlockByNumber' && params[1] === true) {
      const tag = params[0];
      if (typeof tag === 'string' && tag.startsWith('0x')) {
        const head = (await forward({ id: 0, jsonrpc: '2.0', method: 'eth_blockNumber', params: [] })) as {
          result: string;
        };
        if (BigInt(tag) < BigInt(head.result) - proxy.bodiesKeptFor) return error('header not found');
      }
    }
    if (call.method === 'eth_getTransactionCount' && params[1] === 'pending') {
      const count = pendingCount.get(String(params[0]).toLowerCase());
      if (count !== undefined) return result(`0x${count.toString(16)}`);
    }
    return forward(call);
  }

  async function forward(call: RpcCall): Promise<unknown> {
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    return response.json();
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcCall | RpcCall[];
      const answered = Array.isArray(body) ? Promise.all(body.map(answer)) : answer(body);
      answered.then(
        (value) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(value));
        },
        (failure: unknown) => {
          response.writeHead(502);
          response.end(String(failure));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the node proxy has no port');
  proxy.url = `http://127.0.0.1:${address.port}`;
  return proxy;
}
