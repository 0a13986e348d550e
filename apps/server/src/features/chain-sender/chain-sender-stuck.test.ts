import { chainFeeToMinor } from '@exchange/domain';
import { and, eq } from 'drizzle-orm';
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, journalEntries, postings } from '../../db/schema';
import {
  type DevChain,
  devChainDefinition,
  startDevChain,
  TEST_USDT_ABI,
} from '../../platform/chain/dev-chain';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser, type TestUser } from '../../test/test-users';
import {
  bookHotWalletFunds,
  coinBalance,
  customerWithCoin,
  expectReconciled,
  hotOf,
  outsideAddress,
  sendTick,
  withdrawalRow,
  withdrawCoin,
} from '../withdrawals/coin-sends/chain-withdrawal-test-helpers';
import { call } from '../withdrawals/withdrawal-test-helpers';
import { type NodeProxy, startNodeProxy } from './node-proxy-test-helpers';

// Issue 43: a transaction whose signed bytes a node was handed may still be mined until its nonce is
// used, so no single answer of a node ends it FAILED (and refunds it). Real withdrawals on a chain of
// this file's own (it stops mining and drops transactions), behind a proxy that answers as a node that
// refuses, lags on receipts, or is behind on its pending count.
const clock = new ManualClock(new Date());
const REPLACE_AFTER_MS = 60_000;
const ETH = 100_000_000n;
let own: DevChain;
let proxy: NodeProxy;
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  own = await startDevChain();
  proxy = await startNodeProxy(own.rpcUrl);
  t = await createTestApp({
    env: chainTestEnv({
      CHAIN_RPC_URL: proxy.url,
      CHAIN_USDT_ADDRESS: own.usdt,
      CHAIN_POLL_MS: '600000',
      CHAIN_SENDER_REPLACE_AFTER_MS: String(REPLACE_AFTER_MS),
      ACCESS_TOKEN_TTL_SECONDS: '864000',
      WITHDRAWAL_DAILY_LIMIT_USD: '0',
    }),
    clock,
  });
  await rpc('hardhat_setBalance', [hotOf(t), `0x${parseEther('100').toString(16)}`]);
  // Some test USDT in the hot wallet too (its mint is open to anyone), so both coins reconcile.
  const minter = privateKeyToAccount(generatePrivateKey());
  await rpc('hardhat_setBalance', [minter.address, `0x${parseEther('1').toString(16)}`]);
  const wallet = createWalletClient({
    account: minter,
    chain: devChainDefinition(own.rpcUrl),
    transport: http(own.rpcUrl),
  });
  await node().waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: own.usdt as Address,
      abi: TEST_USDT_ABI,
      functionName: 'mint',
      args: [hotOf(t), 1_000_000_000n],
    }),
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
  await bookHotWalletFunds(t);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await proxy?.stop();
  await own?.stop();
});

const node = () => createPublicClient({ chain: devChainDefinition(own.rpcUrl), transport: http(own.rpcUrl) });
const rpc = (method: string, params: unknown[] = []) =>
  node().request({ method: method as never, params: params as never }) as Promise<unknown>;
const mine = (blocks: number) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
const tick = () => t.ctx.chainSender.jobs[0]!.run(new Date());
const rowOf = async (withdrawalId: string) =>
  (await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, withdrawalId)))[0]!;

async function feeBooked(rowId: string): Promise<bigint> {
  const rows = await t.ctx.db
    .select({ amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(eq(journalEntries.reference, `chain-fee:${rowId}`));
  return rows.map((row) => BigInt(row.amount)).find((amount) => amount > 0n) ?? 0n;
}

async function refunds(withdrawalId: string): Promise<number> {
  const rows = await t.ctx.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.kind, 'WITHDRAWAL_REFUND'),
        eq(journalEntries.reference, `withdrawal:refund:${withdrawalId}`),
      ),
    );
  return rows.length;
}

/** A customer's 0.5 ETH withdrawal, approved and handed to the sender (its outbox row QUEUED). */
async function sentWithdrawal() {
  const customer = await customerWithCoin(t, 'ETH', 2n * ETH);
  const to = outsideAddress();
  const { id } = await withdrawCoin(t, clock, customer, { asset: 'ETH', amount: '0.5', address: to });
  const approved = await call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
  expect(approved.statusCode, approved.body).toBe(200);
  await sendTick(t);
  expect((await withdrawalRow(t, id)).status).toBe('SENT');
  const held = await coinBalance(t, customer.id, 'ETH');
  return { id, customer, to, held };
}

/** Stuck: still out with its nonce, why and since when recorded, the withdrawal SENT, nothing refunded. */
async function expectStuck(w: Awaited<ReturnType<typeof sentWithdrawal>>, reason: RegExp) {
  const row = await rowOf(w.id);
  expect(row).toMatchObject({ status: 'BROADCAST', stuckReason: expect.stringMatching(reason) });
  expect(row.stuckSince).not.toBeNull();
  expect(row.nonce).not.toBeNull();
  expect((await withdrawalRow(t, w.id)).status).toBe('SENT');
  expect(await coinBalance(t, w.customer.id, 'ETH')).toEqual(w.held);
  expect(await refunds(w.id)).toBe(0);
  const listed = await call(t, 'GET', '/admin/hot-wallet', admin.headers);
  expect(listed.statusCode, listed.body).toBe(200);
  expect(listed.json().data.stuck).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ _id: row.id, purpose: 'WITHDRAWAL', reference: w.id, nonce: row.nonce }),
    ]),
  );
  return row;
}

/** Mined deep enough and CONFIRMED: paid exactly once, never refunded. */
async function expectPaidOnce(w: Awaited<ReturnType<typeof sentWithdrawal>>) {
  await mine(1);
  await tick();
  await mine(3);
  await tick();
  await tick();
  const row = await rowOf(w.id);
  expect(row.status).toBe('CONFIRMED');
  expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'COMPLETED', txHash: row.txHash });
  expect(await node().getBalance({ address: w.to })).toBe(parseEther('0.498'));
  expect(await coinBalance(t, w.customer.id, 'ETH')).toEqual({ available: w.held.available, locked: 0n });
  expect(await refunds(w.id)).toBe(0);
  expect(await feeBooked(row.id)).toBe(chainFeeToMinor(BigInt(row.feeWei!), 18, 8));
  await expectLedgerConsistent(t.ctx.db);
  await expectReconciled(t);
}

describe('a transaction a node was handed ends only on the chain', () => {
  it('a re-broadcast the node refuses leaves it stuck, nothing refunded; its cancel mined deep ends it FAILED, refunded once, the gas booked', async () => {
    await rpc('evm_setAutomine', [false]);
    const w = await sentWithdrawal();
    await tick();
    const out = await rowOf(w.id);
    expect(out.status).toBe('BROADCAST');
    await rpc('hardhat_dropTransaction', [out.txHash]);
    proxy.refuse.set(out.txHash!.toLowerCase(), 'transaction rejected: txpool is full');
    await tick();
    await expectStuck(w, /^refused by the node: transaction rejected/);

    // Stuck for the replace time: a zero-value transfer to itself with its nonce, stored, then sent.
    clock.advance(REPLACE_AFTER_MS + 1);
    await tick();
    const cancelling = await rowOf(w.id);
    expect(cancelling.cancelHashes).toHaveLength(1);
    const cancel = await node().getTransaction({ hash: cancelling.cancelHashes[0] as Hex });
    expect(cancel).toMatchObject({ to: hotOf(t).toLowerCase(), value: 0n, nonce: out.nonce, input: '0x' });
    await mine(1);
    await tick();
    expect((await rowOf(w.id)).status).toBe('BROADCAST'); // mined, not deep yet
    await mine(3);
    await tick();
    await tick();
    const ended = await rowOf(w.id);
    const receipt = await node().getTransactionReceipt({ hash: cancelling.cancelHashes[0] as Hex });
    expect(ended).toMatchObject({
      status: 'FAILED',
      reason: `cancelled: its nonce was used by its cancel ${receipt.transactionHash}`,
      txHash: null,
      nonce: out.nonce,
      replacedHashes: [out.txHash],
      feeWei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
    });
    expect(await feeBooked(ended.id)).toBe(
      chainFeeToMinor(receipt.gasUsed * receipt.effectiveGasPrice, 18, 8),
    );
    expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'FAILED' });
    expect(await coinBalance(t, w.customer.id, 'ETH')).toEqual({ available: 2n * ETH, locked: 0n });
    expect(await refunds(w.id)).toBe(1);
    expect(await node().getBalance({ address: w.to })).toBe(0n);
    proxy.refuse.clear();
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it("'nonce too low' while the receipt read lags leaves it stuck, even deep; once the receipt shows, CONFIRMED and paid once", async () => {
    await rpc('evm_setAutomine', [false]);
    const w = await sentWithdrawal();
    await tick();
    const out = await rowOf(w.id);
    await mine(1);
    // The node mined it, but a lagging node behind the same address does not show it yet.
    proxy.hide.add(out.txHash!.toLowerCase());
    proxy.refuse.set(out.txHash!.toLowerCase(), 'nonce too low');
    await tick();
    await expectStuck(w, /nonce is used/);
    await mine(3);
    clock.advance(REPLACE_AFTER_MS + 1);
    await tick();
    await expectStuck(w, /nonce is used/);
    proxy.hide.clear();
    proxy.refuse.clear();
    await expectPaidOnce(w);
  });

  it('a node behind on its pending count leaves it stuck, nothing refunded; mined after all, CONFIRMED and paid once', async () => {
    await rpc('evm_setAutomine', [false]);
    const w = await sentWithdrawal();
    await tick();
    const out = await rowOf(w.id);
    expect(out.nonce).toBeGreaterThan(0);
    proxy.hide.add(out.txHash!.toLowerCase());
    proxy.pendingCount.set(hotOf(t).toLowerCase(), out.nonce! - 1);
    await tick();
    await expectStuck(w, /fewer transactions of the address than its nonce/);
    proxy.hide.clear();
    proxy.pendingCount.clear();
    await expectPaidOnce(w);
  });

  it('the original mined after the node first refused it: CONFIRMED, paid once, nothing refunded', async () => {
    await rpc('evm_setAutomine', [false]);
    const w = await sentWithdrawal();
    proxy.refuseNext(1, 'transaction rejected: txpool is full');
    await tick();
    const row = await expectStuck(w, /^refused by the node/);
    expect(row.handedAt).not.toBeNull();
    // The next run offers the same bytes again (no cancel before the replace time): the node takes them.
    await tick();
    expect(await node().getTransaction({ hash: row.txHash as Hex })).toMatchObject({ hash: row.txHash });
    await expectPaidOnce(w);
    expect((await rowOf(w.id)).cancelHashes).toEqual([]);
    const again = await rowOf(w.id);
    expect(again.txHash).toBe(row.txHash);
    expect(await node().getTransactionCount({ address: hotOf(t) as Address })).toBe(row.nonce! + 1);
  });

  it('on a node that keeps only recent state, a stuck row whose nonce another transaction used ends FAILED, refunded once', async () => {
    await rpc('evm_setAutomine', [false]);
    const w = await sentWithdrawal();
    await tick();
    const out = await rowOf(w.id);
    expect(out.status).toBe('BROADCAST');
    expect(out.handedBlock).not.toBeNull();
    await rpc('hardhat_dropTransaction', [out.txHash]);
    proxy.refuse.set(out.txHash!.toLowerCase(), 'transaction rejected: txpool is full');
    await tick();
    await expectStuck(w, /^refused by the node: transaction rejected/);
    // Someone else with the key uses the nonce (a free transfer to itself, so custody still adds up)...
    await rpc('hardhat_setNextBlockBaseFeePerGas', ['0x0']);
    const other = await t.ctx.config.chainSigner!.sign({
      kind: 'development-restore',
      key: { kind: 'hot' },
      transaction: {
        type: 'eip1559',
        chainId: 31337,
        nonce: out.nonce!,
        gas: 21_000n,
        maxFeePerGas: 0n,
        maxPriorityFeePerGas: 0n,
        to: hotOf(t) as Address,
        value: 0n,
      },
    });
    const otherHash = await node().sendRawTransaction({ serializedTransaction: other });
    await mine(1);
    expect(await node().getTransactionReceipt({ hash: otherHash })).toMatchObject({ status: 'success' });
    // ...and the node, a pruned one, answers state reads more than 128 blocks back with 'missing trie
    // node' by the time the sender looks: the search starts where the row was handed, not at block 0.
    // (One block at a time: hardhat_mine's reserved blocks answer state reads inside them as empty.)
    for (let i = 0; i < 200; i++) await rpc('evm_mine');
    proxy.stateKeptFor = 128n;
    try {
      // A node that cannot serve those blocks' bodies either: the row waits, the read error on its
      // reason (the admin's stuck list), not failing every run unseen.
      proxy.bodiesKeptFor = 128n;
      await tick();
      proxy.bodiesKeptFor = null;
      const waiting = await expectStuck(w, /^its nonce is used, but not yet found by what/);
      expect(waiting.stuckReason).toMatch(/cannot read block \d+/);
      const listed = await call(t, 'GET', '/admin/hot-wallet', admin.headers);
      expect(listed.json().data.stuck).toEqual(
        expect.arrayContaining([expect.objectContaining({ _id: waiting.id, reason: waiting.stuckReason })]),
      );
      await tick();
      await tick();
    } finally {
      proxy.stateKeptFor = null;
      proxy.bodiesKeptFor = null;
    }
    expect(await rowOf(w.id)).toMatchObject({
      status: 'FAILED',
      reason: `cancelled: its nonce was used by another transaction ${otherHash}`,
      txHash: null,
      nonce: out.nonce,
    });
    expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'FAILED' });
    expect(await coinBalance(t, w.customer.id, 'ETH')).toEqual({ available: 2n * ETH, locked: 0n });
    expect(await refunds(w.id)).toBe(1);
    expect(await node().getBalance({ address: w.to })).toBe(0n);
    proxy.refuse.clear();
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });
});
