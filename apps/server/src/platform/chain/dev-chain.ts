import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  parseAbi,
  parseEther,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { startOnFreePort, untilServing } from '../free-port';
import { DEV_CHAIN_MNEMONIC } from './chain-config';
import { TEST_USDT_SOURCE } from './dev-chain-token';
import { compileSolidity } from './solidity';

/**
 * The local development chain (issue 37): hardhat 2's node, started offline as a child process on a
 * free loopback port, with a test USDT (6 decimals, compiled in-process by solc-js) deployed from the
 * first development account, which also holds its supply. `npm start` (embedded mode) and the server
 * tests start one; production never does (the configuration refuses CHAIN_MODE=embedded there).
 */

export const DEV_CHAIN_ID = 31337;

/** The test token's interface as the watcher, the faucet and the tests call it. */
export const TEST_USDT_ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function mint(address to, uint256 value)',
  'function balanceOf(address owner) view returns (uint256)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

export interface DevChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** The test USDT contract (checksummed). */
  readonly usdt: Address;
  stop(): Promise<void>;
}

const require = createRequire(import.meta.url);

/** The test token's creation code, compiled now by solc-js (well under a second). */
export function compileTestUsdt(): Hex {
  return compileSolidity('TestUSDT', TEST_USDT_SOURCE);
}

/**
 * Starts the node, waits for its RPC, deploys the test USDT and mints its supply to the first
 * development account. `blockMs` > 0 also mines a block every so often, so confirmations count up
 * in a browser session; 0 mines only per transaction (tests mine explicitly). `chainId` (default
 * 31337) lets a test run a second chain beside the first, as a second configured chain would be.
 */
export function startDevChain(options: DevChainOptions = {}): Promise<DevChain> {
  // A port asked for is taken as it is; a chosen one is chosen again if the node could not bind it.
  if (options.port) return launchDevChain(options.port, options);
  return startOnFreePort((port) => launchDevChain(port, options), options.pickPort);
}

interface DevChainOptions {
  port?: number;
  /** Chooses the port when `port` is not given (freePort); for the test that hands it a taken one. */
  pickPort?: () => Promise<number>;
  blockMs?: number;
  chainId?: number;
  log?: (line: string) => void;
}

async function launchDevChain(port: number, options: DevChainOptions): Promise<DevChain> {
  const chainId = options.chainId ?? DEV_CHAIN_ID;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-dev-chain-'));
  const mining = options.blockMs ? `{ auto: true, interval: ${options.blockMs} }` : '{ auto: true }';
  // A coinbase of its own tells this node from any other on the port (waitForRpc).
  const coinbase = `0x${randomBytes(20).toString('hex')}`;
  writeFileSync(
    path.join(dir, 'hardhat.config.cjs'),
    // loggingEnabled: false stops the node printing every RPC call (`hardhat node` turns it on), which
    // nobody reads: with three nodes polled every second that printing was CPU for nothing.
    `module.exports = { networks: { hardhat: { chainId: ${chainId}, mining: ${mining}, coinbase: '${coinbase}', loggingEnabled: false } } };\n`,
  );
  // A watchdog in front of hardhat's CLI ends the node when this process is gone, even killed (SIGKILL),
  // so a crashed server or test run leaves no chain behind.
  writeFileSync(
    path.join(dir, 'watchdog.cjs'),
    [
      'const parent = Number(process.env.EXCHANGE_CHAIN_PARENT);',
      'setInterval(() => { try { process.kill(parent, 0); } catch { process.exit(0); } }, 1000).unref();',
      'require(process.env.EXCHANGE_HARDHAT_CLI);',
      '',
    ].join('\n'),
  );
  const hardhatPackage = require.resolve('hardhat/package.json');
  // hardhat insists on running from a project that has it installed: the checkout that holds it.
  const projectRoot = path.resolve(path.dirname(hardhatPackage), '../..');
  const child = spawn(
    process.execPath,
    [
      path.join(dir, 'watchdog.cjs'),
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
      '--config',
      path.join(dir, 'hardhat.config.cjs'),
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        NODE_OPTIONS: '',
        EXCHANGE_CHAIN_PARENT: String(process.pid),
        EXCHANGE_HARDHAT_CLI: path.join(path.dirname(hardhatPackage), 'internal/cli/cli.js'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Only the node's errors are of interest (its RPC log is off, its banner is not).
  child.stdout?.resume();
  child.stderr?.on('data', (chunk) => options.log?.(String(chunk).trim()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const rpcUrl = `http://127.0.0.1:${port}`;
  try {
    const client = createPublicClient({ transport: http(rpcUrl) });
    // It answers as itself: its own random coinbase, so another process's node that holds the port
    // (this one then exits, not bound) is never taken for it.
    await untilServing(
      child,
      async () => {
        const answered = await client.request({ method: 'eth_coinbase' as never });
        if (String(answered).toLowerCase() !== coinbase)
          throw new Error(`another node answers on its port (coinbase ${answered})`);
      },
      { name: 'the development chain', timeoutMs: 60_000, everyMs: 200 },
    );
    // The node has read its config and the watchdog: the directory is not needed any more, and removed
    // now it is not left in the temporary directory by a server that was killed rather than stopped.
    rmSync(dir, { recursive: true, force: true });
    const usdt = await deployTestUsdt(rpcUrl, chainId);
    return { rpcUrl, chainId, usdt, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** What the hot wallet starts with on a development or test chain: sweeps, gas top-ups and withdrawals work at once. */
export const HOT_WALLET_FUNDS = { eth: '100', usdt: 1_000_000n * 10n ** 6n } as const;

/**
 * Gives a development-chain address `eth` ETH (its balance is set to that) and sends it `usdt` test
 * USDT from the development funder. The embedded start funds the hot wallet this way.
 */
export async function fundDevAddress(
  rpcUrl: string,
  usdt: Address,
  address: Address,
  funds: { eth: string; usdt: bigint },
): Promise<void> {
  const transport = http(rpcUrl);
  const chain = devChainDefinition(rpcUrl);
  const client = createPublicClient({ chain, transport });
  await client.request({
    method: 'hardhat_setBalance' as never,
    params: [address, `0x${parseEther(funds.eth).toString(16)}`] as never,
  });
  if (funds.usdt <= 0n) return;
  const wallet = createWalletClient({ account: devFunder(), chain, transport });
  const hash = await wallet.writeContract({
    address: usdt,
    abi: TEST_USDT_ABI,
    functionName: 'transfer',
    args: [address, funds.usdt],
  });
  await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
}

/** The first development account: funded with ETH by the node, holder of the test USDT's supply. */
export function devFunder() {
  return mnemonicToAccount(DEV_CHAIN_MNEMONIC);
}

async function deployTestUsdt(rpcUrl: string, chainId: number): Promise<Address> {
  const account = devFunder();
  const transport = http(rpcUrl);
  const chain = devChainDefinition(rpcUrl, chainId);
  const wallet = createWalletClient({ account, chain, transport });
  const client = createPublicClient({ chain, transport });
  const hash = await wallet.deployContract({ abi: TEST_USDT_ABI, bytecode: compileTestUsdt() });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
  if (!receipt.contractAddress) throw new Error('the test USDT was not deployed');
  const usdt = getAddress(receipt.contractAddress);
  const minted = await wallet.writeContract({
    address: usdt,
    abi: TEST_USDT_ABI,
    functionName: 'mint',
    args: [account.address, 1_000_000_000n * 10n ** 6n],
  });
  await client.waitForTransactionReceipt({ hash: minted, pollingInterval: 100 });
  return usdt;
}

/** A viem chain description for the development chain at `rpcUrl` (a second one's own chain id). */
export function devChainDefinition(rpcUrl: string, chainId: number = DEV_CHAIN_ID) {
  return {
    id: chainId,
    name: 'development',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  } as const;
}
