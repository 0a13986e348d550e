import { and, eq } from 'drizzle-orm';
import { encodeAbiParameters, keccak256, parseEther, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, withdrawals } from '../../../db/schema';
import { ManualClock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chainTestEnv } from '../../../test/test-chain';
import { createTestUser, type TestUser } from '../../../test/test-users';
import { placeWithdrawal } from '../requests/request-withdrawal';
import { call, freshTotp, mailTexts } from '../withdrawal-test-helpers';
import {
  bookHotWalletFunds,
  chainControls,
  coinBalance,
  customerWithCoin,
  expectReconciled,
  hotOf,
  outsideAddress,
  readClient,
  runSenderUntilEnded,
  sendTick,
  tokenOf,
  usdtBalanceOf,
  withdrawalRow,
  withdrawCoin,
} from './chain-withdrawal-test-helpers';

// Coin withdrawals against the run's real local chain: the app's own hot wallet (funded by
// createTestApp), the chain sender run as the leader would, blocks mined by hand. The scheduler's own
// runs are pushed 10 minutes out (CHAIN_POLL_MS) so the test drives every tick.
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
const ETH = 100_000_000n;

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

async function approve(id: string) {
  const res = await call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a coin withdrawal on the chain', () => {
  it('sends ETH to a new address after an admin approves it, COMPLETED with its hash; the ledger and the chain agree', async () => {
    const alice = await customerWithCoin(t, 'ETH', 2n * ETH);
    const to = outsideAddress();
    const terms = await call(t, 'GET', '/withdrawals/terms?asset=ETH', alice.headers);
    expect(terms.json().data).toMatchObject({
      method: 'chain',
      destination: '',
      chain: { key: 'ethereum', explorer_url: 'https://explorer.example' },
      minimum: '0.01000000',
      fee: '0.00200000',
      available: '2.00000000',
    });
    const { id, status } = await withdrawCoin(t, clock, alice, {
      asset: 'ETH',
      amount: '0.5',
      address: to.toLowerCase(),
    });
    // A typed address the customer never sent coins to waits for an admin, whatever its size.
    expect(status).toBe('PENDING_APPROVAL');
    expect(await withdrawalRow(t, id)).toMatchObject({
      destination: to,
      flags: expect.arrayContaining(['new_address']),
    });
    await approve(id);
    await sendTick(t);
    expect((await withdrawalRow(t, id)).status).toBe('SENT');
    const ended = await runSenderUntilEnded(t, id);
    expect(ended.status).toBe('CONFIRMED');
    const row = await withdrawalRow(t, id);
    expect(row).toMatchObject({ status: 'COMPLETED', txHash: ended.txHash });
    expect(await readClient(t).getBalance({ address: to })).toBe(parseEther('0.498'));
    expect(await coinBalance(t, alice.id, 'ETH')).toEqual({ available: 150_000_000n, locked: 0n });
    const list = await call(t, 'GET', '/withdrawals', alice.headers);
    expect(list.json().data.content[0]).toMatchObject({
      _id: id,
      method: 'chain',
      chain: 'ethereum',
      status: 'COMPLETED',
      receive: '0.49800000',
      tx_hash: ended.txHash,
      explorer_url: `https://explorer.example/tx/${ended.txHash}`,
    });
    expect((await mailTexts(t, alice.email)).some((text) => text.includes('is complete'))).toBe(true);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('sends USDT to an address-book entry after its cool-down, approved at once', async () => {
    const bob = await customerWithCoin(t, 'USDT', 100n * ETH);
    const to = outsideAddress();
    const added = await call(t, 'POST', '/withdrawals/addresses', bob.headers, {
      chain: 'ethereum',
      address: to,
      label: 'My cold wallet',
      totp: await freshTotp(t, clock, bob.secret),
    });
    expect(added.statusCode, added.body).toBe(200);
    const entry = added.json().data;
    clock.advance(24 * 3_600_000 + 1000);
    const { id, status } = await withdrawCoin(t, clock, bob, {
      asset: 'USDT',
      amount: '25.5',
      address_id: entry._id,
    });
    expect(status).toBe('APPROVED');
    await sendTick(t);
    const ended = await runSenderUntilEnded(t, id);
    expect(ended.status).toBe('CONFIRMED');
    expect(await usdtBalanceOf(t, to)).toBe(23_500_000n);
    expect(await withdrawalRow(t, id)).toMatchObject({ status: 'COMPLETED', label: 'My cold wallet' });
    expect(await coinBalance(t, bob.id, 'USDT')).toEqual({ available: 7_450_000_000n, locked: 0n });
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('a token transfer that reverts ends FAILED and refunds', async () => {
    const carol = await customerWithCoin(t, 'USDT', 50n * ETH);
    const to = outsideAddress();
    const { id } = await withdrawCoin(t, clock, carol, { asset: 'USDT', amount: '20', address: to });
    await approve(id);
    await sendTick(t);
    expect((await withdrawalRow(t, id)).status).toBe('SENT');
    // The hot wallet's USDT is gone (balanceOf is the token's slot 1) before the sender signs.
    const chain = await chainControls();
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [hotOf(t), 1n]));
    const usdt = tokenOf(t, 'USDT').contract!;
    const before = await usdtBalanceOf(t, hotOf(t));
    await chain.rpc('hardhat_setStorageAt', [usdt, slot, toHex(0n, { size: 32 })]);
    try {
      const ended = await runSenderUntilEnded(t, id);
      expect(ended.status).toBe('FAILED');
    } finally {
      await chain.rpc('hardhat_setStorageAt', [usdt, slot, toHex(before, { size: 32 })]);
    }
    const row = await withdrawalRow(t, id);
    expect(row.status).toBe('FAILED');
    expect(row.reason).toMatch(/failed on the chain/);
    expect(await usdtBalanceOf(t, to)).toBe(0n);
    expect(await coinBalance(t, carol.id, 'USDT')).toEqual({ available: 50n * ETH, locked: 0n });
    expect((await mailTexts(t, carol.email)).some((text) => text.includes('failed'))).toBe(true);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('a rejection refunds, and nothing is sent', async () => {
    const dave = await customerWithCoin(t, 'ETH', ETH);
    const { id } = await withdrawCoin(t, clock, dave, {
      asset: 'ETH',
      amount: '0.3',
      address: outsideAddress(),
    });
    const res = await call(t, 'POST', '/admin/withdrawals/reject', admin.headers, {
      withdrawal_id: id,
      reason: 'Not the usual destination',
    });
    expect(res.statusCode, res.body).toBe(200);
    await sendTick(t);
    expect((await withdrawalRow(t, id)).status).toBe('REJECTED');
    expect(await coinBalance(t, dave.id, 'ETH')).toEqual({ available: ETH, locked: 0n });
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('waits while the hot wallet cannot cover it, tells the admins once, and goes once funded', async () => {
    const erin = await customerWithCoin(t, 'ETH', 2n * ETH);
    const to = outsideAddress();
    const { id } = await withdrawCoin(t, clock, erin, { asset: 'ETH', amount: '1', address: to });
    await approve(id);
    const chain = await chainControls();
    const client = readClient(t);
    const funds = await client.getBalance({ address: hotOf(t) });
    await chain.rpc('hardhat_setBalance', [hotOf(t), toHex(parseEther('0.5'))]);
    const adminMails = () =>
      t.ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, admin.email)));
    try {
      await sendTick(t);
      await sendTick(t);
      const row = await withdrawalRow(t, id);
      expect(row.status).toBe('APPROVED');
      expect(row.fundsShortAt).not.toBeNull();
      const told = (await adminMails()).filter((mail) => mail.subject.includes('hot wallet is short'));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain('need 0.99800000 ETH');
      const wallet = await call(t, 'GET', '/admin/hot-wallet', admin.headers);
      expect(wallet.statusCode, wallet.body).toBe(200);
      expect(wallet.json().data.content).toContainEqual(
        expect.objectContaining({ asset: 'ETH', address: hotOf(t), covered: false, balance: '0.50000000' }),
      );
    } finally {
      await chain.rpc('hardhat_setBalance', [hotOf(t), toHex(funds)]);
    }
    await sendTick(t);
    expect((await withdrawalRow(t, id)).status).toBe('SENT');
    expect((await runSenderUntilEnded(t, id)).status).toBe('CONFIRMED');
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.998'));
    const wallet = await call(t, 'GET', '/admin/hot-wallet', admin.headers);
    expect(wallet.json().data.content).toContainEqual(
      expect.objectContaining({ asset: 'USDT', pending_withdrawals: '0.00000000', covered: true }),
    );
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('20 parallel ETH withdrawals on one balance hold exactly what it covers, never an overdraft', async () => {
    const frank = await customerWithCoin(t, 'ETH', ETH);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeWithdrawal(t.ctx, {
          userId: frank.id,
          asset: 'ETH',
          amount: 15_000_000n,
          fee: 200_000n,
          valueCents: 45_000n,
          destination: outsideAddress(),
          method: 'chain',
          chain: 'ethereum',
          flags: [],
          code: '123456',
          now: clock.now(),
        }).then(
          () => 'held',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'held')).toHaveLength(6);
    expect(outcomes.filter((o) => o === 'insufficient_funds')).toHaveLength(14);
    expect(await coinBalance(t, frank.id, 'ETH')).toEqual({ available: 10_000_000n, locked: 90_000_000n });
    const held = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, frank.id));
    expect(held).toHaveLength(6);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });
});
