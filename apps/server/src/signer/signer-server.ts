import { chmodSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SIGNER_MAC_HEADER,
  SIGNER_TIME_HEADER,
  signBitcoinBatchBodySchema,
  signBodySchema,
  signReservesBitcoinBodySchema,
  signReservesBodySchema,
  verifySignerMac,
} from '../platform/chain/signer-protocol';
import { signBitcoinBatchRequest } from './sign-bitcoin-batch';
import { type SignerDeps, signOutboxRow } from './sign-outbox-row';
import type { SignerConfig } from './signer-config';

/**
 * The signer's HTTP face (issue 43, item 5): GET /identity (the hot wallet's address and the deposit
 * xpubs), POST /sign (signOutboxRow), the proof-of-reserves attestations and POST /sign-bitcoin-batch
 * (signBitcoinBatchRequest), all behind the HMAC of SIGNER_SECRET; it listens on a loopback address or
 * a Unix socket only. A refusal answers 422 with its code, a bad MAC 401, and neither the secret nor a
 * key ever reaches a log line or an answer.
 */

// A batch of hundreds of payments spending hundreds of deposit outputs is a few hundred kilobytes.
const MAX_BODY_BYTES = 1024 * 1024;

function answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface RunningSigner {
  readonly server: Server;
  /** Where it listens: `http://127.0.0.1:<port>` or `unix:<path>` (what the web process's SIGNER_URL is). */
  readonly url: string;
  close(): Promise<void>;
}

export async function startSignerServer(
  deps: SignerDeps,
  config: Pick<SignerConfig, 'listen' | 'secret' | 'xpub'> & Partial<Pick<SignerConfig, 'bitcoinXpubs'>>,
): Promise<RunningSigner> {
  const hot = deps.config.keys.address({ kind: 'hot' });
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'signer: a request failed');
      if (!res.headersSent) answer(res, 500, { code: 'internal' });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (body === null) return answer(res, 413, { code: 'too_large' });
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const authentic = verifySignerMac(
      config.secret,
      {
        time: header(SIGNER_TIME_HEADER),
        mac: header(SIGNER_MAC_HEADER),
        method: req.method ?? '',
        path: req.url ?? '',
        body,
      },
      Date.now(),
    );
    if (!authentic) {
      deps.logger.warn({ path: req.url }, 'signer: a request without a valid MAC was refused');
      return answer(res, 401, { code: 'unauthenticated' });
    }
    if (req.method === 'GET' && req.url === '/identity')
      return answer(res, 200, { hot_address: hot, xpub: config.xpub, bitcoin_xpubs: config.bitcoinXpubs });
    const posts = ['/sign', '/sign-reserves', '/sign-reserves-bitcoin', '/sign-bitcoin-batch'];
    if (req.method !== 'POST' || !posts.includes(req.url ?? ''))
      return answer(res, 404, { code: 'not_found' });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return answer(res, 400, { code: 'bad_request' });
    }
    if (req.url === '/sign-reserves') return signReserves(res, json);
    if (req.url === '/sign-reserves-bitcoin') return signReservesBitcoin(res, json);
    if (req.url === '/sign-bitcoin-batch') return signBitcoinBatch(res, json);
    const parsed = signBodySchema.safeParse(json);
    if (!parsed.success) return answer(res, 400, { code: 'bad_request' });
    const signed = await signOutboxRow(deps, parsed.data);
    if (!signed.ok) return answer(res, 422, { code: signed.code });
    return answer(res, 200, { raw: signed.value });
  }

  /**
   * Proof of reserves (issue 49): the one fixed attestation of a report, by the named key; no other
   * text, and no transaction, can be asked for this way.
   */
  async function signReserves(res: ServerResponse, json: unknown): Promise<void> {
    const parsed = signReservesBodySchema.safeParse(json);
    if (!parsed.success || !deps.config.keys.signReservesAttestation)
      return answer(res, 400, { code: 'bad_request' });
    const { key, report_id } = parsed.data;
    const signerKey =
      key === 'hot' ? ({ kind: 'hot' } as const) : { kind: 'deposit' as const, index: Number(key.slice(8)) };
    const signed = await deps.config.keys.signReservesAttestation(signerKey, report_id);
    deps.logger.info({ key, report: report_id }, 'signer: signed a proof-of-reserves attestation');
    return answer(res, 200, { ...signed });
  }

  /** The same attestation by a Bitcoin-family (BIP-84) key, as a Bitcoin-family signed message. */
  async function signReservesBitcoin(res: ServerResponse, json: unknown): Promise<void> {
    const parsed = signReservesBitcoinBodySchema.safeParse(json);
    if (!parsed.success || !deps.config.keys.signBitcoinReservesAttestation)
      return answer(res, 400, { code: 'bad_request' });
    const { coin_type, network_prefix, change, index, report_id } = parsed.data;
    const key = { coinType: coin_type, networkPrefix: network_prefix, change, index };
    const signed = await deps.config.keys.signBitcoinReservesAttestation(key, report_id);
    deps.logger.info(
      { key: `${coin_type}/${change}/${index}`, report: report_id },
      'signer: signed a Bitcoin-family proof-of-reserves attestation',
    );
    return answer(res, 200, { ...signed });
  }

  /** A Bitcoin-family withdrawal batch (issue 47): sign-bitcoin-batch.ts, refusals as 422 with a code. */
  async function signBitcoinBatch(res: ServerResponse, json: unknown): Promise<void> {
    const parsed = signBitcoinBatchBodySchema.safeParse(json);
    if (!parsed.success) return answer(res, 400, { code: 'bad_request' });
    const signed = await signBitcoinBatchRequest(deps, parsed.data);
    if (!signed.ok) return answer(res, 422, { code: signed.code });
    return answer(res, 200, { raw: signed.value });
  }

  const { listen } = config;
  if ('socket' in listen) rmSync(listen.socket, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if ('socket' in listen) server.listen(listen.socket, resolve);
    else server.listen(listen.port, listen.host, resolve);
  });
  // The socket is the web process's user's and ours only.
  if ('socket' in listen) chmodSync(listen.socket, 0o600);
  const bound = server.address();
  const url =
    'socket' in listen
      ? `unix:${listen.socket}`
      : `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${(bound as AddressInfo).port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
