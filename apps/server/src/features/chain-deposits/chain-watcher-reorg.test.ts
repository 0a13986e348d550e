import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  parseEther,
  parseGwei,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, journalEntries } from '../../db/schema';
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
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser } from '../../test/test-users';
import { reconcileCustody } from '../custody/reconcile-custody';
import { loadUserBalances } from '../ledger/ledger.repository';
import { saveCursor } from './chain-deposits.repository';
import { watchOnce } from './chain-watcher';

// A hardhat node of this file's own (its scenarios rewrite the chain's history with evm_snapshot and
// evm_revert, and stop automatic mining), with a small JSON-RPC proxy in front of it that the watcher
// reads through: the proxy can fail or empty the next answers of a method, as a node that is down for
// a moment, or behind, would. The app's own jobs read the node directly and poll once in ten minutes.

/** What the proxy does with the next matching answers: a failed call, or a call answered with nothing. */
type Fault = { method: string; left: number; mode: 'error' | 'empty'; when?: (params: unknown[]) => boolean };

let own: DevChain;
let proxy: { url: string; server: Server; faults: Fault[] };
let t: TestApp;

async function startProxy(target: string) {
  const faults: Fault[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString();
    const call = JSON.parse(body) as { id?: unknown; method?: string; params?: unknown[] };
    const fault = Array.isArray(call)
      ? undefined
      : faults.find((f) => f.left > 0 && f.method === call.method && (f.when?.(call.params ?? []) ?? true));
    if (fault) {
      fault.left--;
      if (fault.mode === 'error') {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ jsonrpc: '2.0', id: call.id, result: call.method === 'eth_getLogs' ? [] : null }),
        );
      return;
    }
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, faults };
}

beforeAll(async () => {
  own = await startDevChain();
  proxy = await startProxy(own.rpcUrl);
  t = await createTestApp({
    env: chainTestEnv({ CHAIN_RPC_URL: own.rpcUrl, CHAIN_USDT_ADDRESS: own.usdt, CHAIN_POLL_MS: '600000' }),
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => proxy?.server.close(resolve));
  await own?.stop();
});

const chain = () => devChainDefinition(own.rpcUrl);
const client = () => createPublicClient({ chain: chain(), transport: http(own.rpcUrl) });
const rpc = (method: string, params: unknown[] = []) =>
  client().request({ method: method as never, params: params as never }) as Promise<unknown>;
const mined = (hash: Hash) => client().waitForTransactionReceipt({ hash, pollingInterval: 50 });
const mine = (blocks: number) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);

/** The watcher as its job runs it, reading the chain through the proxy. */
function watcher() {
  const settings = { ...t.ctx.config.chains[0]!, rpcUrl: proxy.url };
  const deps = { db: t.ctx.db, logger: t.ctx.logger, chains: t.ctx.config.chains };
  const reader = chainClient(settings);
  return () => watchOnce(deps, settings, reader);
}

/** A fresh account on this file's chain with 10 ETH and `usdt` test USDT. */
async function account(usdt: bigint) {
  const signer = privateKeyToAccount(generatePrivateKey());
  const wallet = createWalletClient({ account: signer, chain: chain(), transport: http(own.rpcUrl) });
  await rpc('hardhat_setBalance', [signer.address, `0x${parseEther('10').toString(16)}`]);
  await mined(
    await wallet.writeContract({
      address: own.usdt,
      abi: TEST_USDT_ABI,
      functionName: 'mint',
      args: [signer.address, usdt],
    }),
  );
  return {
    address: signer.address,
    /** A USDT transfer signed now and not sent: the same bytes can be sent again after a reorg. */
    signUsdt: async (to: string, units: bigint, tip: string): Promise<Hex> =>
      wallet.signTransaction(
        await wallet.prepareTransactionRequest({
          to: own.usdt,
          data: encodeFunctionData({
            abi: TEST_USDT_ABI,
            functionName: 'transfer',
            args: [to as Address, units],
          }),
          gas: 100_000n,
          maxFeePerGas: parseGwei('100'),
          maxPriorityFeePerGas: parseGwei(tip),
        }),
      ),
    /** Sends a USDT transfer and returns its hash without waiting for a block. */
    sendUsdt: (to: string, units: bigint, tip: string) =>
      wallet.writeContract({
        address: own.usdt,
        abi: TEST_USDT_ABI,
        functionName: 'transfer',
        args: [to as Address, units],
        gas: 100_000n,
        maxFeePerGas: parseGwei('100'),
        maxPriorityFeePerGas: parseGwei(tip),
      }),
  };
}

/** An address that is nobody's deposit address. */
const stranger = privateKeyToAccount(generatePrivateKey()).address;
const sendRaw = (raw: Hex) => rpc('eth_sendRawTransaction', [raw]) as Promise<Hash>;

async function depositAddress() {
  const user = await createTestUser(t, { kyc: true });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposit-address',
    headers: user.headers,
    payload: { asset: 'USDT', chain: 'ethereum' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, address: res.json().data.address as string };
}

const depositsOf = (userId: string) =>
  t.ctx.db.select().from(chainDeposits).where(eq(chainDeposits.userId, userId));

async function credits(userId: string): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'CHAIN_DEPOSIT')));
  return rows.length;
}

async function availableUsdt(userId: string): Promise<bigint> {
  const rows = await loadUserBalances(t.ctx.db, userId);
  return rows.find((row) => row.asset === 'USDT' && row.kind === 'AVAILABLE')?.balance ?? 0n;
}

async function expectReconciled() {
  const settings = t.ctx.config.chains[0]!;
  const lines = await reconcileCustody(t.ctx.db, settings, chainNodeFor(settings));
  expect(lines.map((line) => line.asset)).toEqual(['ETH', 'USDT']);
  for (const line of lines) expect(line, line.asset).toMatchObject({ matches: true });
}

/** Runs the watcher until the proxy's faults are used up; a run the node failed is just retried later. */
async function runThroughFaults(run: () => Promise<void>) {
  for (let i = 0; i < 40 && proxy.faults.some((f) => f.left > 0); i++) await run().catch(() => undefined);
  proxy.faults.length = 0;
}

describe('the chain deposit watcher across reorganisations and a node that answers wrong', () => {
  it('a token transfer mined again at another place in its block after a reorg is one deposit, credited once', async () => {
    const run = watcher();
    await run();
    const { user, address } = await depositAddress();
    const customer = await account(100_000_000n);
    const others = [await account(100_000_000n), await account(100_000_000n)];
    const before = (await rpc('evm_snapshot')) as string;
    const raw = await customer.signUsdt(address, 25_000_000n, '1');
    const first = await mined(await sendRaw(raw));
    expect(first.logs[0]!.logIndex).toBe(0);
    await run();
    let rows = await depositsOf(user.id);
    expect(rows).toMatchObject([
      { status: 'PENDING', logIndex: 0, txLogIndex: 0, blockHash: first.blockHash },
    ]);

    // The block is reorganised away; the same height is mined again with two other token transfers
    // first (higher tips), then the very same signed bytes: the Transfer log now sits at block log
    // index 2, in another block.
    await rpc('evm_revert', [before]);
    await rpc('evm_setAutomine', [false]);
    try {
      for (const other of others) await other.sendUsdt(stranger, 1_000_000n, '5');
      await sendRaw(raw);
      await rpc('evm_mine');
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    const again = await client().getTransactionReceipt({ hash: first.transactionHash });
    expect(again.blockNumber).toBe(first.blockNumber);
    expect(again.blockHash).not.toBe(first.blockHash);
    expect(again.logs[0]!.logIndex).toBe(2);

    await run();
    rows = await depositsOf(user.id);
    // Moved, not added: the same row at its new place, its confirmations counted from there.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'PENDING',
      logIndex: 2,
      txLogIndex: 0,
      blockHash: again.blockHash,
    });
    await mine(3);
    await run();
    await run();
    rows = await depositsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'CREDITED', blockHash: again.blockHash });
    expect(await credits(user.id)).toBe(1);
    expect(await availableUsdt(user.id)).toBe(2_500_000_000n);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('a node that fails, then answers nothing, for block and receipt reads never drops a waiting deposit', async () => {
    const run = watcher();
    await run();
    const { user, address } = await depositAddress();
    const customer = await account(100_000_000n);
    await mined(await customer.sendUsdt(address, 10_000_000n, '1'));
    await run();
    expect((await depositsOf(user.id)).map((row) => row.status)).toEqual(['PENDING']);
    // Reads of a block's header (the watcher's check that a deposit's block is still the chain's) and of
    // receipts fail for a while; the full-block reads of the scan still work, so runs get that far.
    const headerOnly = (params: unknown[]) => params[1] === false;
    await mine(3);
    proxy.faults.push(
      { method: 'eth_getBlockByNumber', left: 12, mode: 'error', when: headerOnly },
      { method: 'eth_getTransactionReceipt', left: 12, mode: 'error' },
    );
    await runThroughFaults(run);
    // ...then answer with nothing, as a node that is behind does.
    proxy.faults.push(
      { method: 'eth_getBlockByNumber', left: 12, mode: 'empty', when: headerOnly },
      { method: 'eth_getTransactionReceipt', left: 12, mode: 'empty' },
    );
    await runThroughFaults(run);
    const waiting = await depositsOf(user.id);
    expect(waiting.map((row) => row.status)).not.toContain('DROPPED');
    await run();
    await run();
    const rows = await depositsOf(user.id);
    expect(rows.map((row) => row.status)).toEqual(['CREDITED']);
    expect(await credits(user.id)).toBe(1);
    expect(await availableUsdt(user.id)).toBe(1_000_000_000n);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('a node that answers a log range with nothing still has the deposit recorded and credited once', async () => {
    const run = watcher();
    await run();
    const { user, address } = await depositAddress();
    const customer = await account(100_000_000n);
    await mined(await customer.sendUsdt(address, 7_000_000n, '1'));
    // The next range read answers no logs, as a node behind its peers does; the block's bloom says the
    // token may have logged there, so the watcher asks for that block by its hash.
    proxy.faults.push({
      method: 'eth_getLogs',
      left: 1,
      mode: 'empty',
      when: (params) => (params[0] as { fromBlock?: string }).fromBlock !== undefined,
    });
    await run();
    expect(proxy.faults[0]!.left).toBe(0);
    proxy.faults.length = 0;
    expect((await depositsOf(user.id)).map((row) => row.status)).toEqual(['PENDING']);
    await mine(3);
    await run();
    expect((await depositsOf(user.id)).map((row) => row.status)).toEqual(['CREDITED']);
    expect(await credits(user.id)).toBe(1);
    expect(await availableUsdt(user.id)).toBe(700_000_000n);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('a deposit reorganised away is dropped only once the head is its confirmations past where it was seen', async () => {
    const run = watcher();
    await run();
    const { user, address } = await depositAddress();
    const customer = await account(100_000_000n);
    const before = (await rpc('evm_snapshot')) as string;
    const seen = await mined(await customer.sendUsdt(address, 5_000_000n, '1'));
    await run();
    expect((await depositsOf(user.id)).map((row) => row.status)).toEqual(['PENDING']);
    await rpc('evm_revert', [before]);
    // One block at the deposit's height, another one: the chain shows the deposit absent, but only one
    // block past where it was seen.
    await mine(2);
    await run();
    expect(await client().getBlockNumber()).toBe(seen.blockNumber + 1n);
    expect((await depositsOf(user.id)).map((row) => row.status)).toEqual(['PENDING']);
    await mine(2);
    await run();
    expect((await depositsOf(user.id)).map((row) => row.status)).toEqual(['DROPPED']);
    expect(await credits(user.id)).toBe(0);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });
  it('a dropped deposit seen again in the same block is waiting again and credited once', async () => {
    const run = watcher();
    await run();
    const { user, address } = await depositAddress();
    const customer = await account(100_000_000n);
    const seen = await mined(await customer.sendUsdt(address, 3_000_000n, '1'));
    await run();
    const [row] = await depositsOf(user.id);
    expect(row).toMatchObject({ status: 'PENDING', blockHash: seen.blockHash });
    // A node that showed the block without it for a while had it dropped (as the watcher does); the
    // chain still has it where it was, and the watcher reads that block again.
    await t.ctx.db.update(chainDeposits).set({ status: 'DROPPED' }).where(eq(chainDeposits.id, row!.id));
    const before = await client().getBlock({ blockNumber: seen.blockNumber - 1n });
    await saveCursor(t.ctx.db, {
      chain: t.ctx.config.chains[0]!.key,
      blockNumber: before.number,
      blockHash: before.hash,
    });
    await run();
    expect(await depositsOf(user.id)).toMatchObject([
      { id: row!.id, status: 'PENDING', blockHash: seen.blockHash },
    ]);
    await mine(3);
    await run();
    await run();
    expect((await depositsOf(user.id)).map((r) => r.status)).toEqual(['CREDITED']);
    expect(await credits(user.id)).toBe(1);
    expect(await availableUsdt(user.id)).toBe(300_000_000n);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });
});
