/**
 * The only way the market-data feature talks to the network: GET JSON from one configured base URL.
 * Any other host is refused before a connection is made, redirects are refused (they could point
 * anywhere), each attempt has a timeout, and only transient failures are retried, with backoff.
 */
export type FetchFailureKind = 'refused' | 'timeout' | 'network' | 'status' | 'malformed' | 'too_large';

export class FetchFailure extends Error {
  constructor(
    readonly kind: FetchFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchFailure';
  }
}

export interface JsonFetcher {
  /** The origin every request goes to; nothing else is ever contacted. */
  readonly origin: string;
  get(pathAndQuery: string): Promise<unknown>;
}

export interface JsonFetcherOptions {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  /** Extra attempts after the first one, for timeouts, network errors, 429 and 5xx. */
  readonly retries: number;
  readonly backoffMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly maxBytes?: number;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createJsonFetcher(options: JsonFetcherOptions): JsonFetcher {
  const base = new URL(options.baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:')
    throw new Error(`unsupported base URL ${options.baseUrl}`);
  const prefix = base.pathname.replace(/\/+$/, '');
  const backoffMs = options.backoffMs ?? 250;
  const maxBytes = options.maxBytes ?? 4_000_000;
  const sleep = options.sleep ?? defaultSleep;

  function resolve(pathAndQuery: string): URL {
    if (!pathAndQuery.startsWith('/') || pathAndQuery.startsWith('//')) {
      throw new FetchFailure('refused', `refusing ${pathAndQuery}: only paths on ${base.origin} are allowed`);
    }
    const url = new URL(prefix + pathAndQuery, base.origin);
    if (url.origin !== base.origin)
      throw new FetchFailure('refused', `refusing ${url.origin}: not ${base.origin}`);
    return url;
  }

  async function attempt(url: URL): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'GET',
        redirect: 'error',
        headers: { accept: 'application/json', ...options.headers },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw asFailure(error);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new FetchFailure('status', `${url.pathname} answered ${response.status}`, response.status);
    }
    const text = await readLimited(response, maxBytes);
    try {
      return JSON.parse(text);
    } catch {
      throw new FetchFailure('malformed', `${url.pathname} answered malformed JSON`);
    }
  }

  return {
    origin: base.origin,
    async get(pathAndQuery) {
      const url = resolve(pathAndQuery);
      for (let tried = 0; ; tried += 1) {
        try {
          return await attempt(url);
        } catch (error) {
          const failure = asFailure(error);
          if (!isTransient(failure) || tried >= options.retries) throw failure;
          await sleep(backoffMs * 2 ** tried);
        }
      }
    },
  };
}

function isTransient(failure: FetchFailure): boolean {
  if (failure.kind === 'timeout' || failure.kind === 'network') return true;
  return failure.kind === 'status' && (failure.status === 429 || (failure.status ?? 0) >= 500);
}

function asFailure(error: unknown): FetchFailure {
  if (error instanceof FetchFailure) return error;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new FetchFailure('timeout', 'the provider did not answer in time');
  }
  return new FetchFailure('network', error instanceof Error ? error.message : String(error));
}

/** Reads the body up to `maxBytes`, so a misbehaving provider cannot fill the memory. */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new FetchFailure('too_large', `the answer is larger than ${maxBytes} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    throw asFailure(error);
  }
  return Buffer.concat(chunks).toString('utf8');
}
