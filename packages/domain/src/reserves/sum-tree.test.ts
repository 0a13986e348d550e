import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSumTree, inclusionPath, type LeafTable, treeRoot } from './sum-tree';
import { accountHashOf, EMPTY_HASH, leafBytes, nodeBytes, type Sha256, toHex } from './sum-tree-bytes';
import { verifyInclusion } from './verify-inclusion';

const sha256: Sha256 = (bytes) => new Uint8Array(createHash('sha256').update(bytes).digest());

interface Customer {
  readonly id: string;
  readonly salt: Uint8Array;
  readonly balances: bigint[];
}

function customer(n: number, balances: bigint[]): Customer {
  return { id: `user-${n}`, salt: sha256(new TextEncoder().encode(`salt-${n}`)), balances };
}

function leafHash(c: Customer): Uint8Array {
  return sha256(leafBytes(accountHashOf(c.id, sha256), c.salt, c.balances));
}

function table(customers: readonly Customer[], k: number): LeafTable {
  const hashes = new Uint8Array(customers.length * 32);
  const sums = new BigInt64Array(customers.length * k);
  customers.forEach((c, i) => {
    hashes.set(leafHash(c), i * 32);
    sums.set(c.balances, i * k);
  });
  return { count: customers.length, assetCount: k, hashes, sums };
}

/** The simple reference: objects, recursion over a sorted list, the same padding rule. */
function referenceRoot(customers: readonly Customer[], k: number): { hash: string; sums: bigint[] } {
  let level = customers
    .map((c) => ({ hash: leafHash(c), sums: c.balances }))
    .sort((a, b) => (toHex(a.hash) < toHex(b.hash) ? -1 : 1));
  if (level.length === 0) level = [{ hash: EMPTY_HASH, sums: new Array<bigint>(k).fill(0n) }];
  while (level.length > 1) {
    const next = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as (typeof level)[number];
      const right = level[i + 1] ?? { hash: EMPTY_HASH, sums: new Array<bigint>(k).fill(0n) };
      next.push({
        hash: sha256(nodeBytes(left.hash, left.sums, right.hash, right.sums)),
        sums: left.sums.map((s, a) => s + (right.sums[a] as bigint)),
      });
    }
    level = next;
  }
  const root = level[0] as (typeof level)[number];
  return { hash: toHex(root.hash), sums: root.sums };
}

async function verify(tree: ReturnType<typeof buildSumTree>, c: Customer, index: number) {
  const root = treeRoot(tree);
  return verifyInclusion(
    {
      accountId: c.id,
      salt: c.salt,
      balances: c.balances,
      path: inclusionPath(tree, tree.positions[index] as number),
      root: { hash: root.hash, totals: root.sums },
    },
    sha256,
  );
}

describe('the proof-of-reserves Merkle-sum tree', () => {
  const customers = [customer(1, [100n, 0n, 5n]), customer(2, [0n, 7n, 0n]), customer(3, [250n, 1n, 0n])];

  it('commits to the totals per asset at the root, with an odd level padded by the empty node', () => {
    const tree = buildSumTree(table(customers, 3), sha256);
    expect(treeRoot(tree).sums).toEqual([350n, 8n, 5n]);
    expect(tree.levels.map((l) => l.count)).toEqual([3, 2, 1]);
    expect(toHex(treeRoot(tree).hash)).toBe(referenceRoot(customers, 3).hash);
  });

  it('sorts the leaves by their hash, whatever order they came in', () => {
    const a = buildSumTree(table(customers, 3), sha256);
    const b = buildSumTree(table([...customers].reverse(), 3), sha256);
    expect(toHex(treeRoot(a).hash)).toBe(toHex(treeRoot(b).hash));
  });

  it("verifies every customer's path to the root", async () => {
    const tree = buildSumTree(table(customers, 3), sha256);
    for (const [i, c] of customers.entries()) expect((await verify(tree, c, i)).ok).toBe(true);
  });

  it('rejects a changed balance, a changed salt, and totals that leave a leaf out', async () => {
    const tree = buildSumTree(table(customers, 3), sha256);
    const root = treeRoot(tree);
    const path = inclusionPath(tree, tree.positions[0] as number);
    const c = customers[0] as Customer;
    const claim = {
      accountId: c.id,
      salt: c.salt,
      balances: c.balances,
      path,
      root: { hash: root.hash, totals: root.sums },
    };
    expect(await verifyInclusion({ ...claim, balances: [101n, 0n, 5n] }, sha256)).toMatchObject({
      code: 'root_mismatch',
    });
    expect(await verifyInclusion({ ...claim, salt: new Uint8Array(32) }, sha256)).toMatchObject({
      code: 'root_mismatch',
    });
    expect(
      await verifyInclusion({ ...claim, root: { hash: root.hash, totals: [250n, 8n, 0n] } }, sha256),
    ).toMatchObject({
      code: 'totals_mismatch',
    });
  });

  it("refuses a path whose sibling is negative: a negative leaf shows in its neighbour's proof", async () => {
    const cheat = [customer(1, [100n]), customer(2, [-90n])];
    const tree = buildSumTree(table(cheat, 1), sha256);
    expect(treeRoot(tree).sums).toEqual([10n]);
    expect(await verify(tree, cheat[0] as Customer, 0)).toMatchObject({ ok: false, code: 'negative_sum' });
    expect(await verify(tree, cheat[1] as Customer, 1)).toMatchObject({
      ok: false,
      code: 'negative_balance',
    });
  });

  it('has the empty node as the root of no leaves and the leaf itself as the root of one', () => {
    expect(toHex(treeRoot(buildSumTree(table([], 2), sha256)).hash)).toBe(toHex(EMPTY_HASH));
    const one = customer(9, [3n, 4n]);
    const tree = buildSumTree(table([one], 2), sha256);
    expect(toHex(treeRoot(tree).hash)).toBe(toHex(leafHash(one)));
    expect(inclusionPath(tree, 0)).toEqual([]);
  });

  it('matches the reference builder, and every path verifies, for any set of balances', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 2, maxLength: 2 }), {
          maxLength: 20,
        }),
        async (rows) => {
          const cs = rows.map((balances, n) => customer(n, balances));
          const tree = buildSumTree(table(cs, 2), sha256);
          const reference = referenceRoot(cs, 2);
          expect(toHex(treeRoot(tree).hash)).toBe(reference.hash);
          expect(treeRoot(tree).sums).toEqual(reference.sums);
          for (const [i, c] of cs.entries()) expect((await verify(tree, c, i)).ok).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the reserve ratio', () => {
  it('is cut to four places, never rounded up, and absent when nothing is owed', async () => {
    const { reserveRatio } = await import('./attestation');
    expect(reserveRatio(2n, 3n)).toBe('0.6666');
    expect(reserveRatio(105n, 100n)).toBe('1.0500');
    expect(reserveRatio(5n, 0n)).toBeNull();
  });
});
