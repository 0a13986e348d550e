import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startOnFreePort, untilServing } from '../../free-port';
import { type BitcoinRpc, bitcoinRpc } from './bitcoin-rpc';

/**
 * A Litecoin Core node in regtest mode (issue 47) for `npm start` and the tests: its own temporary data
 * directory, free loopback ports, a random RPC password, -txindex (the watcher finds a moved deposit by
 * its transaction), a wallet "outside" standing for the world's wallets, and 101 blocks mined so the
 * first block's coins can be spent. Litecoin Core 0.21 is Bitcoin Core 0.21's RPC with its own bech32
 * part ('rltc' on regtest). Debian ships it as `litecoind`.
 */
export interface RegtestNode {
  /** The RPC URL with its credentials (what BITCOIN_CHAINS takes). */
  readonly rpcUrl: string;
  /** The node, without a wallet. */
  readonly rpc: BitcoinRpc;
  /** The outside world's wallet on the node. */
  readonly outside: BitcoinRpc;
  /** An address of the outside wallet that mined blocks pay. */
  readonly minerAddress: string;
  /**
   * Mines `count` blocks to a new address of the outside wallet (so a block mined after
   * `invalidateblock` is never the very block taken away); answers their hashes.
   */
  mine(count: number): Promise<string[]>;
  /** Stops the node and removes its data directory. */
  stop(): Promise<void>;
  /** The node's data directory (a fresh one under the system's temporary directory). */
  readonly dataDir: string;
}

export const LITECOIND = 'litecoind';

/** Whether litecoind is installed (on the PATH). */
export function litecoindInstalled(): boolean {
  try {
    execFileSync(LITECOIND, ['-version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * A small process that stops the node and removes its data directory once this process is gone (see
 * startRegtestNode). It leaves early only when the directory is gone already (`stop` ran): a node that
 * died first, as this process's own exit kills it, still leaves its directory to be removed here (each
 * test run left about 20 MB of them under /tmp when it did not wait for its parent).
 */
function watchParent(nodePid: number, dataDir: string): void {
  const script = [
    'const fs = require("node:fs");',
    'const [parent, node, dir] = [Number(process.argv[1]), Number(process.argv[2]), process.argv[3]];',
    'const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };',
    'const timer = setInterval(() => {',
    '  if (!alive(node) && !fs.existsSync(dir)) process.exit(0);',
    '  if (alive(parent)) return;',
    '  clearInterval(timer);',
    '  const nodeAlive = alive(node);',
    '  if (nodeAlive) { try { process.kill(node, "SIGTERM"); } catch {} }',
    '  setTimeout(() => { try { process.kill(node, "SIGKILL"); } catch {} fs.rmSync(dir, { recursive: true, force: true }); process.exit(0); }, nodeAlive ? 5000 : 0);',
    '}, 1000);',
  ].join('\n');
  spawn(process.execPath, ['-e', script, String(process.pid), String(nodePid), dataDir], {
    stdio: 'ignore',
    detached: true,
  }).unref();
}

/** Starts a node on a free RPC port (startOnFreePort); `pickPort` is for the test that takes one first. */
export function startRegtestNode(
  options: { timeoutMs?: number; pickPort?: () => Promise<number> } = {},
): Promise<RegtestNode> {
  return startOnFreePort(
    (rpcPort) => launchRegtestNode(rpcPort, options.timeoutMs ?? 120_000),
    options.pickPort,
  );
}

async function launchRegtestNode(rpcPort: number, timeoutMs: number): Promise<RegtestNode> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ltc-regtest-'));
  const p2pPort = await freePort();
  const password = randomBytes(16).toString('hex');
  const child = spawn(
    LITECOIND,
    [
      '-regtest',
      `-datadir=${dataDir}`,
      `-rpcport=${rpcPort}`,
      `-port=${p2pPort}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      '-rpcuser=exchange',
      `-rpcpassword=${password}`,
      '-listen=0',
      '-dnsseed=0',
      '-txindex=1',
      '-fallbackfee=0.0001',
      // Litecoin Core 0.21 refuses every BIP-125 replacement unless this is on (its default is off).
      '-mempoolreplacement=1',
      // Litecoin Core activates MWEB on regtest at height 432, after which a block cannot be made until
      // someone pegs coins into MWEB ('bad-txns-vin-empty'): `npm start`'s node, a block every 5 s,
      // stopped for good after about half an hour. Its start lies beyond any height this node reaches.
      '-vbparams=mweb:4102444800:4102444801:2000000000:2000000001',
      '-printtoconsole=0',
      '-server=1',
    ],
    { stdio: 'ignore' },
  );
  // A watchdog ends the node (and removes its data directory) when this process is gone, even killed
  // (SIGKILL), so a crashed server or test run leaves no node behind; and this process's own exit kills it.
  if (child.pid) watchParent(child.pid, dataDir);
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const rpcUrl = `http://exchange:${password}@127.0.0.1:${rpcPort}`;
  const rpc = bitcoinRpc(rpcUrl, { timeoutMs: 60_000 });
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await rpc.call('stop').catch(() => child.kill('SIGTERM'));
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Litecoin Core answers -28 (warming up) for seconds; on a loaded 2-core machine past 30 s.
    await untilServing(child, () => rpc.call('getblockcount'), {
      name: 'litecoind',
      timeoutMs,
      everyMs: 100,
    });
    await rpc.call('createwallet', ['outside']);
    const outside = bitcoinRpc(rpcUrl, { timeoutMs: 60_000, wallet: 'outside' });
    const minerAddress = await outside.call<string>('getnewaddress', ['', 'bech32']);
    const mine = async (count: number) => {
      const to = await outside.call<string>('getnewaddress', ['', 'bech32']);
      return rpc.call<string[]>('generatetoaddress', [count, to]);
    };
    await mine(101);
    return { rpcUrl, rpc, outside, minerAddress, mine, stop, dataDir };
  } catch (error) {
    await stop();
    throw error;
  }
}
