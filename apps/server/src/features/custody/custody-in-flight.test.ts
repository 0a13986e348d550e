import { eq } from 'drizzle-orm';
import { type Address, encodeAbiParameters, keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions } from '../../db/schema';
import { evmNode } from '../../platform/chain/evm/evm-node';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser, type TestUser } from '../../test/test-users';
import {
  bookHotWalletFunds,
  customerWithCoin,
  hotOf,
  outsideAddress,
  readClient,
  runSenderUntilEnded,
  sendTick,
  settingsOf,
  withdrawalRow,
  withdrawCoin,
} from '../withdrawals/coin-sends/chain-withdrawal-test-helpers';
import { call } from '../withdrawals/withdrawal-test-helpers';
import { reconcileCustody } from './reconcile-custody';

// The custody reconciliation between a transaction's mining and its confirmations (issue 43): the chain
// has paid the gas and what was sent out, the ledger books both only when the sender ends the row.
// Coin withdrawals on the run's local chain, every tick driven by the test.
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
const UNIT = 100_000_000n;

beforeAll(async () => {
  t = await createTestApp({
    env: chainTestEnv({
      CHAIN_POLL_MS: '600000',
      CHAIN_SENDER_REPLACE_AFTER_MS: '86400000',
      ACCESS_TOKEN_TTL_SECONDS: '864000',
      WITHDRAWAL_DAILY_LIMIT_USD: '0',
    }),
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
  await bookHotWalletFunds(t);
});
afterAll(() => t.close());

const reconcile = () =>
  reconcileCustody(t.ctx.db, settingsOf(t), evmNode(settingsOf(t), readClient(t)), {
    hot: hotOf(t),
    cold: null,
  });

async function sentWithdrawal(asset: 'ETH' | 'USDT', amount: string) {
  const customer = await customerWithCoin(t, asset, 100n * UNIT);
  const { id } = await withdrawCoin(t, clock, customer, { asset, amount, address: outsideAddress() });
  const approved = await call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
  expect(approved.statusCode, approved.body).toBe(200);
  await sendTick(t);
  expect((await withdrawalRow(t, id)).status).toBe('SENT');
  return id;
}

describe('the custody reconciliation while transactions await their confirmations', () => {
  it('matches with ETH and USDT withdrawals mined but not confirmed, counting what they paid as in flight', async () => {
    const eth = await sentWithdrawal('ETH', '0.5');
    const usdt = await sentWithdrawal('USDT', '30');
    // One run of the sender signs and broadcasts both; the chain mines them at once.
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    const rows = await t.ctx.db.select().from(chainTransactions);
    for (const reference of [eth, usdt])
      expect(rows.find((row) => row.reference === reference)).toMatchObject({ status: 'BROADCAST' });
    for (const row of rows) {
      if (!row.txHash) continue;
      const receipt = await readClient(t).getTransactionReceipt({ hash: row.txHash as `0x${string}` });
      expect(receipt.status).toBe('success');
    }
    const lines = await reconcile();
    const of = (asset: string) => lines.find((line) => line.asset === asset)!;
    for (const line of lines) expect(line, line.asset).toMatchObject({ matches: true, difference: 0n });
    // 0.5 ETH less its 0.002 fee went out, and the gas of both transactions.
    expect(of('ETH').inFlight).toBeGreaterThan(49_800_000n);
    expect(of('ETH').inFlight).toBeLessThan(49_900_000n);
    expect(of('USDT').inFlight).toBeGreaterThan(25n * UNIT);
    expect(of('USDT').inFlight).toBeLessThanOrEqual(30n * UNIT);

    for (const id of [eth, usdt]) expect((await runSenderUntilEnded(t, id)).status).toBe('CONFIRMED');
    for (const id of [eth, usdt]) expect((await withdrawalRow(t, id)).status).toBe('COMPLETED');
    const after = await reconcile();
    for (const line of after)
      expect(line, line.asset).toMatchObject({ matches: true, difference: 0n, inFlight: 0n });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('counts a reverted transaction mined but not confirmed by its gas alone', async () => {
    const id = await sentWithdrawal('USDT', '20');
    const [row] = await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, id));
    expect(row).toMatchObject({ status: 'QUEUED' });
    // The hot wallet's USDT is gone when the transfer is mined (moved out and back by hand): it reverts.
    const held = (await reconcile()).find((line) => line.asset === 'USDT')!;
    expect(held.matches).toBe(true);
    const client = readClient(t);
    const slot = hotTokenSlot();
    const before = (await client.getStorageAt({ address: usdtOf(), slot }))!;
    await client.request({
      method: 'hardhat_setStorageAt' as never,
      params: [usdtOf(), slot, `0x${'0'.repeat(64)}`] as never,
    });
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    await client.request({
      method: 'hardhat_setStorageAt' as never,
      params: [usdtOf(), slot, before] as never,
    });
    const [sent] = await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, id));
    expect(sent).toMatchObject({ status: 'BROADCAST' });
    const receipt = await client.getTransactionReceipt({ hash: sent!.txHash as `0x${string}` });
    expect(receipt.status).toBe('reverted');
    const lines = await reconcile();
    for (const line of lines) expect(line, line.asset).toMatchObject({ matches: true, difference: 0n });
    expect(lines.find((line) => line.asset === 'USDT')!.inFlight).toBe(0n);
    expect(lines.find((line) => line.asset === 'ETH')!.inFlight).toBeGreaterThan(0n);
    expect((await runSenderUntilEnded(t, id)).status).toBe('FAILED');
    for (const line of await reconcile())
      expect(line, line.asset).toMatchObject({ matches: true, difference: 0n, inFlight: 0n });
    await expectLedgerConsistent(t.ctx.db);
  });
});

const usdtOf = () => settingsOf(t).tokens.find((token) => token.asset === 'USDT')!.contract as Address;

/** The storage slot of the hot wallet's balance in the test USDT (balanceOf is its second variable). */
const hotTokenSlot = () =>
  keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [hotOf(t), 1n]));
