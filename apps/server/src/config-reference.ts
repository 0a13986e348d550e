import { readFileSync, writeFileSync } from 'node:fs';
import type { z } from 'zod';
import { chainSettingDocs } from './platform/chain/chain-setting-docs';
import { chainSweepSettingDocs } from './platform/chain/chain-sweep-config';
import { nftChainSettingDocs } from './platform/chain/nft-config';
import { type Env, envSchema } from './platform/config';
import { logSettingDocs } from './platform/logger';
import { coinWithdrawalSettingDocs } from './platform/withdrawal-config';
import { signerEnvSchema, signerSettingDocs } from './signer/signer-config';

/**
 * What each setting does, for docs/operations.md's configuration reference. The table is generated
 * from envSchema (names, defaults, allowed values) plus these sentences; the type makes a new setting
 * without a sentence fail the type check, and tests/config-reference.test.ts fails while the document
 * is out of date (`npm run docs:config` regenerates it).
 */
export const SETTING_DOCS: Record<keyof Env, string> = {
  NODE_ENV: '`production` turns on the start-up checks below and turns demo parts off by default.',
  PORT: 'The one port for the web app and the API.',
  HOST: 'Address to listen on; `0.0.0.0` to accept other machines (behind a proxy).',
  RESPONSE_CHECK:
    'Validate every answer against its zod contract too, and fail it if the compiled serializer wrote anything else (slower). Default on in tests, off otherwise.',
  DATA_DIR: 'Embedded PostgreSQL (`DATA_DIR/pg`) and uploads with `STORAGE=data` (`DATA_DIR/uploads`).',
  DATABASE_URL: 'PostgreSQL 15 or newer. Unset: embedded PostgreSQL. **Required in production.**',
  EMBEDDED_PG_PORT: 'Port of the embedded PostgreSQL (embedded mode only).',
  EMBEDDED_PG_STATEMENT_STATS:
    '`on` loads pg_stat_statements into the embedded PostgreSQL, for profiling (`BENCH_PG_STATEMENTS=on npm run bench:http` prints what it saw). Takes effect when the cluster starts.',
  DB_STATEMENT_TIMEOUT_MS: 'PostgreSQL cancels a longer statement (answered 503, nothing changed); 0 = off.',
  DB_LOCK_TIMEOUT_MS: 'Longest wait for a row lock.',
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 'A transaction left idle this long is ended.',
  DB_POOL_ACQUIRE_TIMEOUT_MS: 'Longest wait for a free pooled connection.',
  JWT_SECRET:
    'Signs access tokens: 32+ random characters. Unset outside production: made up on the first start and kept in `DATA_DIR/secrets`. **Required in production.**',
  OTP_HMAC_KEY:
    "Keys the stored one-time codes' HMAC; must differ from JWT_SECRET. Unset outside production: kept in `DATA_DIR/secrets`. **Required in production.**",
  ACCESS_TOKEN_TTL_SECONDS: 'Lifetime of an access token.',
  REFRESH_TOKEN_TTL_DAYS: 'Lifetime of a refresh token.',
  SMTP_URL:
    'Outgoing mail (`smtp://user:pass@host:587`). Unset: mail only goes to the outbox table. **Required in production.**',
  MAIL_FROM: 'Sender of every mail.',
  DEV_MAILBOX: 'GET /api/v1/dev/mailbox. Default on outside production. **Must be off in production.**',
  PRICE_FEED: 'Where reference prices come from. **Production refuses `simulated`.**',
  PRICE_STALE_AFTER_SECONDS:
    'Older prices are never used: quotes answer 503 and readiness fails. A slow provider (CoinGecko free tier updates about once a minute) may need more.',
  PRICE_MAX_JUMP_PERCENT:
    'A tick further than this from the last good price is held back (logged, counted in `exchange_price_ticks_rejected_total`).',
  PRICE_JUMP_CONFIRM_TICKS:
    'A jump is believed once this many consecutive ticks (with newer provider times) agree on the new level, so a real crash is followed.',
  PRICE_TICK_MS: 'How often the price feed ticks (simulated step or provider poll).',
  PRICE_SIM_SEED: 'Seed of the simulated random walk, for replayable runs.',
  COINGECKO_BASE_URL: 'The only host the coingecko feed contacts.',
  COINGECKO_API_KEY: 'Optional demo key, sent as `x-cg-demo-api-key`.',
  BINANCE_BASE_URL: 'The only host the binance feed contacts.',
  PRICE_HTTP_TIMEOUT_MS: 'Per request to a price provider.',
  PRICE_HTTP_RETRIES: 'Extra attempts on timeouts, network errors, 429 and 5xx.',
  PAYMENT_PROVIDER: 'USD deposits. **Production refuses `sandbox`.**',
  PAYPAL_BASE_URL: 'PayPal API (`https://api-m.paypal.com` live).',
  PAYPAL_CLIENT_ID: '**Required with `PAYMENT_PROVIDER=paypal` in production.**',
  PAYPAL_CLIENT_SECRET: '**Required with `PAYMENT_PROVIDER=paypal` in production.**',
  PAYPAL_WEBHOOK_ID: 'Verifies PayPal webhooks. **Required with `PAYMENT_PROVIDER=paypal` in production.**',
  TRUST_PROXY:
    "The reverse proxy's addresses (comma-separated IPs/CIDRs): `X-Forwarded-For` is trusted from them only. Unset: never.",
  AUTH_LIMIT_IP_PER_MINUTE: 'Login, code check, password reset: requests per client address.',
  AUTH_LIMIT_ACCOUNT_PER_MINUTE: 'The same routes: requests per e-mail address.',
  AUTH_MAIL_LIMIT_IP_PER_MINUTE: 'Sign-up, forgotten password, code resend: per client address.',
  AUTH_MAIL_LIMIT_ACCOUNT_PER_MINUTE: 'Forgotten password and code resend: per e-mail address.',
  ...chainSettingDocs,
  ...chainSweepSettingDocs,
  DEPOSIT_HOLD_DAYS:
    'Days after a deposit is credited during which its value may not leave the exchange (P2P sends; withdrawals later), while the payment provider can still reverse it. 0 = off.',
  WITHDRAWAL_COOL_DOWN_HOURS:
    'Hours after a password change or reset, or two-factor turned on, during which withdrawals are refused. 0 = off.',
  WITHDRAWAL_AUTO_APPROVE_BELOW_USD:
    'A confirmed withdrawal worth less than this (USD) and raising no risk flag is approved without an admin; 0 = every one waits for an admin.',
  WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD:
    "Four eyes: a withdrawal worth more than this (USD) waiting for an admin needs a second, different admin's approval before it is sent; 0 = every one the queue holds.",
  WITHDRAWAL_DAILY_LIMIT_USD:
    'USD value one customer may withdraw in 24 hours (requests not refunded). 0 = no limit.',
  WITHDRAWAL_USD_MINIMUM: 'The smallest USD withdrawal to PayPal.',
  WITHDRAWAL_USD_FEE: 'The flat fee of a USD withdrawal to PayPal, taken from the amount (house revenue).',
  WITHDRAWAL_USD_PAYOUT_MS:
    'How often the USD payout job (one process) claims approved withdrawals, sends them to PayPal Payouts and asks PayPal how the sent ones ended.',
  ...coinWithdrawalSettingDocs,
  RESERVES_REPORT_EVERY_HOURS: 'Hours between proof-of-reserves reports (an admin can make one any time).',
  SEED_DEMO: 'Demo accounts and balances. Default on outside production. **Must be off in production.**',
  INSTANT_FEE_BPS: 'Instant (USD) buy/sell fee in basis points of the cost; 10 = 0.1%.',
  INSTANT_QUOTE_TTL_SECONDS: 'How long an instant quote can be accepted.',
  SWAP_PRICE_TOLERANCE_BPS:
    'How far, in basis points of the quoted rate, the reference rate may move against the house between a swap or MULTI quote and its execution; beyond it the execution is refused and the user asks for a new quote.',
  NFT_RESALE_FEE_BPS:
    "The house's fee on an NFT resale between customers, in basis points of the price, rounded up; 250 = 2.5%. A primary sale pays the house the whole price.",
  ...nftChainSettingDocs,
  HOUSE_LIQUIDITY:
    'House bid/ask around the reference price on every USDT market (one process runs it). Default on, off in tests.',
  HOUSE_MAX_EXPOSURE_USD:
    "Per coin: once the house's position (bought minus sold) is worth this much, it stops quoting the side that adds to it; instant trades that would are refused.",
  HOUSE_LIQUIDITY_INTERVAL_MS: 'How often the house requotes.',
  MAX_OPEN_ORDERS_PER_MARKET: 'Open limit orders one user may keep on one market.',
  QUOTE_LIMIT_PER_MINUTE: 'Instant quotes (POST /wallet/quotes) one user may ask for per minute.',
  SWAP_QUOTE_LIMIT_PER_MINUTE: 'Swap and MULTI quotes (POST /swap/quote) one user may ask for per minute.',
  WEBHOOK_LIMIT_PER_MINUTE: 'PayPal webhook deliveries accepted per sending network per minute.',
  SUPPORT_TICKET_LIMIT_PER_HOUR: 'Support tickets (POST /support/create) one user may open per hour.',
  DEPOSIT_ORDER_LIMIT_PER_HOUR:
    'Deposit orders (POST /wallet/deposits/orders, each one a PayPal request) one user may open per hour.',
  P2P_TRANSFER_LIMIT_PER_MINUTE:
    'P2P transfer tries (POST /p2p/transfer) one user may make per minute, refused ones included.',
  P2P_TRANSFER_LIMIT_PER_DAY:
    'P2P transfers one user may make per day (each one mails its recipient a receipt); refused tries do not count.',
  P2P_LOOKUP_LIMIT_PER_MINUTE:
    'P2P recipients one user may look up per minute: the look-up (POST /common/user/userInfo) and each transfer’s recipient share it.',
  BINANCE_API_WEIGHT_PER_MINUTE_ADDRESS:
    'Request weight per minute one client network may spend on the Binance-compatible API (/api/v3), each endpoint at its Binance weight; past it, 429 with Retry-After.',
  BINANCE_API_WEIGHT_PER_MINUTE_KEY:
    'Request weight per minute one API key may spend on the signed endpoints of the Binance-compatible API.',
  UPLOAD_LIMIT_PER_MINUTE:
    'Image uploads (KYC documents and profile pictures together) one user may send per minute.',
  UPLOAD_DAILY_MAX_FILES:
    'Image uploads one user may send per day, refused ones included (each one costs a decode).',
  UPLOAD_DAILY_MAX_MB: 'Megabytes of images one user may send per day.',
  UPLOAD_IMAGE_JOBS:
    'Images one process decodes and re-encodes at once (each holds up to the 16-megapixel cap in memory); others queue.',
  UPLOAD_IMAGE_JOB_WAIT_MS: 'Longest an upload queues for a free image job before it is answered 503.',
  WS_CONNECTIONS_PER_ADDRESS:
    'Open WebSockets per client network (an IPv6 /64 counts as one, as for the HTTP limits).',
  WS_FRAMES_PER_SECOND:
    'Frames one WebSocket may send per second on average; past its burst the server sends `too_many_frames` and closes it (1008).',
  WS_FRAME_BURST: 'Frames one WebSocket may send at once before the per-second rate applies.',
  WS_AUTH_PER_MINUTE:
    '`auth` frames (each one a database read) one WebSocket may send per minute, with a burst of as many; past it the socket is closed (1008).',
  MARKET_BATCH_MAX:
    'Most commands the matching loop commits in one transaction, all markets together (group commit); 1 commits each alone.',
  LEDGER_HOT_SHARDS:
    'Sub-accounts per asset that house inventory and fee postings spread over, so trades do not queue on one row; 1 keeps one.',
  WEB_DIST: 'Where the built web app is. Unset: `apps/web/dist`.',
  REFERRAL_REWARD: 'USDT a referrer earns when their referred user passes KYC.',
  STORAGE:
    'Uploads: `data` (one machine) or `s3` (a bucket every process shares; needed for several machines).',
  S3_BUCKET:
    '**Required with `STORAGE=s3`.** Credentials come from `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`.',
  S3_REGION: 'Region of the bucket.',
  S3_ENDPOINT: 'For S3-compatible services (MinIO, R2, ...). Unset: AWS.',
  S3_FORCE_PATH_STYLE: '`on` for MinIO and other path-style endpoints.',
  ...logSettingDocs,
  LEDGER_CHECK_INTERVAL_SECONDS:
    'How often one process recomputes the ledger for `exchange_ledger_consistent`.',
  METRICS_TOKEN: 'When set, GET /metrics needs `Authorization: Bearer <token>` (16+ characters).',
  METRICS_PUBLIC:
    '`on` serves GET /metrics without a token; `off` answers 404 unless METRICS_TOKEN is set. Default on outside production; production refuses `on`.',
  API_DOCS: 'The API reference at /api/docs. Default `on` outside production, `off` in production.',
  SHUTDOWN_TIMEOUT_MS: 'How long SIGTERM waits for in-flight work before exiting anyway.',
};

interface Described {
  readonly name: string;
  readonly default: string;
  readonly values: string;
}

/** Peels optional/default wrappers off a field's schema, keeping the default and the enum's values. */
function describe(name: string, field: z.ZodType): Described {
  let current = field as unknown as { def: Record<string, unknown>; options?: readonly string[] };
  let fallback = '';
  for (;;) {
    const def = current.def;
    if (def.type === 'default') {
      const value = typeof def.defaultValue === 'function' ? def.defaultValue() : def.defaultValue;
      fallback = String(value);
      current = def.innerType as typeof current;
    } else if (def.type === 'optional') {
      current = def.innerType as typeof current;
    } else break;
  }
  const values = current.def.type === 'enum' && current.options ? current.options.join(' \\| ') : '';
  return { name, default: fallback, values };
}

export const CONFIG_REFERENCE_START = '<!-- config-reference:start (npm run docs:config) -->';
export const CONFIG_REFERENCE_END = '<!-- config-reference:end -->';

/** The Markdown table of every setting, in the schema's order. */
export function renderConfigReference(): string {
  const rows = Object.entries(envSchema.shape).map(([name, field]) => {
    const d = describe(name, field as z.ZodType);
    const text = SETTING_DOCS[name as keyof Env];
    const fallback = d.default === '' ? '' : `\`${d.default}\``;
    return `| \`${name}\` | ${fallback} | ${d.values} | ${text} |`;
  });
  return ['| Setting | Default | Values | What it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The document with its reference section replaced by a freshly rendered one. */
export function withConfigReference(document: string): string {
  const start = document.indexOf(CONFIG_REFERENCE_START);
  const end = document.indexOf(CONFIG_REFERENCE_END);
  if (start < 0 || end < start) throw new Error('docs/operations.md lacks the config-reference markers');
  return `${document.slice(0, start + CONFIG_REFERENCE_START.length)}\n${renderConfigReference()}\n${document.slice(end)}`;
}

/** Rewrites the file in place; answers whether anything changed. */
export function updateConfigReference(file: string): boolean {
  const before = readFileSync(file, 'utf8');
  const after = withConfigReference(before);
  if (after !== before) writeFileSync(file, after);
  return after !== before;
}

/** Settings whose value is a credential: never in the repository or a log, shown `[secret]` in .env.example. */
export const SECRET_SETTINGS: readonly string[] = [
  'DATABASE_URL',
  'JWT_SECRET',
  'OTP_HMAC_KEY',
  'SMTP_URL',
  'COINGECKO_API_KEY',
  'PAYPAL_CLIENT_SECRET',
  'CHAIN_MNEMONIC',
  'SIGNER_SECRET',
  'METRICS_TOKEN',
  'SIGNER_MNEMONIC',
];

/** Read from the environment by a library, not by our schema. */
const LIBRARY_SETTINGS = [
  ['AWS_ACCESS_KEY_ID', 'With STORAGE=s3: read by the AWS SDK (or its other credential sources).'],
  ['AWS_SECRET_ACCESS_KEY', '[secret] With STORAGE=s3: read by the AWS SDK.'],
] as const;

const ENV_EXAMPLE_HEADER = [
  '# Every setting the server reads, with its default. Generated from the configuration schema by',
  '# `npm run docs:config` (apps/server/src/config-reference.ts): change the schema or its sentences there',
  '# and regenerate; tests/config-reference.test.ts fails while this file and the schema differ.',
  '#',
  '# `npm start` (the embedded default) needs none of them. Uncomment a line to set it; an empty value',
  '# means unset. [production] marks a setting the production start-up checks (NODE_ENV=production',
  '# refuses to start while it is missing or unsafe; the sentence says when), [secret] a credential:',
  '# keep it out of the repository and hand it to the process from a secret store.',
];

/** One commented `NAME=default  # [tags] sentence` line, the sentence's Markdown removed. */
function envLine(name: string, field: z.ZodType, text: string): string {
  const { default: fallback, values } = describe(name, field);
  const value = /[\s#"'<>]/.test(fallback) ? JSON.stringify(fallback) : fallback;
  const tags = [
    /\*\*[^*]*production[^*]*\*\*/i.test(text) ? '[production]' : '',
    SECRET_SETTINGS.includes(name) ? '[secret]' : '',
    values ? `(${values.replaceAll('\\|', '|')})` : '',
  ].filter(Boolean);
  const plain = text.replaceAll('**', '').replaceAll('`', '').replaceAll('\\|', '|');
  return `# ${name}=${value}  # ${[...tags, plain].join(' ')}`;
}

/** .env.example: the web process's settings in the schema's order, then the signer's own and the libraries'. */
export function renderEnvExample(): string {
  const web = Object.entries(envSchema.shape).map(([name, field]) =>
    envLine(name, field as z.ZodType, SETTING_DOCS[name as keyof Env]),
  );
  const signerDocs: Record<string, string> = signerSettingDocs;
  const signer = Object.entries(signerEnvSchema.shape)
    .filter(([name]) => !(name in envSchema.shape))
    .map(([name, field]) => {
      const text = signerDocs[name];
      if (!text) throw new Error(`${name}: the signer setting has no sentence in signerSettingDocs`);
      return envLine(name, field as z.ZodType, text);
    });
  const library = LIBRARY_SETTINGS.map(([name, text]) => `# ${name}=  # ${text}`);
  return [
    ...ENV_EXAMPLE_HEADER,
    '',
    '# The server (the web process: npm start, the Docker image).',
    ...web,
    '',
    '# The signer process (npm run signer, docs/operations.md): it also reads DATABASE_URL, LOG_LEVEL, the',
    '# CHAIN_* settings above, CHAINS, CHAIN_NFT_ADDRESS, CHAIN_HOT_CAP_* and SIGNER_SECRET.',
    ...signer,
    '',
    '# Read by libraries.',
    ...library,
    '',
  ].join('\n');
}

/** The lines where `actual` (.env.example as found) and `expected` (the schema's rendering) differ; none when equal. */
export function envExampleDifferences(actual: string, expected: string): string[] {
  const found = actual.split('\n');
  const wanted = expected.split('\n');
  const out: string[] = [];
  for (let i = 0; i < Math.max(found.length, wanted.length); i++) {
    if (found[i] !== wanted[i])
      out.push(
        `line ${i + 1}: expected ${JSON.stringify(wanted[i] ?? null)}, found ${JSON.stringify(found[i] ?? null)}`,
      );
  }
  return out;
}

/** Rewrites .env.example from the schema; answers whether anything changed. */
export function updateEnvExample(file: string): boolean {
  const before = readFileSync(file, 'utf8');
  const after = renderEnvExample();
  if (after !== before) writeFileSync(file, after);
  return after !== before;
}
