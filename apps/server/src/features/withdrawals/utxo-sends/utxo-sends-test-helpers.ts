import { expect } from 'vitest';
import { type BitcoinRpc, toSats } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import { type RegtestNode, startRegtestNode } from '../../../platform/chain/bitcoin/regtest-node';
import { scanUtxoSet } from '../../../platform/chain/bitcoin/utxo-scan';
import { chainNodeFor } from '../../../platform/chain/chain-nodes';
import type { ManualClock } from '../../../platform/clock';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { chainTestEnv } from '../../../test/test-chain';
import { watchBitcoinOnce } from '../../chain-deposits/bitcoin-watcher';
import { reconcileCustody } from '../../custody/reconcile-custody';
import {
  type Customer,
  call,
  customerWithUsd,
  freshTotp,
  mailedWithdrawalCode,
} from '../withdrawal-test-helpers';
import { createUtxoSends, type UtxoSendsRuntime } from './utxo-sends-runtime';
import { changeAddressOf } from './utxo-wallet';

/** Litecoin on a regtest node as BITCOIN_CHAINS lists it in these tests (3 confirmations, 'rltc'). */
export function litecoinChains(node: RegtestNode): string {
  return JSON.stringify([
    {
      key: 'litecoin',
      name: 'Litecoin',
      asset: 'LTC',
      rpcUrl: node.rpcUrl,
      confirmations: 3,
      networkPrefix: 'rltc',
      coinType: 1,
      minDeposit: '0.001',
    },
  ]);
}

export const ltcChain = (t: TestApp) => t.ctx.config.bitcoinChains[0]!;

/** A test file's Litecoin: its own regtest node, the real app wired to it, and the app's UTXO sender. */
export interface UtxoTestApp {
  readonly node: RegtestNode;
  readonly t: TestApp;
  readonly sends: UtxoSendsRuntime;
}

/**
 * Starts a file's own Litecoin Core in regtest mode and the real app on a fresh database on it
 * (litecoinChains, the in-process signer from the file's seed words, no daily limit, then `env`), with
 * the sender the test ticks by hand. The app's own scheduled runs (the UTXO sender's job, the deposit
 * watcher) are pushed 10 minutes out (CHAIN_POLL_MS), as the EVM chain tests do: a job's tick beside
 * the test's own could sign, broadcast or bump a batch between two of the test's steps (a stuck batch
 * still SIGNING when the test looked; a stored replacement sent before the test mined the original).
 */
export async function startUtxoTestApp(
  clock: ManualClock,
  env: Record<string, string> = {},
): Promise<UtxoTestApp> {
  const node = await startRegtestNode();
  try {
    const t = await createTestApp({
      env: chainTestEnv({
        BITCOIN_CHAINS: litecoinChains(node),
        WITHDRAWAL_DAILY_LIMIT_USD: '0',
        CHAIN_POLL_MS: '600000',
        ...env,
      }),
      clock,
    });
    return { node, t, sends: createUtxoSends(t.ctx) };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

/** Closes the app and stops its node (either may be missing when the start failed). */
export async function stopUtxoTestApp(app: Partial<UtxoTestApp>): Promise<void> {
  await app.t?.close();
  await app.node?.stop();
}

/** The watcher's run, as its job would. */
export const watchOnce = (t: TestApp, node: RegtestNode) =>
  watchBitcoinOnce(
    { db: t.ctx.db, logger: t.ctx.logger, chains: [...t.ctx.config.chains, ...t.ctx.config.bitcoinChains] },
    ltcChain(t),
    node.rpc,
  );

/**
 * A KYC-verified customer with two-factor on whose `ltc` came in as a real deposit: from the node's
 * outside wallet to their own deposit address, credited by the watcher after 3 confirmations.
 */
export async function customerWithLtc(t: TestApp, node: RegtestNode, ltc: string): Promise<Customer> {
  const customer = await customerWithUsd(t, 0n);
  const res = await call(t, 'POST', '/wallet/deposit-address', customer.headers, {
    asset: 'LTC',
    chain: 'litecoin',
  });
  expect(res.statusCode, res.body).toBe(200);
  await node.outside.call('sendtoaddress', [res.json().data.address, ltc]);
  await node.mine(3);
  await watchOnce(t, node);
  await watchOnce(t, node);
  return customer;
}

/** Requests an LTC withdrawal with a fresh two-factor code and confirms it with the mailed code. */
export async function withdrawLtc(
  t: TestApp,
  clock: ManualClock,
  customer: Customer,
  body: { amount: string; address: string },
) {
  const requested = await call(t, 'POST', '/withdrawals', customer.headers, {
    asset: 'LTC',
    chain: 'litecoin',
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

/** What an address holds on the chain, in litoshis, and in how many outputs (from the UTXO set). */
export async function heldAt(rpc: BitcoinRpc, address: string): Promise<{ sats: bigint; outputs: number }> {
  const scan = await scanUtxoSet<{ total_amount: string; unspents: unknown[] }>(rpc, [`addr(${address})`]);
  return { sats: toSats(scan.total_amount), outputs: scan.unspents.length };
}

/** The chain's custody account matches what its deposit addresses and internal address hold. */
export async function expectReconciled(t: TestApp) {
  const settings = ltcChain(t);
  const lines = await reconcileCustody(t.ctx.db, settings, chainNodeFor(settings), {
    hot: changeAddressOf(settings),
    cold: null,
  });
  expect(lines[0]).toMatchObject({ asset: 'LTC', matches: true });
}
