import { parseDecimal } from '@exchange/domain';

/**
 * A Bitcoin Core JSON-RPC client (issue 47), for bitcoind and its forks that keep its RPC (Litecoin
 * Core 0.21 here). The node's URL carries the RPC user and password (http://user:password@host:port,
 * optionally /wallet/<name>); they are sent as Basic authorisation, never in the URL fetch sees.
 *
 * Amounts: the node writes coin amounts as JSON numbers with eight places (0.50000000). A JS number
 * is no place for money, so the fields that hold amounts are turned into strings in the response text
 * before it is parsed, and read to the smallest unit with the domain's decimal parser (`toSats`).
 */
export interface BitcoinRpc {
  call<T>(method: string, params?: readonly unknown[] | Record<string, unknown>): Promise<T>;
  /** The node's URL without its credentials, for logs. */
  readonly where: string;
}

/** An error the node answered (its code and message), as against a network failure. */
export class BitcoinRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** The fields in which Bitcoin Core writes coin amounts. */
const AMOUNT_FIELDS =
  /"(value|amount|total_amount|feerate|fee|fees|balance|mempoolminfee|minrelaytxfee)":\s*(-?\d+(?:\.\d+)?)/g;

/** The response text with every amount field as a decimal string (see above). */
export function amountsAsText(text: string): string {
  return text.replace(AMOUNT_FIELDS, '"$1":"$2"');
}

/** A coin amount as the node writes it ("0.50000000") in its smallest unit (satoshis, litoshis). */
export function toSats(amount: string | number, decimals = 8): bigint {
  const parsed = parseDecimal(String(amount), decimals);
  if (parsed === null)
    throw new Error(`bitcoin rpc: ${String(amount)} is not an amount of ${decimals} places`);
  return parsed;
}

/** A number of the smallest unit written as the node reads amounts ("0.50000000"). */
export function satsToText(sats: bigint, decimals = 8): string {
  const negative = sats < 0n;
  const digits = (negative ? -sats : sats).toString().padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

export function bitcoinRpc(url: string, options: { timeoutMs?: number; wallet?: string } = {}): BitcoinRpc {
  const parsed = new URL(url);
  const auth = Buffer.from(
    `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
  ).toString('base64');
  parsed.username = '';
  parsed.password = '';
  if (options.wallet) parsed.pathname = `/wallet/${encodeURIComponent(options.wallet)}`;
  const endpoint = parsed.toString();
  let id = 0;
  return {
    where: endpoint,
    async call<T>(method: string, params: readonly unknown[] | Record<string, unknown> = []): Promise<T> {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
        body: JSON.stringify({ jsonrpc: '1.0', id: ++id, method, params }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const text = await response.text();
      let body: { result?: T; error?: { code: number; message: string } | null };
      try {
        body = JSON.parse(amountsAsText(text));
      } catch {
        throw new Error(`bitcoin rpc ${method}: HTTP ${response.status} ${text.slice(0, 200)}`);
      }
      if (body.error)
        throw new BitcoinRpcError(body.error.code, `bitcoin rpc ${method}: ${body.error.message}`);
      return body.result as T;
    },
  };
}
