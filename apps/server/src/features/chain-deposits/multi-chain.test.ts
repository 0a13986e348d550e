import { accountName, custodyAccount } from '@exchange/domain';
import { and, eq } from 'drizzle-orm';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hash,
  http,
  type PublicClient,
  parseEther,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, journalEntries, ledgerAccounts } from '../../db/schema';
import type { ChainSettings } from '../../platform/chain/chain-config';
import { chainNodeFor } from '../../platform/chain/chain-nodes';
import {
  type DevChain,
  devChainDefinition,
  startDevChain,
  TEST_USDT_ABI,
} from '../../platform/chain/dev-chain';
import { chainClient } from '../../platform/chain/evm/evm-client';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv, freshChainAccount } from '../../test/test-chain';
import { createTestUser, type TestUser } from '../../test/test-users';
import { reconcileCustody } from '../custody/reconcile-custody';
import { loadBalances, loadUserBalances } from '../ledger/ledger.repository';
import { watchOnce } from './chain-watcher';

// Two real local chains configured side by side: the run's shared chain as the first (CHAIN_*, key
// 'ethereum') and a second hardhat node this file starts with its own chain id and test USDT, listed in
// CHAINS as 'bsc' with BNB as its native coin. USDT arrives on both; each chain keeps its own custody.
const SECOND_CHAIN_ID = 31_338;
let second: DevChain;
let t: TestApp;

beforeAll(async () => {
  second = await startDevChain({ chainId: SECOND_CHAIN_ID });
  const env = chainTestEnv({
    CHAINS: JSON.stringify([
      {
        key: 'bsc',
        name: 'BNB Smart Chain',
        chainId: SECOND_CHAIN_ID,
        rpcUrl: second.rpcUrl,
        confirmations: 2,
        explorerUrl: 'https://bscscan.example',
        tokenStandard: 'BEP-20',
        native: { asset: 'BNB', minDeposit: '0.01' },
        tokens: [{ asset: 'USDT', contract: second.usdt, decimals: 6, minDeposit: '1' }],
      },
    ]),
  });
  t = await createTestApp({ env });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await second?.stop();
});

/** A fresh account on the second chain with `native` of its coin and `usdt` of its test USDT. */
async function secondChainAccount(funds: { native: string; usdt: bigint }) {
  const chain = devChainDefinition(second.rpcUrl, SECOND_CHAIN_ID);
  const account = privateKeyToAccount(generatePrivateKey());
  const transport = http(second.rpcUrl);
  const client = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ account, chain, transport });
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const mined = (hash: Hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  await rpc('hardhat_setBalance', [account.address, `0x${parseEther(funds.native).toString(16)}`]);
  const token = { address: second.usdt, abi: TEST_USDT_ABI } as const;
  await mined(
    await wallet.writeContract({ ...token, functionName: 'mint', args: [account.address, funds.usdt] }),
  );
  return {
    sendNative: async (to: string, amount: string) =>
      mined(await wallet.sendTransaction({ to: to as Address, value: parseEther(amount) })),
    sendUsdt: async (to: string, units: bigint) =>
      mined(await wallet.writeContract({ ...token, functionName: 'transfer', args: [to as Address, units] })),
    mine: (blocks: number) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]),
  };
}

const chainOf = (key: string): ChainSettings => t.ctx.config.chains.find((chain) => chain.key === key)!;

/** Each chain's watcher as its own job would run it, with its own client. */
function watchers(): () => Promise<void> {
  const runs = t.ctx.config.chains.map((settings) => {
    const client: PublicClient = chainClient(settings);
    const deps = { db: t.ctx.db, logger: t.ctx.logger, chains: t.ctx.config.chains };
    return () => watchOnce(deps, settings, client);
  });
  return async () => {
    for (const run of runs) await run();
  };
}

async function depositAddress(user: TestUser, asset: string, chain: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposit-address',
    headers: user.headers,
    payload: { asset, chain },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.network).toMatchObject({ chain });
  return res.json().data.address as string;
}

async function available(userId: string, asset: string): Promise<bigint> {
  const rows = await loadUserBalances(t.ctx.db, userId);
  return rows.find((row) => row.asset === asset && row.kind === 'AVAILABLE')?.balance ?? 0n;
}

async function custody(chain: string, asset: 'USDT' | 'BNB' | 'ETH'): Promise<bigint> {
  const account = custodyAccount(chain, asset);
  return (await loadBalances(t.ctx.db, [account])).get(accountName(account)) ?? 0n;
}

async function expectReconciled(chain: string, assets: string[]) {
  const settings = chainOf(chain);
  const lines = await reconcileCustody(t.ctx.db, settings, chainNodeFor(settings));
  expect(lines.map((line) => line.asset)).toEqual(assets);
  for (const line of lines) expect(line, `${chain} ${line.asset}`).toMatchObject({ matches: true });
}

describe('two chains by configuration', () => {
  it('offers USDT on both networks, BNB on the second, each with its own settings', async () => {
    const user = await createTestUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/deposit-networks',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ asset: string; networks: Array<Record<string, unknown>> }>;
    const networks = Object.fromEntries(data.map((coin) => [coin.asset, coin.networks.map((n) => n.chain)]));
    expect(networks).toEqual({ ETH: ['ethereum'], USDT: ['ethereum', 'bsc'], BNB: ['bsc'] });
    const bscUsdt = data.find((coin) => coin.asset === 'USDT')!.networks[1]!;
    expect(bscUsdt).toMatchObject({
      name: 'BNB Smart Chain (BEP-20)',
      chain_id: SECOND_CHAIN_ID,
      token_contract: second.usdt,
      confirmations: 2,
      explorer_url: 'https://bscscan.example',
    });
  });

  it('credits deposits on both chains once each to the right customer, and keeps each chain’s custody apart', async () => {
    const run = watchers();
    await run();
    const alice = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: true });
    const aliceEthereum = await depositAddress(alice, 'USDT', 'ethereum');
    const aliceBsc = await depositAddress(alice, 'BNB', 'bsc');
    const bobBsc = await depositAddress(bob, 'USDT', 'bsc');
    // One customer has one address per chain.
    expect(new Set([aliceEthereum, aliceBsc, bobBsc]).size).toBe(3);
    expect(await depositAddress(alice, 'USDT', 'bsc')).toBe(aliceBsc);

    const onFirst = await freshChainAccount({ eth: '1', usdt: 100_000_000n });
    const onSecond = await secondChainAccount({ native: '10', usdt: 100_000_000n });
    await onFirst.sendUsdt(aliceEthereum, 25_000_000n);
    await onSecond.sendUsdt(bobBsc, 40_000_000n);
    await onSecond.sendNative(aliceBsc, '0.5');
    // Coins sent on the second chain to an address that is only alice's on the first are nobody's deposit there.
    await onSecond.sendUsdt(aliceEthereum, 7_000_000n);
    await run();
    // Each deposit is recorded on its own chain (the second chain counts up faster: each transaction
    // there mined a block), and the transfer to alice's first-chain address on the second is not.
    const seen = await t.ctx.db.select().from(chainDeposits);
    expect(
      seen.map((row) => `${row.chain}/${row.asset}/${row.userId === alice.id ? 'alice' : 'bob'}`).sort(),
    ).toEqual(['bsc/BNB/alice', 'bsc/USDT/bob', 'ethereum/USDT/alice']);

    await onFirst.mine(2);
    await onSecond.mine(1);
    await run();
    await run();
    const credited = await t.ctx.db.select().from(chainDeposits);
    expect(credited.map((row) => [row.userId, row.chain, row.asset, row.amount, row.status]).sort()).toEqual(
      [
        [alice.id, 'bsc', 'BNB', '50000000', 'CREDITED'],
        [alice.id, 'ethereum', 'USDT', '2500000000', 'CREDITED'],
        [bob.id, 'bsc', 'USDT', '4000000000', 'CREDITED'],
      ].sort(),
    );
    for (const user of [alice, bob]) {
      const entries = await t.ctx.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, user.id), eq(journalEntries.kind, 'CHAIN_DEPOSIT')));
      expect(entries).toHaveLength(user === alice ? 2 : 1);
    }
    expect(await available(alice.id, 'USDT')).toBe(2_500_000_000n);
    expect(await available(alice.id, 'BNB')).toBe(50_000_000n);
    expect(await available(bob.id, 'USDT')).toBe(4_000_000_000n);

    // Each chain's custody account moved by its own deposits only.
    expect(await custody('ethereum', 'USDT')).toBe(-2_500_000_000n);
    expect(await custody('bsc', 'USDT')).toBe(-4_000_000_000n);
    expect(await custody('bsc', 'BNB')).toBe(-50_000_000n);
    expect(await custody('ethereum', 'ETH')).toBe(0n);
    const rows = await t.ctx.db
      .select({ asset: ledgerAccounts.asset, scope: ledgerAccounts.scope, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'CHAIN_CUSTODY'));
    expect(rows.map((row) => `${row.scope}/${row.asset}`).sort()).toEqual([
      'bsc/BNB',
      'bsc/USDT',
      'ethereum/USDT',
    ]);

    // Watching on credits nothing twice.
    await onFirst.mine(3);
    await onSecond.mine(3);
    await run();
    expect(await available(alice.id, 'USDT')).toBe(2_500_000_000n);
    expect(await available(bob.id, 'USDT')).toBe(4_000_000_000n);

    await expectReconciled('ethereum', ['ETH', 'USDT']);
    await expectReconciled('bsc', ['BNB', 'USDT']);
    await expectLedgerConsistent(t.ctx.db);
  });
});
