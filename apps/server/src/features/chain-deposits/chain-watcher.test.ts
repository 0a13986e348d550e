import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, journalEntries, walletTransactions } from '../../db/schema';
import { chainNodeFor } from '../../platform/chain/chain-nodes';
import { chainClient } from '../../platform/chain/evm/evm-client';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv, freshChainAccount } from '../../test/test-chain';
import { createTestUser } from '../../test/test-users';
import { connectTestSocket } from '../../test/ws-client';
import { reconcileCustody } from '../custody/reconcile-custody';
import { watchOnce } from './chain-watcher';

// Every scenario sends real transactions on the run's local chain and mines blocks with hardhat_mine;
// the watcher runs as its job would, once per call. The scenarios share the chain and run in order.
let t: TestApp;
const env = chainTestEnv();
beforeAll(async () => {
  t = await createTestApp({ env });
});
afterAll(() => t.close());

/** One watcher instance (its own client), as a process running the job would have. */
function watcher(app: TestApp = t) {
  const settings = app.ctx.config.chains[0]!;
  const client = chainClient(settings);
  return () =>
    watchOnce({ db: app.ctx.db, logger: app.ctx.logger, chains: app.ctx.config.chains }, settings, client);
}

async function customerAddress(user?: Awaited<ReturnType<typeof createTestUser>>) {
  user ??= await createTestUser(t, { kyc: true });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposit-address',
    headers: user.headers,
    payload: { asset: 'ETH', chain: 'ethereum' },
  });
  expect(res.statusCode).toBe(200);
  return { user, address: res.json().data.address as string };
}

const depositsOf = (userId: string) =>
  t.ctx.db.select().from(chainDeposits).where(eq(chainDeposits.userId, userId));

async function creditEntries(userId: string): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'CHAIN_DEPOSIT')));
  return rows.length;
}

/** The chain's deposit addresses hold exactly what the ledger's custody says, plus what was never credited. */
async function expectReconciled() {
  const settings = t.ctx.config.chains[0]!;
  const lines = await reconcileCustody(t.ctx.db, settings, chainNodeFor(settings));
  expect(lines.map((line) => line.asset)).toEqual(['ETH', 'USDT']);
  for (const line of lines) expect(line, line.asset).toMatchObject({ matches: true });
}

describe('the chain deposit watcher', () => {
  it('credits a native ETH deposit exactly once after 3 confirmations', async () => {
    const run = watcher();
    await run();
    const { user, address } = await customerAddress();
    const sender = await freshChainAccount({ eth: '10', usdt: 0n });
    const receipt = await sender.sendEth(address, '0.5');
    await run();
    let [row] = await depositsOf(user.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      asset: 'ETH',
      amount: '50000000',
      confirmations: 1,
      logIndex: -1,
    });
    expect(row!.txHash).toBe(receipt.transactionHash);
    await sender.mine(1);
    await run();
    [row] = await depositsOf(user.id);
    expect(row).toMatchObject({ status: 'PENDING', confirmations: 2 });
    expect(await creditEntries(user.id)).toBe(0);
    await sender.mine(1);
    await run();
    await run();
    [row] = await depositsOf(user.id);
    expect(row).toMatchObject({ status: 'CREDITED', confirmations: 3 });
    expect(row!.entryId).not.toBeNull();
    expect(await creditEntries(user.id)).toBe(1);
    const history = await t.ctx.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, user.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ status: 'SUCCESS', toAsset: 'ETH', toAmount: '50000000' });
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('credits an ERC-20 USDT deposit once, read from its Transfer log', async () => {
    const run = watcher();
    const { user, address } = await customerAddress();
    const sender = await freshChainAccount({ eth: '1', usdt: 100_000_000n });
    await sender.sendUsdt(address, 25_000_000n);
    await run();
    let [row] = await depositsOf(user.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      asset: 'USDT',
      amount: '2500000000',
      amountRaw: '25000000',
    });
    expect(row!.logIndex).toBeGreaterThanOrEqual(0);
    await sender.mine(2);
    await run();
    [row] = await depositsOf(user.id);
    expect(row!.status).toBe('CREDITED');
    expect(await creditEntries(user.id)).toBe(1);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('a watcher restarted between seeing and crediting resumes from the cursor and credits once', async () => {
    const { user, address } = await customerAddress();
    const sender = await freshChainAccount({ eth: '10', usdt: 0n });
    await sender.sendEth(address, '1');
    await watcher()();
    expect((await depositsOf(user.id))[0]!.status).toBe('PENDING');
    // A new process over the same database: a second app, its own client, nothing in memory.
    const restarted = await createTestApp({ env, deps: { database: t.database } });
    try {
      await sender.mine(5);
      await watcher(restarted)();
      await watcher(restarted)();
    } finally {
      await restarted.app.close();
    }
    const rows = await depositsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('CREDITED');
    expect(await creditEntries(user.id)).toBe(1);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('a deposit reorganised away before 3 confirmations is dropped, never credited', async () => {
    const run = watcher();
    await run();
    const { user, address } = await customerAddress();
    const sender = await freshChainAccount({ eth: '10', usdt: 0n });
    const snapshot = await sender.snapshot();
    await sender.sendEth(address, '2');
    await run();
    expect((await depositsOf(user.id))[0]!.status).toBe('PENDING');
    await sender.revert(snapshot);
    await sender.mine(6);
    await run();
    await run();
    const rows = await depositsOf(user.id);
    expect(rows.map((row) => row.status)).toEqual(['DROPPED']);
    expect(await creditEntries(user.id)).toBe(0);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('records a deposit below the minimum and never credits it', async () => {
    const run = watcher();
    const { user, address } = await customerAddress();
    const sender = await freshChainAccount({ eth: '10', usdt: 0n });
    await sender.sendEth(address, '0.001');
    await run();
    await sender.mine(5);
    await run();
    const rows = await depositsOf(user.id);
    expect(rows.map((row) => row.status)).toEqual(['BELOW_MINIMUM']);
    expect(await creditEntries(user.id)).toBe(0);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('two watchers running at once credit once', async () => {
    const { user, address } = await customerAddress();
    const sender = await freshChainAccount({ eth: '10', usdt: 50_000_000n });
    await sender.sendEth(address, '0.25');
    await sender.sendUsdt(address, 3_000_000n);
    await sender.mine(3);
    const other = await createTestApp({ env, deps: { database: t.database } });
    try {
      await Promise.all([watcher()(), watcher(other)(), watcher()(), watcher(other)()]);
    } finally {
      await other.app.close();
    }
    const rows = await depositsOf(user.id);
    expect(rows.map((row) => row.status).sort()).toEqual(['CREDITED', 'CREDITED']);
    expect(await creditEntries(user.id)).toBe(2);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it("tells the owner's socket as the deposit is seen, confirmed and credited", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
    const owner = await createTestUser(t, { kyc: true });
    const socket = await connectTestSocket(url);
    try {
      socket.send({ op: 'auth', token: owner.headers.authorization.slice('Bearer '.length) });
      await socket.next((f) => f.op === 'authenticated');
      socket.send({ op: 'subscribe', channel: 'user' });
      await socket.next((f) => f.op === 'subscribed');
      const run = watcher();
      const { address } = await customerAddress(owner);
      const sender = await freshChainAccount({ eth: '10', usdt: 0n });
      await sender.sendEth(address, '0.75');
      await run();
      const isDeposit = (status: string) => (f: Record<string, unknown>) =>
        f.channel === 'user' &&
        (f.data as { type?: string; deposit?: { status?: string } }).type === 'chain_deposit' &&
        (f.data as { deposit: { status: string } }).deposit.status === status;
      const seen = await socket.next(isDeposit('PENDING'));
      expect(seen.data).toMatchObject({ deposit: { asset: 'ETH', amount: '0.75000000', confirmations: 0 } });
      await sender.mine(2);
      await run();
      const credited = await socket.next(isDeposit('CREDITED'));
      expect(credited.data).toMatchObject({ deposit: { confirmations: 3, required_confirmations: 3 } });
      // The balance event of the same entry reaches the socket too, so the wallet and dashboard refresh.
      expect(socket.frames).toContainEqual({ channel: 'user', data: { type: 'balance' } });
    } finally {
      await socket.close();
    }
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });
});
