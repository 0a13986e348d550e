/**
 * The proof-of-reserves tree's benchmark: `npm run bench:reserves` (issue 49).
 *
 * Builds the Merkle-sum tree over ACCOUNTS customers of all twelve assets, as a report does
 * (apps/server/src/features/reserves/reserves-tree.ts: each leaf's hashed id, HMAC salt and balances,
 * leaves sorted by hash, then level by level), from a snapshot held the way the server holds one: the
 * ids in an array and every balance in one BigInt64Array, no object per leaf. Most customers hold a
 * few assets, some hold all. Prints the time to build, the process's peak RSS, and checks a sample of
 * paths against the root. Fails (exit 1) past 60 s or 1 GiB. The figures are copied into
 * docs/performance.md by hand.
 */
import { randomUUID } from 'node:crypto';
import { ASSET_CODES, inclusionPath, treeRoot, verifyInclusion } from '@exchange/domain';
import { saltFor } from '../apps/server/src/features/reserves/reserves-salts';
import type { LiabilitySnapshot } from '../apps/server/src/features/reserves/reserves-snapshot';
import { reservesTree, sha256 } from '../apps/server/src/features/reserves/reserves-tree';
import { machine } from './support';

const ACCOUNTS = Number(process.env.RESERVES_ACCOUNTS ?? 1_000_000);
const LIMIT_MS = 60_000;
const LIMIT_BYTES = 1024 ** 3;

/** A small deterministic generator (mulberry32), so every run builds the same book of balances. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const k = ASSET_CODES.length;
const next = random(49);
const userIds: string[] = new Array(ACCOUNTS);
const balances = new BigInt64Array(ACCOUNTS * k);
for (let i = 0; i < ACCOUNTS; i++) {
  userIds[i] = randomUUID();
  const held = next() < 0.05 ? k : 1 + Math.floor(next() * 3);
  for (let h = 0; h < held; h++) {
    const a = held === k ? h : Math.floor(next() * k);
    balances[i * k + a] = BigInt(Math.floor(next() * 1e12));
  }
}
const snapshot: LiabilitySnapshot = { takenAt: new Date(), assets: ASSET_CODES, userIds, balances };
const saltKey = '42'.repeat(32);

const started = performance.now();
const cpuBefore = process.cpuUsage();
const tree = reservesTree(snapshot, saltKey);
const buildMs = performance.now() - started;
// The build is one thread: its CPU time is what it takes on an idle core, whatever else the machine runs.
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const root = treeRoot(tree);
const peakRss = process.resourceUsage().maxRSS * 1024;

// A sample of customers' paths must verify to the root.
let verified = 0;
for (let s = 0; s < 20; s++) {
  const i = Math.floor(next() * ACCOUNTS);
  const result = await verifyInclusion(
    {
      accountId: userIds[i] as string,
      salt: saltFor(saltKey, userIds[i] as string),
      balances: Array.from(balances.subarray(i * k, (i + 1) * k)),
      path: inclusionPath(tree, tree.positions[i] as number),
      root: { hash: root.hash, totals: root.sums },
    },
    sha256,
  );
  if (result.ok) verified++;
}

const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);
process.stdout.write(
  [
    `proof-of-reserves tree, ${machine()}`,
    `  accounts: ${ACCOUNTS.toLocaleString('en')} x ${k} assets, ${tree.levels.length} levels`,
    `  build (leaf hashes with salts, sort, levels): ${(buildMs / 1000).toFixed(1)} s wall, ${(cpuMs / 1000).toFixed(1)} s CPU (limit 60 s)`,
    `  peak RSS of the process (snapshot included): ${mib(peakRss)} MiB (limit 1024 MiB)`,
    `  sample paths verified: ${verified}/20`,
    '',
  ].join('\n'),
);
if (buildMs > LIMIT_MS || peakRss > LIMIT_BYTES || verified !== 20) process.exitCode = 1;
