import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type Address, createPublicClient, http, keccak256, parseEther, parseTransaction } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema';
import { fillNonceGaps } from '../../dev-chain-nonce-gaps';
import type { ChainSender, ChainTxOutcome } from '../../platform/chain/chain-sender-types';
import { type DevChain, devChainDefinition, startDevChain } from '../../platform/chain/dev-chain';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createChainSender } from './chain-sender';

// A chain of this file's own, so it can stop mining (evm_setAutomine false) and drop transactions
// from the node's pool without holding up the run's shared chain.
let own: DevChain;
let t: TestApp;
let sender: ChainSender;
const outcomes: ChainTxOutcome[] = [];

beforeAll(async () => {
  own = await startDevChain();
  t = await createTestApp({
    env: chainTestEnv({ CHAIN_RPC_URL: own.rpcUrl, CHAIN_USDT_ADDRESS: own.usdt, CHAIN_POLL_MS: '600000' }),
  });
  await rpc('hardhat_setBalance', [
    t.ctx.config.chainSigner!.address({ kind: 'hot' }),
    `0x${parseEther('100').toString(16)}`,
  ]);
  // Replaces a transaction not mined by the next run.
  sender = createChainSender({
    db: t.ctx.db,
    logger: t.ctx.logger,
    clock: t.ctx.clock,
    chains: t.ctx.config.chains,
    signer: t.ctx.config.chainSigner,
    settings: { replaceAfterMs: 0, feeBumpPercent: 25, maxAttempts: 5 },
    pollMs: 1000,
  });
  sender.handle('WITHDRAWAL', {
    onConfirmed: async (_tx, outcome) => void outcomes.push(outcome),
    onFailed: async (_tx, outcome) => void outcomes.push(outcome),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await own?.stop();
});

const client = () =>
  createPublicClient({ chain: devChainDefinition(own.rpcUrl), transport: http(own.rpcUrl) });
const rpc = (method: string, params: unknown[] = []) =>
  client().request({ method: method as never, params: params as never }) as Promise<unknown>;
const rowOf = async (id: string) =>
  (await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.id, id)))[0]!;
/**
 * One run of this file's sender. The app's own sender runs once as its scheduler starts and may be
 * broadcasting a row at the same moment (the two share the outbox): the run waits for it to finish.
 */
async function run() {
  await sender.jobs[0]!.run(new Date());
  for (let i = 0; i < 50; i++) {
    const signed = await t.ctx.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.status, 'SIGNED'));
    if (signed.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function enqueue(to: Address, value: bigint) {
  return t.ctx.db.transaction((tx) =>
    sender.enqueue(tx, {
      chain: 'ethereum',
      purpose: 'WITHDRAWAL',
      reference: randomUUID(),
      from: { kind: 'hot' },
      to,
      value,
    }),
  );
}

describe('the chain sender against a node that does not mine at once', () => {
  it('re-sends a transaction the node dropped, from its stored bytes', async () => {
    await rpc('evm_setAutomine', [false]);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { id } = await enqueue(to, parseEther('0.5'));
    await t.ctx.db
      .update(chainTransactions)
      .set({ attempts: 5 }) // no replacement in this scenario: only the drop
      .where(eq(chainTransactions.id, id));
    await run();
    const sent = await rowOf(id);
    expect(sent.status).toBe('BROADCAST');
    await rpc('hardhat_dropTransaction', [sent.txHash]);
    expect(
      await client()
        .getTransaction({ hash: sent.txHash as Address })
        .catch(() => null),
    ).toBeNull();
    await run();
    expect(await client().getTransaction({ hash: sent.txHash as Address })).toMatchObject({
      hash: sent.txHash,
    });
    await rpc('hardhat_mine', ['0x3']);
    await run();
    expect(await rowOf(id)).toMatchObject({
      status: 'CONFIRMED',
      txHash: sent.txHash,
      raw: sent.raw,
      replacedHashes: [],
    });
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.5'));
    expect(outcomes.filter((o) => o.id === id)).toHaveLength(1);
  });

  it("ends FAILED 'cancelled', nothing sent, once a dropped transaction's nonce went to another one deep", async () => {
    await rpc('evm_setAutomine', [false]);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { id } = await enqueue(to, parseEther('0.1'));
    await t.ctx.db.update(chainTransactions).set({ attempts: 5 }).where(eq(chainTransactions.id, id));
    await run();
    const sent = await rowOf(id);
    await rpc('hardhat_dropTransaction', [sent.txHash]);
    // Someone else with the key uses the nonce meanwhile (a transfer to itself).
    const hot = t.ctx.config.chainSigner!.address({ kind: 'hot' });
    const { nonce, gas, maxFeePerGas, maxPriorityFeePerGas } = parseTransaction(sent.raw as Address);
    const other = await t.ctx.config.chainSigner!.sign({
      kind: 'development-restore',
      key: { kind: 'hot' },
      transaction: {
        type: 'eip1559',
        chainId: 31337,
        nonce,
        gas,
        maxFeePerGas,
        maxPriorityFeePerGas,
        to: hot,
        value: 1n,
      },
    });
    await client().sendRawTransaction({ serializedTransaction: other });
    await rpc('hardhat_mine', ['0x3']);
    // The node answers 'nonce too low': stuck, not failed on that answer; the next run reads which
    // transaction used the nonce, and it is not one of the row's.
    await run();
    expect(await rowOf(id)).toMatchObject({ status: 'BROADCAST', nonce });
    await run();
    expect(await rowOf(id)).toMatchObject({
      status: 'FAILED',
      reason: `cancelled: its nonce was used by another transaction ${keccak256(other)}`,
      txHash: null,
      nonce,
      replacedHashes: [sent.txHash],
    });
    expect(await client().getBalance({ address: to })).toBe(0n);
    expect(outcomes.filter((o) => o.id === id)).toEqual([expect.objectContaining({ status: 'FAILED' })]);
  });

  it('replaces a transaction not mined in time: the same nonce, higher fees, one transfer', async () => {
    await rpc('evm_setAutomine', [false]);
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { id } = await enqueue(to, parseEther('0.25'));
    await run();
    const first = await rowOf(id);
    expect(first.status).toBe('BROADCAST');
    await run();
    const second = await rowOf(id);
    expect(second).toMatchObject({ status: 'BROADCAST', nonce: first.nonce, replacedHashes: [first.txHash] });
    expect(second.txHash).not.toBe(first.txHash);
    expect(BigInt(second.maxFeePerGas!)).toBeGreaterThanOrEqual((BigInt(first.maxFeePerGas!) * 125n) / 100n);
    expect(BigInt(second.maxPriorityFeePerGas!)).toBeGreaterThanOrEqual(
      (BigInt(first.maxPriorityFeePerGas!) * 125n) / 100n,
    );
    expect(parseTransaction(second.raw as Address).nonce).toBe(first.nonce);
    // The node keeps the replacement only: the first is gone from its pool.
    expect(
      await client()
        .getTransaction({ hash: first.txHash as Address })
        .catch(() => null),
    ).toBeNull();
    await rpc('hardhat_mine', ['0x3']);
    await rpc('evm_setAutomine', [true]);
    await run();
    const ended = await rowOf(id);
    expect(ended).toMatchObject({
      status: 'CONFIRMED',
      txHash: second.txHash,
      replacedHashes: [first.txHash],
    });
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.25'));
    const hot = t.ctx.config.chainSigner!.address({ kind: 'hot' });
    expect(await client().getTransactionCount({ address: hot })).toBe(3);
    expect(outcomes.filter((o) => o.id === id)).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', txHash: second.txHash }),
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('ends the row with whichever hash is mined: the first, when its replacement was stored but never sent', async () => {
    await rpc('evm_setAutomine', [false]);
    // A process that dies right after storing a replacement, before sending it.
    const dying = createChainSender({
      db: t.ctx.db,
      logger: t.ctx.logger,
      clock: t.ctx.clock,
      chains: t.ctx.config.chains,
      signer: t.ctx.config.chainSigner,
      settings: { replaceAfterMs: 0, feeBumpPercent: 25, maxAttempts: 5 },
      pollMs: 1000,
      afterStore: (row) => {
        if (row.replacedHashes.length > 0) throw new Error('killed after storing the replacement');
      },
    });
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const { id } = await enqueue(to, parseEther('0.05'));
    await run();
    const first = await rowOf(id);
    await dying.jobs[0]!.run(new Date());
    const stored = await rowOf(id);
    expect(stored.replacedHashes).toEqual([first.txHash]);
    // The node never saw the replacement; the first is still in its pool and is mined.
    expect(
      await client()
        .getTransaction({ hash: stored.txHash as Address })
        .catch(() => null),
    ).toBeNull();
    await rpc('hardhat_mine', ['0x3']);
    await rpc('evm_setAutomine', [true]);
    await run();
    expect(await rowOf(id)).toMatchObject({
      status: 'CONFIRMED',
      txHash: first.txHash,
      replacedHashes: [stored.txHash],
    });
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.05'));
    expect(outcomes.filter((o) => o.id === id)).toEqual([
      expect.objectContaining({ status: 'CONFIRMED', txHash: first.txHash }),
    ]);
  });

  it('after the chain forgot what it had (a development chain started afresh) keeps the lost one stuck, refunds nothing, and it is mined once the gap is filled', async () => {
    await rpc('evm_setAutomine', [true]);
    const snapshot = (await rpc('evm_snapshot')) as string;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const kept = await enqueue(to, parseEther('0.01'));
    await run();
    await rpc('hardhat_mine', ['0x3']);
    await run();
    expect(await rowOf(kept.id)).toMatchObject({ status: 'CONFIRMED' });
    await rpc('evm_setAutomine', [false]);
    const lost = await enqueue(to, parseEther('0.02'));
    await run();
    const out = await rowOf(lost.id);
    expect(out.status).toBe('BROADCAST');
    await rpc('evm_revert', [snapshot]);
    await rpc('evm_setAutomine', [true]);
    await run();
    // A node behind answers the same count: that answer alone refunds nothing.
    const stuck = await rowOf(lost.id);
    expect(stuck).toMatchObject({ status: 'BROADCAST', nonce: out.nonce });
    expect(stuck.stuckReason).toMatch(/fewer transactions of the address than its nonce/);
    expect(outcomes.filter((o) => o.id === lost.id)).toEqual([]);
    // The gap filled (as dev-chain-restore.ts fills it): the lost one's own stored bytes are mined.
    expect(await fillNonceGaps(t.ctx.db, t.ctx.config.chains[0]!, t.ctx.config.chainSigner!)).toBe(1);
    await run();
    await rpc('hardhat_mine', ['0x3']);
    await run();
    expect(await rowOf(lost.id)).toMatchObject({ status: 'CONFIRMED', txHash: out.txHash });
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.02'));
    expect(outcomes.filter((o) => o.id === lost.id)).toEqual([
      expect.objectContaining({ status: 'CONFIRMED' }),
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('after a development chain started afresh fills every missing nonce up to the highest open row, so open rows above a confirmed one are mined too', async () => {
    await rpc('evm_setAutomine', [true]);
    const snapshot = (await rpc('evm_snapshot')) as string;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    await rpc('evm_setAutomine', [false]);
    const low = await enqueue(to, parseEther('0.01'));
    const middle = await enqueue(to, parseEther('0.02'));
    const high = await enqueue(to, parseEther('0.03'));
    await run();
    const [a, b, c] = [await rowOf(low.id), await rowOf(middle.id), await rowOf(high.id)];
    expect([b.nonce, c.nonce]).toEqual([a.nonce! + 1, a.nonce! + 2]);
    // The old chain had confirmed the middle one; the chain starts afresh without any of the three.
    await t.ctx.db
      .update(chainTransactions)
      .set({ status: 'CONFIRMED', blockNumber: 1n })
      .where(eq(chainTransactions.id, middle.id));
    await rpc('evm_revert', [snapshot]);
    await rpc('evm_setAutomine', [true]);
    // One self-send in the middle one's place (the chain counts the low one's nonce: nothing below it).
    expect(await fillNonceGaps(t.ctx.db, t.ctx.config.chains[0]!, t.ctx.config.chainSigner!)).toBe(1);
    for (let i = 0; i < 4; i++) {
      await run();
      await rpc('hardhat_mine', ['0x3']);
    }
    await run();
    expect(await rowOf(low.id)).toMatchObject({ status: 'CONFIRMED', txHash: a.txHash });
    expect(await rowOf(high.id)).toMatchObject({ status: 'CONFIRMED', txHash: c.txHash });
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.04'));
    await expectLedgerConsistent(t.ctx.db);
  });
});
