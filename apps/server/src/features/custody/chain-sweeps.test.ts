import { and, eq } from 'drizzle-orm';
import { encodeAbiParameters, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, journalEntries } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { sweepKit } from './sweep-test-kit';

// Deposits, sweeps and the chain sender's transactions on the run's local chain, in order; the file has
// its own seed words, so its deposit addresses and hot wallet are its own.
let t: TestApp;
let kit: ReturnType<typeof sweepKit>;
const env = chainTestEnv({ CHAIN_SWEEP_MIN_NATIVE: '0.01', CHAIN_SWEEP_MIN_TOKEN: '1' });
beforeAll(async () => {
  t = await createTestApp({ env });
  kit = sweepKit(t);
  // The test app funded the hot wallet (gas for top-ups); the house records its float.
  await kit.bookFloat('test-start');
  await kit.expectReconciled();
});
afterAll(() => t.close());

const sweepTransactions = (reference: string) =>
  t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, reference));

describe('sweeping deposit addresses into the hot wallet', () => {
  it('sweeps an ETH deposit, less its gas, and books only the network fee', async () => {
    const { address } = await kit.credited({ eth: '1' });
    const hotBefore = await kit.ethOf(kit.hot());
    await kit.sweep();
    let [sweep] = await kit.sweepsAt(address);
    expect(sweep).toMatchObject({ asset: 'ETH', status: 'SENDING', round: 1, gasTopUpRaw: '0' });
    await kit.settle();
    [sweep] = await kit.sweepsAt(address);
    expect(sweep).toMatchObject({ status: 'CONFIRMED' });
    expect(sweep!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const swept = BigInt(sweep!.amountRaw);
    expect(swept).toBeGreaterThan(kit.parseEther('0.99'));
    expect(await kit.ethOf(kit.hot())).toBe(hotBefore + swept);
    // What stays at the address is the unused part of the gas reserve.
    const left = await kit.ethOf(address);
    expect(left).toBe(kit.parseEther('1') - swept - BigInt(sweep!.feeRaw));
    expect(left).toBeLessThan(kit.parseEther('0.001'));
    const [tx] = await sweepTransactions(sweep!.id);
    const fee = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.kind, 'CHAIN_FEE'), eq(journalEntries.reference, `chain-fee:${tx!.id}`)));
    expect(fee).toHaveLength(1);
    // A second run finds nothing new to sweep.
    await kit.sweep();
    expect(await kit.sweepsAt(address)).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
    const lines = await kit.expectReconciled();
    expect(lines[0]!.depositAddresses).toBeLessThan(100_000n);
  });

  it('tops a USDT address up with gas from the hot wallet, then sweeps the tokens', async () => {
    const { address } = await kit.credited({ usdt: 25_000_000n });
    const hotTokens = await kit.usdtOf(kit.hot());
    expect(await kit.ethOf(address)).toBe(0n);
    await kit.sweep();
    let [sweep] = await kit.sweepsAt(address);
    expect(sweep).toMatchObject({ asset: 'USDT', status: 'TOPPING_UP', amountRaw: '25000000' });
    expect(BigInt(sweep!.gasTopUpRaw)).toBeGreaterThan(0n);
    const [topUp] = (await sweepTransactions(sweep!.id)).filter((row) => row.purpose === 'GAS_TOPUP');
    expect(topUp).toMatchObject({ fromKey: 'hot', toAddress: address, value: sweep!.gasTopUpRaw });
    await kit.settle();
    [sweep] = await kit.sweepsAt(address);
    expect(sweep).toMatchObject({ status: 'CONFIRMED' });
    const purposes = (await sweepTransactions(sweep!.id)).map((row) => [row.purpose, row.status]);
    expect(purposes.sort()).toEqual([
      ['GAS_TOPUP', 'CONFIRMED'],
      ['SWEEP', 'CONFIRMED'],
    ]);
    expect(await kit.usdtOf(address)).toBe(0n);
    expect(await kit.usdtOf(kit.hot())).toBe(hotTokens + 25_000_000n);
    // The gas the hot wallet sent the address is no deposit of its owner's.
    await kit.watch();
    expect((await kit.depositsAt(address)).map((row) => row.asset)).toEqual(['USDT']);
    await expectLedgerConsistent(t.ctx.db);
    await kit.expectReconciled();
  });

  it('leaves a balance below the threshold for a later round', async () => {
    const { address } = await kit.credited({ eth: '0.005' });
    await kit.sweep();
    expect(await kit.sweepsAt(address)).toMatchObject([{ status: 'SKIPPED', reason: 'below_threshold' }]);
    await kit.sweep();
    expect(await kit.sweepsAt(address)).toHaveLength(1);
    await kit.expectReconciled();
  });

  it('a sweep the node refuses is stuck, not FAILED (its signed bytes stay valid), and is mined once the coins are back', async () => {
    const { address } = await kit.credited({ eth: '0.5' });
    await kit.sweep();
    const [first] = await kit.sweepsAt(address);
    expect(first!.status).toBe('SENDING');
    // The address loses its coins before the sender signs: the node refuses the transfer.
    const held = await kit.ethOf(address);
    const rpc = (method: string, params: unknown[]) =>
      kit.client.request({ method: method as never, params: params as never });
    await rpc('hardhat_setBalance', [address, '0x1']);
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    // Issue 43: the bytes were handed to a node, so the sweep waits, stuck, rather than ending FAILED.
    const [outbox] = await t.ctx.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.fromAddress, address));
    expect(outbox).toMatchObject({
      status: 'BROADCAST',
      stuckReason: expect.stringMatching(/^refused by the node/),
    });
    expect((await kit.sweepsAt(address))[0]!.status).toBe('SENDING');
    await expectLedgerConsistent(t.ctx.db);
    // The coins come back: the same stored bytes are offered again and mined; one sweep, no second round.
    await rpc('hardhat_setBalance', [address, `0x${held.toString(16)}`]);
    await kit.settle();
    const rounds = (await kit.sweepsAt(address)).sort((a, b) => a.round - b.round);
    expect(rounds.map((row) => [row.round, row.status])).toEqual([[1, 'CONFIRMED']]);
    await expectLedgerConsistent(t.ctx.db);
    await kit.expectReconciled();
  });

  it('a token sweep reverted on the chain ends FAILED with its gas booked, and the next round sweeps', async () => {
    // 0.005 ETH (below the minimum, not credited) pays the address's own gas: no top-up.
    const { address } = await kit.credited({ eth: '0.005' });
    await kit.deposit(address, { usdt: 7_000_000n });
    await kit.sweep();
    const [first] = (await kit.sweepsAt(address)).filter((row) => row.asset === 'USDT');
    expect(first).toMatchObject({ status: 'SENDING', gasTopUpRaw: '0', amountRaw: '7000000' });
    // The token's ledger of balances says one unit less when the sweep is sent: the transfer reverts.
    const slot = keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [address as `0x${string}`, 1n]),
    );
    const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;
    const rpc = (method: string, params: unknown[]) =>
      kit.client.request({ method: method as never, params: params as never });
    await rpc('hardhat_setStorageAt', [kit.usdt, slot, word(6_999_999n)]);
    await kit.settle();
    const [reverted] = (await kit.sweepsAt(address)).filter((row) => row.asset === 'USDT');
    expect(reverted).toMatchObject({ status: 'FAILED', reason: 'sweep: reverted' });
    expect(BigInt(reverted!.feeRaw)).toBeGreaterThan(0n);
    await rpc('hardhat_setStorageAt', [kit.usdt, slot, word(7_000_000n)]);
    await expectLedgerConsistent(t.ctx.db);
    await kit.expectReconciled();
    await kit.sweep();
    await kit.settle();
    const rounds = (await kit.sweepsAt(address))
      .filter((row) => row.asset === 'USDT')
      .map((row) => [row.round, row.status]);
    expect(rounds.sort()).toEqual([
      [1, 'FAILED'],
      [2, 'CONFIRMED'],
    ]);
    expect(await kit.usdtOf(address)).toBe(0n);
    await expectLedgerConsistent(t.ctx.db);
    await kit.expectReconciled();
  });

  it('two schedulers at once, and a restart, sweep a round once', async () => {
    const { address } = await kit.credited({ eth: '0.75' });
    const before = await kit.hotBalances();
    const other = await createTestApp({ env, deps: { database: t.database } });
    try {
      // The second app funded the (same) hot wallet again as it started: put the float back as it was.
      await kit.client.request({
        method: 'hardhat_setBalance' as never,
        params: [kit.hot(), `0x${before.eth.toString(16)}`] as never,
      });
      await kit.bookFloat('second-app', before);
      await Promise.all([kit.sweep(), kit.sweep(other), kit.sweep(), kit.sweep(other)]);
      const rows = await kit.sweepsAt(address);
      expect(rows).toHaveLength(1);
      expect(await sweepTransactions(rows[0]!.id)).toHaveLength(1);
      await Promise.all([kit.settle(), kit.settle(other)]);
      await kit.sweep(other);
    } finally {
      await other.app.close();
    }
    const rows = await kit.sweepsAt(address);
    expect(rows.map((row) => row.status)).toEqual(['CONFIRMED']);
    await expectLedgerConsistent(t.ctx.db);
    await kit.expectReconciled();
  });
});
