import { request as httpRequest } from 'node:http';
import { type Address, getAddress, type Hex } from 'viem';
import type { ChainSigner, SignerKey, SignRequest } from './chain-sender-types';
import {
  identitySchema,
  SIGNER_MAC_HEADER,
  SIGNER_TIME_HEADER,
  type SignBody,
  type SignerIdentity,
  signBitcoinBatchAnswerSchema,
  signerMac,
  signReservesAnswerSchema,
  signReservesBitcoinAnswerSchema,
} from './signer-protocol';

/**
 * The web process's side of the signer process (issue 43, item 5): the ChainSigner port over HTTP to
 * SIGNER_URL (`http://127.0.0.1:<port>` or `unix:<socket path>`), each request carrying its HMAC
 * (signer-protocol.ts). It holds no key: the hot wallet's address comes from the signer's identity and
 * deposit addresses from the extended public key (CHAIN_XPUB) the web process already derives them from.
 */

export interface SignerEndpoint {
  readonly url: string;
  readonly secret: string;
  /** How long one request may take (the signer answers in milliseconds; a hung one must not hang the sender). */
  readonly timeoutMs?: number;
}

/** Thrown when the signer refuses (its code, e.g. 'record_not_approved') or cannot be reached. */
export class SignerRefusal extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
  ) {
    super(`the signer refused: ${code}`);
    this.name = 'SignerRefusal';
  }
}

function target(url: string): { socketPath?: string; host?: string; port?: number } {
  if (url.startsWith('unix:')) return { socketPath: url.slice('unix:'.length) };
  const parsed = new URL(url);
  return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 80) };
}

/** One authenticated request to the signer: its status and JSON answer. */
export function callSigner(
  endpoint: SignerEndpoint,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const time = String(Date.now());
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        ...target(endpoint.url),
        method,
        path,
        timeout: endpoint.timeoutMs ?? 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          [SIGNER_TIME_HEADER]: time,
          [SIGNER_MAC_HEADER]: signerMac(endpoint.secret, time, method, path, text),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
            resolve({ status: res.statusCode ?? 0, json });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('the signer did not answer in time')));
    req.on('error', reject);
    req.end(text);
  });
}

/** The signer's identity (hot wallet address, deposit xpub): asked once at start. */
export async function fetchSignerIdentity(endpoint: SignerEndpoint): Promise<SignerIdentity> {
  const { status, json } = await callSigner(endpoint, 'GET', '/identity');
  if (status !== 200) throw new SignerRefusal(String(json.code ?? 'unreachable'), status);
  return identitySchema.parse(json);
}

/** The wire form of a request. */
export function signBodyOf(request: SignRequest): SignBody {
  const { key, transaction: t } = request;
  return {
    kind: request.kind,
    outbox_id: request.kind === 'development-restore' ? null : request.outboxId,
    key: key.kind === 'hot' ? 'hot' : `deposit:${key.index}`,
    chain_id: t.chainId,
    nonce: t.nonce ?? 0,
    to: t.to ?? '0x',
    value: (t.value ?? 0n).toString(),
    data: t.data ?? null,
    gas: (t.gas ?? 0n).toString(),
    max_fee_per_gas: (t.maxFeePerGas ?? 0n).toString(),
    max_priority_fee_per_gas: (t.maxPriorityFeePerGas ?? 0n).toString(),
  };
}

/**
 * The port over the signer process. `depositAddress` derives a deposit address from the xpub (the
 * composition root passes the deposits' own derivation), `identity` is the signer's answer at start.
 */
export function remoteChainSigner(
  endpoint: SignerEndpoint,
  identity: SignerIdentity,
  depositAddress: (index: number) => Address,
): ChainSigner {
  const hot = getAddress(identity.hot_address);
  return {
    address: (key: SignerKey): Address => (key.kind === 'hot' ? hot : depositAddress(key.index)),
    async sign(request): Promise<Hex> {
      const { status, json } = await callSigner(endpoint, 'POST', '/sign', signBodyOf(request));
      if (status !== 200 || typeof json.raw !== 'string' || !json.raw.startsWith('0x'))
        throw new SignerRefusal(String(json.code ?? 'no_answer'), status);
      return json.raw as Hex;
    },
    async signReservesAttestation(key, reportId) {
      const body = { key: key.kind === 'hot' ? 'hot' : `deposit:${key.index}`, report_id: reportId };
      const { status, json } = await callSigner(endpoint, 'POST', '/sign-reserves', body);
      const answer = signReservesAnswerSchema.safeParse(json);
      if (status !== 200 || !answer.success)
        throw new SignerRefusal(String(json.code ?? 'no_answer'), status);
      return {
        address: getAddress(answer.data.address),
        message: answer.data.message,
        signature: answer.data.signature as Hex,
      };
    },
    async signBitcoinReservesAttestation(key, reportId) {
      const body = {
        coin_type: key.coinType,
        network_prefix: key.networkPrefix,
        change: key.change,
        index: key.index,
        report_id: reportId,
      };
      const { status, json } = await callSigner(endpoint, 'POST', '/sign-reserves-bitcoin', body);
      const answer = signReservesBitcoinAnswerSchema.safeParse(json);
      if (status !== 200 || !answer.success)
        throw new SignerRefusal(String(json.code ?? 'no_answer'), status);
      return answer.data;
    },
    // A withdrawal batch (issue 47): the signer reads the batch and its withdrawals itself and checks
    // them against this; a big batch takes it longer than one transaction, hence the longer wait.
    async signBitcoinBatch(request) {
      const body = {
        chain: request.chain,
        batch_id: request.batchId,
        network_prefix: request.networkPrefix,
        coin_type: request.coinType,
        psbt: request.psbt,
        input_paths: request.inputPaths,
        payments: request.payments.map((payment) => ({
          address: payment.address,
          sats: payment.sats.toString(),
        })),
      };
      const slow = { ...endpoint, timeoutMs: Math.max(endpoint.timeoutMs ?? 0, 60_000) };
      const { status, json } = await callSigner(slow, 'POST', '/sign-bitcoin-batch', body);
      const answer = signBitcoinBatchAnswerSchema.safeParse(json);
      if (status !== 200 || !answer.success)
        throw new SignerRefusal(String(json.code ?? 'no_answer'), status);
      return answer.data.raw;
    },
  };
}
