#!/usr/bin/env node
// Proof-of-reserves verifier: checks one customer's inclusion proof against a published root.
// Standalone on purpose: Node's own crypto and fs, nothing of the exchange's code, so you can read all of
// it (about 100 lines) and trust it instead of us. The algorithm is in docs/proof-of-reserves.md.
//
//   node verify.mjs proof.json <root>
//
// Prints "OK: ..." and exits 0 when the proof's leaf is in the tree whose root is <root> and the tree's
// totals are the ones the proof's report states; prints "FAIL: <reason>" and exits 1 otherwise.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

class Failure extends Error {}
const fail = (reason) => {
  throw new Failure(reason);
};

const sha256 = (...parts) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function hex32(text, what) {
  if (typeof text !== 'string' || !/^[0-9a-fA-F]{64}$/.test(text)) fail(`${what} is not 32 bytes of hex`);
  return Buffer.from(text, 'hex');
}

function amounts(list, count, what) {
  if (!Array.isArray(list) || list.length !== count)
    fail(`${what} does not have one amount per asset (${count})`);
  return list.map((text) => {
    if (typeof text !== 'string' || !/^-?\d+$/.test(text))
      fail(`${what} holds "${text}", not a whole number`);
    const value = BigInt(text);
    if (value < INT64_MIN || value > INT64_MAX) fail(`${what} holds ${text}, outside 64 bits`);
    return value;
  });
}

/** Signed 64-bit big-endian, one per asset. */
function int64s(values) {
  const out = Buffer.alloc(values.length * 8);
  for (const [i, value] of values.entries()) out.writeBigInt64BE(value, i * 8);
  return out;
}

export function verify(proof, publishedRoot) {
  const root = hex32(publishedRoot, 'the published root');
  if (proof?.version !== 1) fail('not a version 1 proof');
  const { report, leaf, path } = proof;
  const assets = report?.assets;
  if (!Array.isArray(assets) || assets.length === 0) fail('the proof names no assets');
  const k = assets.length;
  if (hex32(report.root_hash, "the proof's root").compare(root) !== 0)
    fail('the proof is for another report: its root is not the published one');
  if (typeof leaf?.account_id !== 'string' || leaf.account_id === '') fail('the leaf names no account');
  const salt = hex32(leaf.salt, 'the salt');
  const balances = amounts(leaf.balances, k, 'the leaf');
  const totals = amounts(report.totals, k, "the report's totals");
  for (const [i, b] of balances.entries()) if (b < 0n) fail(`the leaf's ${assets[i]} balance is negative`);
  if (!Array.isArray(path)) fail('the proof has no path');

  let hash = sha256(
    Buffer.from([0x00]),
    sha256(Buffer.from(leaf.account_id, 'utf8')),
    salt,
    int64s(balances),
  );
  let sums = balances;
  path.forEach((step, depth) => {
    if (step?.side !== 'left' && step?.side !== 'right') fail(`step ${depth} is neither left nor right`);
    const sibling = hex32(step.hash, `step ${depth}'s hash`);
    const siblingSums = amounts(step.sums, k, `step ${depth}'s sums`);
    for (const [i, s] of siblingSums.entries())
      if (s < 0n) fail(`step ${depth}'s ${assets[i]} sum is negative: a negative leaf hides there`);
    const [left, leftSums, right, rightSums] =
      step.side === 'left' ? [sibling, siblingSums, hash, sums] : [hash, sums, sibling, siblingSums];
    hash = sha256(Buffer.from([0x01]), left, int64s(leftSums), right, int64s(rightSums));
    sums = sums.map((s, i) => s + siblingSums[i]);
    for (const s of sums)
      if (s < INT64_MIN || s > INT64_MAX) fail(`step ${depth}'s total is outside 64 bits`);
  });

  if (hash.compare(root) !== 0)
    fail('the path does not lead to the published root: a balance, the salt or the path was changed');
  for (const [i, s] of sums.entries())
    if (s !== totals[i])
      fail(
        `the tree's ${assets[i]} total is ${s}, the report states ${totals[i]}: the stated totals leave leaves out`,
      );
  return { assets, balances, totals: sums };
}

function main(argv) {
  const [file, root] = argv;
  if (!file || !root) {
    process.stderr.write('usage: node verify.mjs proof.json <root>\n');
    return 2;
  }
  try {
    const proof = JSON.parse(readFileSync(file, 'utf8'));
    const { assets, balances, totals } = verify(proof, root);
    const mine = assets.map((asset, i) => `${asset} ${balances[i]}`).join(', ');
    const all = assets.map((asset, i) => `${asset} ${totals[i]}`).join(', ');
    process.stdout.write(`OK: account ${proof.leaf.account_id} is in the tree with root ${root}\n`);
    process.stdout.write(`  your balances (minor units): ${mine}\n  the tree's totals: ${all}\n`);
    return 0;
  } catch (error) {
    const reason = error instanceof Failure ? error.message : `the proof could not be read: ${error.message}`;
    process.stdout.write(`FAIL: ${reason}\n`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = main(process.argv.slice(2));
