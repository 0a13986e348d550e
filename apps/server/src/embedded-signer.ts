import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Logger } from 'pino';
import type { ChainSigner } from './platform/chain/chain-sender-types';
import { depositAddressAt } from './platform/chain/evm/hd-addresses';
import { remoteChainSigner } from './platform/chain/remote-chain-signer';
import type { SignerIdentity } from './platform/chain/signer-protocol';
import { randomSecret } from './platform/secrets';

/**
 * The embedded default's signer process (issue 43, item 5; docs/custody.md): `npm start` with no chain
 * settings runs the signer (signer/main.ts) as its own child process, so the web process never holds
 * the seed words, as in production. The child reads the embedded seed from DATA_DIR/secrets/chain-seed
 * itself (SIGNER_EMBEDDED=on, which also grants the development chain's restore); the web process asks
 * it only for the seed's public side (`--identity`), picks a free loopback port and a fresh
 * SIGNER_SECRET for this start (in the child's environment and this process's memory only, never
 * written), and signs through SIGNER_URL like any other web process. The child has an IPC channel to
 * this process: when this process ends, however it ends, the child's channel closes and it exits.
 */

type Env = Record<string, string | undefined>;

/** The embedded default: development, the embedded chain, and no key or signer given. */
export function embeddedSignerWanted(env: Env): boolean {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const mode = env.CHAIN_MODE ?? (env.CHAIN_RPC_URL || env.CHAINS ? 'external' : 'embedded');
  return (
    nodeEnv === 'development' &&
    mode === 'embedded' &&
    !env.SIGNER_URL &&
    !env.CHAIN_MNEMONIC &&
    !env.CHAIN_XPUB
  );
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

/**
 * The signer's command. This process run from its bundle (`npm start`, `node
 * apps/server/dist/server/main.mjs`) finds the signer's bundle beside its own (scripts/start.mjs builds
 * both); run from source (`npm run dev`, the e2e server), it runs the signer's source through tsx, a
 * devDependency, as it runs itself. The bundle keeps each source's own import.meta.url (start.mjs),
 * so import.meta.filename is what tells the two apart: the bundle's file, or the source's.
 */
export function signerCommand(
  args: readonly string[],
  self: string | undefined = import.meta.filename,
): [string, string[]] {
  if (self?.endsWith('.mjs'))
    return [process.execPath, [path.join(path.dirname(self), 'signer/main.mjs'), ...args]];
  return [process.execPath, ['--import', 'tsx', path.join(here, 'signer/main.ts'), ...args]];
}

function childEnv(env: Env, own: Env): NodeJS.ProcessEnv {
  const out: Env = { ...env };
  // The web process's signer settings are not the child's; the seed is read by the child itself.
  for (const name of [
    'SIGNER_URL',
    'SIGNER_SOCKET',
    'SIGNER_MNEMONIC',
    'CHAIN_MNEMONIC',
    'CHAIN_XPUB',
    'PORT',
  ])
    delete out[name];
  return { ...out, NODE_ENV: 'development', SIGNER_EMBEDDED: 'on', ...own } as NodeJS.ProcessEnv;
}

function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const bound = server.address();
      const port = bound && typeof bound === 'object' ? bound.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface EmbeddedSignerPlan {
  readonly identity: SignerIdentity;
  readonly url: string;
  readonly secret: string;
  readonly port: number;
  /** What the web process's configuration gets instead of seed words (never put into process.env). */
  readonly webEnv: Env;
}

/** The seed's public side (from a short-lived `--identity` child), and where the signer will listen. */
export async function planEmbeddedSigner(env: Env): Promise<EmbeddedSignerPlan> {
  const [command, args] = signerCommand(['--identity']);
  const { stdout } = await promisify(execFile)(command, args, {
    cwd: repoRoot,
    env: childEnv(env, {}),
  });
  const identity = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as SignerIdentity;
  const port = await freeLoopbackPort();
  const url = `http://127.0.0.1:${port}`;
  const secret = randomSecret();
  return {
    identity,
    url,
    secret,
    port,
    webEnv: {
      SIGNER_URL: url,
      SIGNER_SECRET: secret,
      CHAIN_XPUB: identity.xpub,
      CHAIN_HOT_ADDRESS: identity.hot_address,
    },
  };
}

/** The web process's signer before the child runs (the start's first signature comes after it). */
export function plannedChainSigner(plan: EmbeddedSignerPlan): ChainSigner {
  return remoteChainSigner({ url: plan.url, secret: plan.secret }, plan.identity, (index) =>
    depositAddressAt(plan.identity.xpub, index),
  );
}

export interface EmbeddedSignerChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly usdtContract: string | null;
  readonly nftContract: string | null;
  readonly hotCapNative: string;
  readonly hotCapToken: string;
  /**
   * Every local network the start runs (issue 47: Ethereum, BNB Smart Chain, Polygon, each with all its
   * tokens) as a CHAINS list; when given the child reads its chains from it alone, so it signs on each.
   */
  readonly networks?: string;
}

export interface RunningSigner {
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts the signer child on the planned port with the development chain's settings; waits for it. */
export async function startEmbeddedSigner(
  env: Env,
  plan: EmbeddedSignerPlan,
  input: { readonly dataDir: string; readonly databaseUrl: string; readonly chain: EmbeddedSignerChain },
  logger: Logger,
): Promise<RunningSigner> {
  const { chain } = input;
  const [command, args] = signerCommand([]);
  const child: ChildProcess = spawn(command, args, {
    cwd: repoRoot,
    env: childEnv(env, {
      DATA_DIR: input.dataDir,
      DATABASE_URL: input.databaseUrl,
      SIGNER_SECRET: plan.secret,
      SIGNER_HOST: '127.0.0.1',
      SIGNER_PORT: String(plan.port),
      CHAIN_MODE: 'external',
      ...(chain.networks
        ? { CHAINS: chain.networks }
        : {
            CHAIN_RPC_URL: chain.rpcUrl,
            CHAIN_ID: String(chain.chainId),
            CHAIN_USDT_ADDRESS: chain.usdtContract ?? undefined,
          }),
      CHAIN_NFT_ADDRESS: chain.nftContract ?? undefined,
      CHAIN_HOT_CAP_NATIVE: chain.hotCapNative,
      CHAIN_HOT_CAP_TOKEN: chain.hotCapToken,
    }),
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // A parent that exits without its stop (process.exit on a failure) still takes the child along.
  process.once('exit', () => child.kill('SIGTERM'));
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onExit = (code: number | null) => reject(new Error(`the signer process exited with ${code}`));
    child.once('exit', onExit);
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (/signer listening on \S+/.test(seen)) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  // Its log lines after the first go where this process's go.
  child.stdout!.pipe(process.stdout);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) logger.error({ code, signal }, 'the signer process exited; nothing can be signed');
  });
  logger.info({ pid: child.pid, signer: plan.url }, 'signer process started (embedded default)');
  return {
    pid: child.pid ?? 0,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
