import { randomUUID } from 'node:crypto';
import { chainFeeToMinor } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { type Address, encodeFunctionData, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, journalEntries, postings } from '../../db/schema';
import type { ChainSender, ChainTxOutcome, ChainTxRequest } from '../../platform/chain/chain-sender-types';
import { TEST_USDT_ABI } from '../../platform/chain/dev-chain';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv, freshChainAccount } from '../../test/test-chain';
import { createChainSender } from './chain-sender';

// Real transactions on the run's local chain (automining: a sent transaction is in the next block);
// the sender's job runs once per call, as the scheduler's leader would run it.
let t: TestApp;
let chain: Awaited<ReturnType<typeof freshChainAccount>>;
const outcomes: ChainTxOutcome[] = [];
const handler = {
  onConfirmed: async (_tx: unknown, outcome: ChainTxOutcome) => void outcomes.push(outcome),
  onFailed: async (_tx: unknown, outcome: ChainTxOutcome) => void outcomes.push(outcome),
};

beforeAll(async () => {
  // The app's own scheduler runs the sender once at start and then every 10 minutes: the test drives it.
  t = await createTestApp({ env: chainTestEnv({ CHAIN_POLL_MS: '600000' }) });
  t.ctx.chainSender.handle('WITHDRAWAL', handler);
  chain = await freshChainAccount({ eth: '1', usdt: 0n });
});
afterAll(() => t.close());

const settings = () => t.ctx.config.chains[0]!;
const outsider = () => privateKeyToAccount(generatePrivateKey()).address;

async function enqueue(
  request: Partial<ChainTxRequest> & { to: Address },
  sender: ChainSender = t.ctx.chainSender,
) {
  return t.ctx.db.transaction((tx) =>
    sender.enqueue(tx, {
      chain: 'ethereum',
      purpose: 'WITHDRAWAL',
      reference: randomUUID(),
      from: { kind: 'hot' },
      value: 0n,
      ...request,
    }),
  );
}

const rowOf = async (id: string) =>
  (await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.id, id)))[0]!;

/** Runs the sender (and mines a block) until the row ends, as the job would over several ticks. */
async function runUntilEnded(id: string, sender: ChainSender = t.ctx.chainSender) {
  for (let i = 0; i < 10; i++) {
    await sender.jobs[0]!.run(new Date());
    const row = await rowOf(id);
    if (row.status === 'CONFIRMED' || row.status === 'FAILED') return row;
    await chain.mine(1);
  }
  throw new Error(`chain transaction ${id} did not end: ${(await rowOf(id)).status}`);
}

async function feeBooked(id: string): Promise<bigint> {
  const rows = await t.ctx.db
    .select({ amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(eq(journalEntries.reference, `chain-fee:${id}`));
  return rows.map((row) => BigInt(row.amount)).find((amount) => amount > 0n) ?? 0n;
}

describe('the chain sender', () => {
  it('sends ETH from the hot wallet once, books its fee and tells the handler once', async () => {
    const to = outsider();
    const { id, created } = await enqueue({ to, value: parseEther('0.25') });
    expect(created).toBe(true);
    const again = await t.ctx.db.transaction(async (tx) => {
      const row = await rowOf(id);
      return t.ctx.chainSender.enqueue(tx, {
        chain: 'ethereum',
        purpose: 'WITHDRAWAL',
        reference: row.reference,
        from: { kind: 'hot' },
        to,
        value: parseEther('0.25'),
      });
    });
    expect(again).toEqual({ id, created: false });
    const row = await runUntilEnded(id);
    expect(row).toMatchObject({ status: 'CONFIRMED', nonce: 0, reason: null });
    expect(await chain.balanceOf(to)).toBe(parseEther('0.25'));
    expect(outcomes.filter((o) => o.id === id)).toEqual([
      {
        id,
        chain: 'ethereum',
        purpose: 'WITHDRAWAL',
        reference: row.reference,
        status: 'CONFIRMED',
        txHash: row.txHash,
        feeWei: BigInt(row.feeWei!),
        reason: null,
      },
    ]);
    expect(BigInt(row.feeWei!)).toBeGreaterThan(0n);
    expect(await feeBooked(id)).toBe(chainFeeToMinor(BigInt(row.feeWei!), 18, 8));
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    expect(outcomes.filter((o) => o.id === id)).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('sends an ERC-20 transfer', async () => {
    const to = outsider();
    const usdt = settings().tokens.find((token) => token.asset === 'USDT')!.contract as Address;
    const data = encodeFunctionData({
      abi: TEST_USDT_ABI,
      functionName: 'transfer',
      args: [to, 12_500_000n],
    });
    const { id } = await enqueue({ to: usdt, data });
    const row = await runUntilEnded(id);
    expect(row.status).toBe('CONFIRMED');
    expect(await chain.usdtBalanceOf(to)).toBe(12_500_000n);
    expect(outcomes.filter((o) => o.id === id)).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a reverted token transfer ends FAILED reverted, its gas still booked', async () => {
    const usdt = settings().tokens.find((token) => token.asset === 'USDT')!.contract as Address;
    const tooMuch = 10n ** 18n;
    const data = encodeFunctionData({
      abi: TEST_USDT_ABI,
      functionName: 'transfer',
      args: [outsider(), tooMuch],
    });
    const { id } = await enqueue({ to: usdt, data });
    const row = await runUntilEnded(id);
    expect(row).toMatchObject({ status: 'FAILED', reason: 'reverted' });
    expect(row.blockNumber).not.toBeNull();
    expect(BigInt(row.feeWei!)).toBeGreaterThan(0n);
    expect(await feeBooked(id)).toBe(chainFeeToMinor(BigInt(row.feeWei!), 18, 8));
    expect(outcomes.filter((o) => o.id === id)).toEqual([
      expect.objectContaining({ status: 'FAILED', reason: 'reverted', txHash: row.txHash }),
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a transaction the node refuses (no coins for it) is stuck, nothing refunded, until its cancel is mined; then FAILED and the next one is sent', async () => {
    const from = { kind: 'deposit', index: 900_001 } as const;
    const address = t.ctx.config.chainSigner!.address(from);
    // Enough for one small transfer's gas, not for a whole ETH.
    await chain.rpc('hardhat_setBalance', [address, `0x${parseEther('0.01').toString(16)}`]);
    // Cancels a stuck transaction on its next run.
    const sender = createChainSender({
      db: t.ctx.db,
      logger: t.ctx.logger,
      clock: t.ctx.clock,
      chains: t.ctx.config.chains,
      signer: t.ctx.config.chainSigner,
      settings: { ...t.ctx.config.chainSenderSettings, replaceAfterMs: 0 },
      pollMs: 1000,
    });
    sender.handle('WITHDRAWAL', handler);
    const to = outsider();
    const refused = await enqueue({ from, to, value: parseEther('1') });
    const next = await enqueue({ from, to, value: parseEther('0.001') });
    await sender.jobs[0]!.run(new Date());
    // Its signed bytes were handed to a node: they stay valid (coins may arrive) until the nonce is used.
    const stuck = await rowOf(refused.id);
    expect(stuck).toMatchObject({ status: 'BROADCAST', nonce: 0 });
    expect(stuck.stuckReason).toMatch(/^refused by the node: /);
    expect(outcomes.filter((o) => o.id === refused.id)).toEqual([]);
    // Nothing else of the address is signed while it is stuck.
    expect((await rowOf(next.id)).status).toBe('QUEUED');
    const failed = await runUntilEnded(refused.id, sender);
    expect(failed).toMatchObject({
      status: 'FAILED',
      nonce: 0,
      txHash: null,
      replacedHashes: [stuck.txHash],
    });
    expect(failed.reason).toMatch(/^cancelled: its nonce was used by its cancel 0x/);
    expect(BigInt(failed.feeWei!)).toBeGreaterThan(0n);
    expect(await feeBooked(refused.id)).toBe(chainFeeToMinor(BigInt(failed.feeWei!), 18, 8));
    const sent = await runUntilEnded(next.id, sender);
    expect(sent).toMatchObject({ status: 'CONFIRMED', nonce: 1 });
    expect(await chain.balanceOf(to)).toBe(parseEther('0.001'));
    expect(outcomes.filter((o) => o.id === refused.id)).toEqual([
      expect.objectContaining({ status: 'FAILED', txHash: null, feeWei: BigInt(failed.feeWei!) }),
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('sends nothing with an xpub alone (watch-only), and says why once', async () => {
    const watchOnly = createChainSender({
      db: t.ctx.db,
      logger: t.ctx.logger,
      clock: t.ctx.clock,
      chains: t.ctx.config.chains,
      signer: null,
      settings: t.ctx.config.chainSenderSettings,
      pollMs: 1000,
    });
    expect(watchOnly.hotWalletAddress('ethereum')).toBeNull();
    expect(t.ctx.chainSender.hotWalletAddress('ethereum')).toBe(
      t.ctx.config.chainSigner!.address({ kind: 'hot' }),
    );
    expect(t.ctx.chainSender.hotWalletAddress('elsewhere')).toBeNull();
    await expect(enqueue({ to: outsider(), value: 1n }, watchOnly)).rejects.toThrow(/watch-only/);
    await watchOnly.jobs[0]!.run(new Date());
    await watchOnly.jobs[0]!.run(new Date());
    expect(t.logLines.filter((line) => line.includes('watch-only'))).toHaveLength(1);
  });

  it('two senders on one database send once', async () => {
    const second = createChainSender({
      db: t.ctx.db,
      logger: t.ctx.logger,
      clock: t.ctx.clock,
      chains: t.ctx.config.chains,
      signer: t.ctx.config.chainSigner,
      settings: t.ctx.config.chainSenderSettings,
      pollMs: 1000,
    });
    second.handle('WITHDRAWAL', handler);
    const to = outsider();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await enqueue({ to, value: parseEther('0.01') })).id);
    for (let i = 0; i < 6; i++) {
      await Promise.all([t.ctx.chainSender.jobs[0]!.run(new Date()), second.jobs[0]!.run(new Date())]);
      await chain.mine(1);
    }
    for (const id of ids) expect((await rowOf(id)).status).toBe('CONFIRMED');
    expect(await chain.balanceOf(to)).toBe(parseEther('0.03'));
    for (const id of ids) expect(outcomes.filter((o) => o.id === id)).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });
});
