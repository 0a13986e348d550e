import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RegtestNode } from './regtest-node';

/**
 * The development Litecoin node's miner with a hold list (issue 47), so a browser flow can keep ONE
 * withdrawal batch out of blocks and speed it up (replace-by-fee) while every other flow's coins keep
 * confirming. A test writes DATA_DIR/dev-litecoin-hold.json, `{ "addresses": ["rltc1..."] }`; the FIRST
 * mempool transaction seen paying a listed address is held, remembered by its txid, and a later one
 * paying it (the replacement, a new txid) is mined as usual. Development tooling only: `npm start`'s
 * own regtest node runs it, the production node is not ours, and the file exists only when a test
 * writes it.
 *
 * A hold is two things. `prioritisetransaction` gives the transaction a modified fee far below nothing
 * (the delta is in litoshis and changes only how block assembly ranks it, never what it pays), so no
 * block the node assembles takes it or anything spending it, whoever asks for the block (a test's own
 * `generatetoaddress` too). And while the list is not empty this miner makes its blocks with
 * `generateblock` from the mempool it has just read, less the held transactions and their descendants:
 * a transaction reaching the mempool between that read and the block is left for the next block
 * instead of slipping in before it is looked at. The watch runs every fraction of a second, so another
 * block maker can only take a held transaction in the moment between its arrival and the next look.
 */

/** Where a test lists the outside addresses whose first payment the development miner holds. */
export function devLitecoinHoldFile(dataDir: string): string {
  return path.join(dataDir, 'dev-litecoin-hold.json');
}

/**
 * Where a test pauses the development miner's block every few seconds, `{ "seconds": 20 }`, so a flow
 * can watch a deposit at one confirmation and then mine the rest itself (its own `generatetoaddress`
 * is not paused): with a block every 5 s, a watcher or a browser slowed by a loaded machine could miss
 * the deposit's PENDING moment altogether. The pause runs from the file's last write and never longer
 * than MAX_PAUSE_SECONDS, so a flow that dies before removing the file stops nobody's blocks for long.
 */
export function devLitecoinPauseFile(dataDir: string): string {
  return path.join(dataDir, 'dev-litecoin-pause.json');
}

/** The longest pause a pause file gives, however many seconds it asks for. */
export const MAX_PAUSE_SECONDS = 60;

/** Whether the pause file (devLitecoinPauseFile) holds the miner's scheduled blocks at `now`. */
export function miningPaused(pauseFile: string, now = Date.now()): boolean {
  try {
    const asked = (JSON.parse(readFileSync(pauseFile, 'utf8')) as { seconds?: unknown }).seconds;
    if (typeof asked !== 'number' || !(asked > 0)) return false;
    const seconds = Math.min(asked, MAX_PAUSE_SECONDS);
    return now < statSync(pauseFile).mtimeMs + seconds * 1000;
  } catch {
    // No file, or one half written: not paused.
    return false;
  }
}

/** A held transaction's fee delta in litoshis: 1,000 LTC less than it pays, below any real fee. */
export const HOLD_FEE_DELTA = -100_000_000_000;

interface MempoolEntry {
  readonly ancestorcount: number;
  readonly depends: readonly string[];
}

interface DecodedTx {
  readonly vout: readonly { scriptPubKey: { address?: string; addresses?: readonly string[] } }[];
}

export interface DevLitecoinMiner {
  /** Reads the mempool and holds the first transaction paying each listed address. */
  watch(): Promise<void>;
  /** Mines one block (its hash): every mempool transaction but the held ones and what spends them. */
  mineBlock(): Promise<string>;
  /** The txids held so far. */
  readonly held: ReadonlySet<string>;
}

/** The listed addresses; none when the file is missing or half written (the next look reads it again). */
function heldAddresses(holdFile: string): string[] {
  if (!existsSync(holdFile)) return [];
  try {
    const parsed = JSON.parse(readFileSync(holdFile, 'utf8')) as { addresses?: unknown };
    return Array.isArray(parsed.addresses)
      ? parsed.addresses.filter((address): address is string => typeof address === 'string')
      : [];
  } catch {
    return [];
  }
}

/** The addresses a transaction pays (Litecoin Core 0.21 lists them under `addresses`, later ones `address`). */
function paidAddresses(tx: DecodedTx): string[] {
  return tx.vout.flatMap(({ scriptPubKey }) => [
    ...(scriptPubKey.address ? [scriptPubKey.address] : []),
    ...(scriptPubKey.addresses ?? []),
  ]);
}

export function devLitecoinMiner(node: RegtestNode, holdFile: string): DevLitecoinMiner {
  /** Per listed address, the txid of its held first payment. */
  const heldFor = new Map<string, string>();
  const held = new Set<string>();
  /** Mempool transactions already read (each is decoded once), pruned to the mempool at every look. */
  let looked = new Set<string>();
  // Looks and blocks run one after the other: a block is made from the holds of the look before it.
  let queue: Promise<unknown> = Promise.resolve();
  let watching = false;
  const serially = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run);
    queue = next.catch(() => {});
    return next;
  };

  async function look(addresses: readonly string[]): Promise<Record<string, MempoolEntry>> {
    const pool = await node.rpc.call<Record<string, MempoolEntry>>('getrawmempool', [true]);
    const waiting = addresses.filter((address) => !heldFor.has(address));
    const now = new Set(Object.keys(pool));
    for (const txid of now) {
      if (looked.has(txid) || waiting.length === 0) continue;
      const tx = await node.rpc.call<DecodedTx>('getrawtransaction', [txid, true]).catch(() => null);
      if (!tx) continue;
      const paid = paidAddresses(tx).filter((address) => waiting.includes(address) && !heldFor.has(address));
      if (paid.length === 0) continue;
      await node.rpc.call('prioritisetransaction', [txid, 0, HOLD_FEE_DELTA]);
      held.add(txid);
      for (const address of paid) heldFor.set(address, txid);
    }
    looked = now;
    return pool;
  }

  async function mineHolding(addresses: readonly string[]): Promise<string> {
    const pool = await look(addresses);
    const out = new Set<string>();
    const txids: string[] = [];
    // Fewer ancestors first is an order a block accepts: a parent always has fewer than its child.
    const entries = Object.entries(pool).sort(([, a], [, b]) => a.ancestorcount - b.ancestorcount);
    for (const [txid, entry] of entries) {
      if (held.has(txid) || entry.depends.some((parent) => out.has(parent))) out.add(txid);
      else txids.push(txid);
    }
    const to = await node.outside.call<string>('getnewaddress', ['', 'bech32']);
    return (await node.rpc.call<{ hash: string }>('generateblock', [to, txids])).hash;
  }

  return {
    held,
    async watch() {
      const addresses = heldAddresses(holdFile);
      // A look still running is not queued behind: on a slow machine the looks would pile up.
      if (addresses.length === 0 || watching) return;
      watching = true;
      try {
        await serially(() => look(addresses));
      } finally {
        watching = false;
      }
    },
    mineBlock: () =>
      serially(async () => {
        const addresses = heldAddresses(holdFile);
        if (addresses.length > 0 || held.size > 0) return mineHolding(addresses);
        const [hash] = await node.mine(1);
        return hash!;
      }),
  };
}
