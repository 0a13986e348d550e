import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  accountHashOf,
  buildSumTree,
  inclusionPath,
  leafBytes,
  type Sha256,
  toHex,
  treeRoot,
} from '@exchange/domain';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The standalone verifier (verifier/verify.mjs), run as a customer runs it: `node verify.mjs proof.json
 * <root>`, on proofs made by the product's own tree (packages/domain/src/reserves). It must accept a
 * genuine proof and refuse every way a proof or a tree can lie.
 */
const sha256: Sha256 = (bytes) => new Uint8Array(createHash('sha256').update(bytes).digest());
const verifier = path.resolve(import.meta.dirname, '../verifier/verify.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'reserves-verifier-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ASSETS = ['USD', 'BTC', 'ETH'];

interface Customer {
  readonly id: string;
  readonly salt: Uint8Array;
  readonly balances: bigint[];
}

const customer = (id: string, balances: bigint[]): Customer => ({
  id,
  salt: sha256(new TextEncoder().encode(`salt:${id}:${balances.join()}`)),
  balances,
});

/** A report's tree and the proof file of its customer `who`, as the product hands it out. */
function report(customers: readonly Customer[], who: number) {
  const k = ASSETS.length;
  const hashes = new Uint8Array(customers.length * 32);
  const sums = new BigInt64Array(customers.length * k);
  customers.forEach((c, i) => {
    hashes.set(sha256(leafBytes(accountHashOf(c.id, sha256), c.salt, c.balances)), i * 32);
    sums.set(c.balances, i * k);
  });
  const tree = buildSumTree({ count: customers.length, assetCount: k, hashes, sums }, sha256);
  const root = treeRoot(tree);
  const me = customers[who] as Customer;
  const proof = {
    version: 1,
    report: {
      _id: 'report',
      created_at: '2026-12-02T00:00:00.000Z',
      root_hash: toHex(root.hash),
      assets: ASSETS,
      scales: [2, 8, 8],
      totals: root.sums.map(String),
    },
    leaf: { account_id: me.id, salt: toHex(me.salt), balances: me.balances.map(String) },
    path: inclusionPath(tree, tree.positions[who] as number).map((step) => ({
      side: step.side,
      hash: toHex(step.hash),
      sums: step.sums.map(String),
    })),
  };
  return { root: toHex(root.hash), proof };
}

let files = 0;
function run(proof: unknown, root: string): { ok: boolean; out: string } {
  const file = path.join(dir, `proof-${files++}.json`);
  writeFileSync(file, JSON.stringify(proof));
  try {
    return { ok: true, out: execFileSync('node', [verifier, file, root], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    expect(failed.status).toBe(1);
    return { ok: false, out: failed.stdout };
  }
}

const customers = [
  customer('alice', [10_000n, 150_000_000n, 0n]),
  customer('bob', [0n, 20_000_000n, 3n]),
  customer('carol', [55n, 0n, 0n]),
  customer('dave', [1n, 1n, 1n]),
  customer('erin', [0n, 0n, 0n]),
];

describe('the standalone verifier', () => {
  it('accepts a genuine proof and prints the balances and totals', () => {
    const { root, proof } = report(customers, 1);
    const result = run(proof, root);
    expect(result.ok).toBe(true);
    expect(result.out).toMatch(/^OK: account bob/);
    expect(result.out).toContain('BTC 20000000');
  });

  it('rejects a changed balance', () => {
    const { root, proof } = report(customers, 0);
    proof.leaf.balances[1] = '150000001';
    expect(run(proof, root)).toMatchObject({
      ok: false,
      out: expect.stringContaining('does not lead to the published root'),
    });
  });

  it('rejects a changed salt', () => {
    const { root, proof } = report(customers, 0);
    proof.leaf.salt = `00${proof.leaf.salt.slice(2)}`;
    expect(run(proof, root)).toMatchObject({
      ok: false,
      out: expect.stringContaining('does not lead to the published root'),
    });
  });

  it("rejects a path from another report, whether it names that report's root or this one's", () => {
    const today = report(customers, 2);
    const yesterday = report(customers.slice(0, 4), 2);
    expect(run(yesterday.proof, today.root)).toMatchObject({
      ok: false,
      out: expect.stringContaining('another report'),
    });
    const relabelled = { ...yesterday.proof, report: { ...yesterday.proof.report, root_hash: today.root } };
    expect(run(relabelled, today.root)).toMatchObject({ ok: false, out: expect.stringContaining('FAIL') });
  });

  it('rejects totals that leave a leaf out', () => {
    const { root, proof } = report(customers, 3);
    proof.report.totals[1] = String(BigInt(proof.report.totals[1] as string) - 20_000_000n);
    expect(run(proof, root)).toMatchObject({ ok: false, out: expect.stringContaining('leave leaves out') });
  });

  it("rejects a tree with a negative leaf, shown in its neighbour's path", () => {
    // Two customers and a made-up account of -100,000,000 BTC that lowers the total: the tree's root still
    // commits to it, and whoever's path passes it sees a negative sum.
    const cheat = [customer('alice', [0n, 150_000_000n, 0n]), customer('ghost', [0n, -100_000_000n, 0n])];
    const { root, proof } = report(cheat, 0);
    expect(proof.report.totals[1]).toBe('50000000');
    expect(run(proof, root)).toMatchObject({ ok: false, out: expect.stringContaining('negative') });
  });

  it('says what is wrong with a file that is not a proof', () => {
    const { root } = report(customers, 0);
    expect(run({ hello: 'world' }, root)).toMatchObject({ ok: false, out: expect.stringMatching(/^FAIL: /) });
  });
});
