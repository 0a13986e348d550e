import { randomUUID } from 'node:crypto';
import {
  type AssetCode,
  chainAmountToMinor,
  custodyAccount,
  getAsset,
  systemAccount,
} from '@exchange/domain';
import { and, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, chainTransactions, journalEntries, withdrawals } from '../../../db/schema';
import type { ChainSettings } from '../../../platform/chain/chain-config';
import { HOT_WALLET_FUNDS } from '../../../platform/chain/dev-chain';
import type { DevNetwork } from '../../../platform/chain/dev-networks';
import { fundDevWallet } from '../../../platform/chain/embedded-networks';
import { chainClient, coinBalance as heldOnChain } from '../../../platform/chain/evm/evm-client';
import { evmNode } from '../../../platform/chain/evm/evm-node';
import { ManualClock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chainTestEnv } from '../../../test/test-chain';
import { networkAccount, networkChainsEntry, startTestNetwork } from '../../../test/test-network';
import { createTestUser, type TestUser } from '../../../test/test-users';
import { transferFunds } from '../../../test/transfer-funds';
import { watchOnce } from '../../chain-deposits/chain-watcher';
import { reconcileCustody } from '../../custody/reconcile-custody';
import { placeWithdrawal } from '../requests/request-withdrawal';
import { call, freshTotp, mailedWithdrawalCode } from '../withdrawal-test-helpers';
import {
  coinBalance,
  customerWithCoin,
  outsideAddress,
  withdrawalRow,
} from './chain-withdrawal-test-helpers';
import { sendChainWithdrawals } from './send-chain-withdrawals';

// The coins of BNB Smart Chain on their own network (issue 47): a hardhat node this file starts as
// `npm start` runs it (chain id 31338, BNB, test USDT, USDC and BUSD at 18 decimals), listed in CHAINS
// beside the run's shared Ethereum. USDC (a token at 18 decimals) and BNB (the native coin) come in
// from an outside wallet and go out through the app's sender; every step ends reconciled on this
// network alone and with the ledger check.
const clock = new ManualClock(new Date());
const UNIT = 100_000_000n;
let network: DevNetwork;
let t: TestApp;
let admin: TestUser;
let bsc: ChainSettings;

beforeAll(async () => {
  network = await startTestNetwork('bsc');
  t = await createTestApp({
    env: chainTestEnv({
      CHAINS: JSON.stringify([networkChainsEntry(network.settings)]),
      CHAIN_POLL_MS: '600000',
      CHAIN_SENDER_REPLACE_AFTER_MS: '86400000',
      ACCESS_TOKEN_TTL_SECONDS: '864000',
      WITHDRAWAL_DAILY_LIMIT_USD: '0',
    }),
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
  bsc = t.ctx.config.chains.find((chain) => chain.key === 'bsc')!;
  // The house funds the hot wallet on this network from outside, and the ledger learns it.
  await fundDevWallet(bsc, hot(), HOT_WALLET_FUNDS);
  for (const token of bsc.tokens) {
    const asset = token.asset as AssetCode;
    const raw = await heldOnChain(chainClient(bsc), token, hot());
    const booked = await transferFunds(t.ctx.db, {
      from: custodyAccount('bsc', asset),
      to: systemAccount('HOUSE_INVENTORY', asset),
      amount: chainAmountToMinor(raw, token.decimals, getAsset(asset).scale),
      kind: 'TEST_FUNDING',
      reference: `test:hot:${randomUUID()}`,
      userId: null,
    });
    expect(booked.ok).toBe(true);
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
  await network?.chain.stop();
});

const hot = () => t.ctx.chainSender.hotWalletAddress('bsc')! as Address;

async function watch() {
  await watchOnce({ db: t.ctx.db, logger: t.ctx.logger, chains: t.ctx.config.chains }, bsc, chainClient(bsc));
}

async function expectReconciled() {
  const lines = await reconcileCustody(t.ctx.db, bsc, evmNode(bsc, chainClient(bsc)), {
    hot: hot(),
    cold: null,
  });
  expect(lines.map((line) => line.asset)).toEqual(['BNB', 'USDT', 'USDC', 'BUSD']);
  for (const line of lines) expect(line, line.asset).toMatchObject({ matches: true });
}

/** A withdrawal on BNB Smart Chain requested and confirmed as the customer does, approved by an admin. */
async function withdrawOnBsc(
  customer: Awaited<ReturnType<typeof customerWithCoin>>,
  asset: string,
  amount: string,
) {
  const to = outsideAddress();
  const requested = await call(t, 'POST', '/withdrawals', customer.headers, {
    asset,
    amount,
    chain: 'bsc',
    address: to,
    totp: await freshTotp(t, clock, customer.secret),
  });
  expect(requested.statusCode, requested.body).toBe(200);
  const id = requested.json().data._id as string;
  const code = await mailedWithdrawalCode(t, customer.email);
  const confirmed = await call(t, 'POST', '/withdrawals/confirm', customer.headers, {
    withdrawal_id: id,
    code,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const approved = await call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
  expect(approved.statusCode, approved.body).toBe(200);
  return { id, to };
}

/** Sends the approved withdrawals and runs this network's sender, mining a block a turn, until `id` ended. */
async function sendUntilEnded(id: string) {
  const outside = await networkAccount(bsc, '1');
  await sendChainWithdrawals(t.ctx, t.ctx.chainSender, new Map([['bsc', chainClient(bsc)]]));
  const job = t.ctx.chainSender.jobs[t.ctx.config.chains.indexOf(bsc)]!;
  for (let i = 0; i < 12; i++) {
    await job.run(new Date());
    const [row] = await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, id));
    if (row?.status === 'CONFIRMED' || row?.status === 'FAILED') return row;
    await outside.mine(1);
  }
  throw new Error(`the transaction of withdrawal ${id} did not end`);
}

describe('the coins of BNB Smart Chain on their own network', () => {
  it("lists each coin's networks for deposits and withdrawals, with the network's own settings", async () => {
    const user = await createTestUser(t, { kyc: true });
    const res = await call(t, 'GET', '/wallet/deposit-networks', user.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ asset: string; networks: Array<Record<string, unknown>> }>;
    const networks = Object.fromEntries(data.map((coin) => [coin.asset, coin.networks.map((n) => n.chain)]));
    expect(networks).toEqual({
      ETH: ['ethereum'],
      USDT: ['ethereum', 'bsc'],
      BNB: ['bsc'],
      USDC: ['bsc'],
      BUSD: ['bsc'],
    });
    expect(data.find((coin) => coin.asset === 'USDC')!.networks[0]).toMatchObject({
      name: 'BNB Smart Chain (BEP-20)',
      chain_id: 31_338,
      confirmations: 5,
      explorer_url: 'https://bsc-explorer.example',
    });
    const customer = await customerWithCoin(t, 'USDT', 10n * UNIT);
    const terms = await call(t, 'GET', '/withdrawals/terms?asset=USDT&chain=bsc', customer.headers);
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json().data.chain).toMatchObject({ key: 'bsc', name: 'BNB Smart Chain' });
    expect(terms.json().data.chains.map((chain: { key: string }) => chain.key)).toEqual(['ethereum', 'bsc']);
  });

  it('credits a USDC and a BNB deposit once each after the network’s confirmations', async () => {
    await watch();
    const alice = await createTestUser(t, { kyc: true });
    const address = async (asset: string) => {
      const res = await call(t, 'POST', '/wallet/deposit-address', alice.headers, { asset, chain: 'bsc' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.address as string;
    };
    const outside = await networkAccount(bsc, '10');
    await outside.sendToken('USDC', await address('USDC'), 25n * 10n ** 18n + 1n);
    await outside.sendNative(await address('BNB'), '0.75');
    await watch();
    const pending = await t.ctx.db.select().from(chainDeposits).where(eq(chainDeposits.userId, alice.id));
    expect(pending.map((row) => `${row.chain}/${row.asset}/${row.status}`).sort()).toEqual([
      'bsc/BNB/PENDING',
      'bsc/USDC/PENDING',
    ]);
    await outside.mine(5);
    await watch();
    await watch();
    await outside.mine(3);
    await watch();
    const rows = await t.ctx.db.select().from(chainDeposits).where(eq(chainDeposits.userId, alice.id));
    expect(rows.map((row) => [row.asset, row.status]).sort()).toEqual([
      ['BNB', 'CREDITED'],
      ['USDC', 'CREDITED'],
    ]);
    const entries = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.userId, alice.id), eq(journalEntries.kind, 'CHAIN_DEPOSIT')));
    expect(entries).toHaveLength(2);
    // 25 USDC and a wei the ledger's 8 places cannot hold (kept as the chain's dust), and 0.75 BNB.
    expect(await coinBalance(t, alice.id, 'USDC')).toEqual({ available: 25n * UNIT, locked: 0n });
    expect(await coinBalance(t, alice.id, 'BNB')).toEqual({ available: 75_000_000n, locked: 0n });
    await expectReconciled();
    await expectLedgerConsistent(t.ctx.db);
  });

  it('sends a USDC and a BNB withdrawal that arrive exactly, the amount less the fee', async () => {
    const bob = await customerWithCoin(t, 'USDC', 100n * UNIT);
    const usdc = await withdrawOnBsc(bob, 'USDC', '40');
    expect((await sendUntilEnded(usdc.id)).status).toBe('CONFIRMED');
    const outside = await networkAccount(bsc, '0');
    // 40 USDC less the 2 USDC fee, to the token's smallest unit (18 decimals here), read from the node.
    expect(await outside.tokenBalance('USDC', usdc.to)).toBe(38n * 10n ** 18n);
    expect((await withdrawalRow(t, usdc.id)).status).toBe('COMPLETED');
    expect(await coinBalance(t, bob.id, 'USDC')).toEqual({ available: 60n * UNIT, locked: 0n });

    const carol = await customerWithCoin(t, 'BNB', 2n * UNIT);
    const bnb = await withdrawOnBsc(carol, 'BNB', '1.5');
    expect((await sendUntilEnded(bnb.id)).status).toBe('CONFIRMED');
    expect(await outside.client.getBalance({ address: bnb.to })).toBe(1_499_000_000_000_000_000n);
    expect(await coinBalance(t, carol.id, 'BNB')).toEqual({ available: 50_000_000n, locked: 0n });
    await expectReconciled();
    await expectLedgerConsistent(t.ctx.db);
  });

  it('20 parallel BNB withdrawals on one balance hold exactly what it covers, never an overdraft', async () => {
    const dave = await customerWithCoin(t, 'BNB', UNIT);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeWithdrawal(t.ctx, {
          userId: dave.id,
          asset: 'BNB',
          amount: 15_000_000n,
          fee: 100_000n,
          valueCents: 9_000n,
          destination: outsideAddress(),
          method: 'chain',
          chain: 'bsc',
          flags: [],
          code: '123456',
          now: clock.now(),
        }).then(
          () => 'held',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome === 'held')).toHaveLength(6);
    expect(outcomes.filter((outcome) => outcome === 'insufficient_funds')).toHaveLength(14);
    expect(await coinBalance(t, dave.id, 'BNB')).toEqual({ available: 10_000_000n, locked: 90_000_000n });
    const held = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, dave.id));
    expect(held.map((row) => row.chain)).toEqual(Array(6).fill('bsc'));
    await expectReconciled();
    await expectLedgerConsistent(t.ctx.db);
  });
});
