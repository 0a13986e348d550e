import { randomUUID } from 'node:crypto';
import {
  type AssetCode,
  chainAmountToMinor,
  custodyAccount,
  getAsset,
  systemAccount,
  userAccount,
} from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { type Address, createPublicClient, erc20Abi, http, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { chainTransactions, withdrawals } from '../../../db/schema';
import { chainClient, coinBalance as heldOnChain } from '../../../platform/chain/evm/evm-client';
import { evmNode } from '../../../platform/chain/evm/evm-node';
import type { ManualClock } from '../../../platform/clock';
import type { TestApp } from '../../../test/test-app';
import { freshChainAccount } from '../../../test/test-chain';
import { transferFunds } from '../../../test/transfer-funds';
import { reconcileCustody } from '../../custody/reconcile-custody';
import { loadUserBalances } from '../../ledger/ledger.repository';
import {
  type Customer,
  call,
  customerWithUsd,
  freshTotp,
  mailedWithdrawalCode,
} from '../withdrawal-test-helpers';
import { sendChainWithdrawals } from './send-chain-withdrawals';

/** A fresh outside address nobody holds coins at. */
export const outsideAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

export const settingsOf = (t: TestApp) => t.ctx.config.chains[0]!;
export const hotOf = (t: TestApp) => t.ctx.chainSender.hotWalletAddress('ethereum')! as Address;
export const tokenOf = (t: TestApp, asset: string) =>
  settingsOf(t).tokens.find((token) => token.asset === asset)!;

/** A read-only client on the test chain. */
export function readClient(t: TestApp): PublicClient {
  return chainClient(settingsOf(t));
}

/** The chain's test controls (mining, storage), from a fresh account of their own. */
export const chainControls = () => freshChainAccount({ eth: '1', usdt: 0n });

/**
 * The ledger learns what the test chain put in the app's hot wallet (createTestApp funds it from
 * outside): those coins are the house's, so custody holds them for HOUSE_INVENTORY. From then on
 * the chain and the ledger reconcile exactly, and customers are given coins out of the house's.
 */
export async function bookHotWalletFunds(t: TestApp): Promise<void> {
  const client = readClient(t);
  for (const token of settingsOf(t).tokens) {
    const raw = await heldOnChain(client, token, hotOf(t));
    const asset = token.asset as AssetCode;
    const minor = chainAmountToMinor(raw, token.decimals, getAsset(asset).scale);
    const booked = await transferFunds(t.ctx.db, {
      from: custodyAccount('ethereum', asset),
      to: systemAccount('HOUSE_INVENTORY', asset),
      amount: minor,
      kind: 'TEST_FUNDING',
      reference: `test:hot:${randomUUID()}`,
      userId: null,
    });
    expect(booked.ok).toBe(true);
  }
}

/** A KYC-verified customer with two-factor on and `amount` (minor units) of a coin from the house. */
export async function customerWithCoin(t: TestApp, asset: AssetCode, amount: bigint): Promise<Customer> {
  const customer = await customerWithUsd(t, 0n);
  const funded = await transferFunds(t.ctx.db, {
    from: systemAccount('HOUSE_INVENTORY', asset),
    to: userAccount(customer.id, asset),
    amount,
    kind: 'TEST_FUNDING',
    reference: `test:fund:${randomUUID()}`,
    userId: customer.id,
  });
  expect(funded.ok).toBe(true);
  return customer;
}

export async function coinBalance(t: TestApp, userId: string, asset: string) {
  const balances = await loadUserBalances(t.ctx.db, userId);
  const of = (kind: string) => balances.find((b) => b.asset === asset && b.kind === kind)?.balance ?? 0n;
  return { available: of('AVAILABLE'), locked: of('LOCKED') };
}

export async function withdrawalRow(t: TestApp, id: string) {
  const [row] = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row!;
}

/** Requests a coin withdrawal with a fresh two-factor code and confirms it with the mailed code. */
export async function withdrawCoin(
  t: TestApp,
  clock: ManualClock,
  customer: Customer,
  body: { asset: string; amount: string; address?: string; address_id?: string },
) {
  const requested = await call(t, 'POST', '/withdrawals', customer.headers, {
    chain: 'ethereum',
    ...body,
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
  return { id, status: confirmed.json().data.status as string };
}

/** One tick of the sending job, as the leader runs it. */
export function sendTick(t: TestApp) {
  return sendChainWithdrawals(t.ctx, t.ctx.chainSender, new Map([['ethereum', readClient(t)]]));
}

/** Runs the chain sender (mining a block between runs) until the withdrawal's transaction ended. */
export async function runSenderUntilEnded(t: TestApp, withdrawalId: string) {
  const chain = await chainControls();
  for (let i = 0; i < 12; i++) {
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    const [row] = await t.ctx.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.reference, withdrawalId));
    if (row && (row.status === 'CONFIRMED' || row.status === 'FAILED')) return row;
    await chain.mine(1);
  }
  throw new Error(`the transaction of withdrawal ${withdrawalId} did not end`);
}

/** The hot wallet, the deposit addresses and custody agree to the unit. */
export async function expectReconciled(t: TestApp) {
  const lines = await reconcileCustody(t.ctx.db, settingsOf(t), evmNode(settingsOf(t), readClient(t)), {
    hot: hotOf(t),
    cold: null,
  });
  for (const line of lines) expect(line, line.asset).toMatchObject({ matches: true });
}

export async function usdtBalanceOf(t: TestApp, address: Address): Promise<bigint> {
  return readClient(t).readContract({
    address: tokenOf(t, 'USDT').contract as Address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address],
  });
}

export function rawClient(t: TestApp) {
  return createPublicClient({ transport: http(settingsOf(t).rpcUrl) });
}
