import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { chainTransactions } from '../../db/schema';
import type { ChainTxOutcome } from '../../platform/chain/chain-sender-types';
import { devChainDefinition } from '../../platform/chain/dev-chain';
import { systemClock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import { createLogger } from '../../platform/logger';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestDatabase, testConfig } from '../../test/test-app';
import { chainTestEnv, freshChainAccount, fundChainAddress } from '../../test/test-chain';
import { createChainSender } from './chain-sender';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

let database: (Database & { url: string }) | undefined;
afterAll(() => database?.close());

/** Runs sender-crash-child.ts on the test's database and chain; resolves with how it ended. */
function crashingSender(
  env: Record<string, string>,
): Promise<{ code: number | null; signal: string | null }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/features/chain-sender/sender-crash-child.ts'],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
}

describe('the chain sender killed between storing and broadcasting', () => {
  it('sends exactly one transaction after the restart, from the stored bytes', async () => {
    database = await createTestDatabase();
    const env = { ...chainTestEnv(), DATABASE_URL: database.url };
    const config = testConfig(env);
    const signer = config.chainSigner!;
    const hot = signer.address({ kind: 'hot' });
    await fundChainAddress(hot, { eth: '10', usdt: 0n });
    const client = createPublicClient({
      chain: devChainDefinition(inject('chainRpcUrl')),
      transport: http(inject('chainRpcUrl')),
    });
    const sender = createChainSender({
      db: database.db,
      logger: createLogger('warn'),
      clock: systemClock,
      chains: config.chains,
      signer,
      settings: config.chainSenderSettings,
      pollMs: 1000,
    });
    const outcomes: ChainTxOutcome[] = [];
    sender.handle('WITHDRAWAL', {
      onConfirmed: async (_tx, outcome) => void outcomes.push(outcome),
      onFailed: async (_tx, outcome) => void outcomes.push(outcome),
    });
    const to: Address = privateKeyToAccount(generatePrivateKey()).address;
    const { id } = await database.db.transaction((tx) =>
      sender.enqueue(tx, {
        chain: 'ethereum',
        purpose: 'WITHDRAWAL',
        reference: randomUUID(),
        from: { kind: 'hot' },
        to,
        value: parseEther('0.3'),
      }),
    );
    const rowOf = async () =>
      (await database!.db.select().from(chainTransactions).where(eq(chainTransactions.id, id)))[0]!;

    expect(await crashingSender(env)).toEqual({ code: null, signal: 'SIGKILL' });
    const stored = await rowOf();
    expect(stored).toMatchObject({ status: 'SIGNED', nonce: 0, attempts: 1 });
    expect(stored.raw).toMatch(/^0x02/);
    // Killed before the broadcast: the chain has seen nothing.
    expect(await client.getTransactionCount({ address: hot, blockTag: 'pending' })).toBe(0);
    expect(await client.getBalance({ address: to })).toBe(0n);

    const miner = await freshChainAccount({ eth: '1', usdt: 0n });
    for (let i = 0; i < 6 && (await rowOf()).status !== 'CONFIRMED'; i++) {
      await sender.jobs[0]!.run(new Date());
      await miner.mine(1);
    }
    expect(await rowOf()).toMatchObject({
      status: 'CONFIRMED',
      nonce: 0,
      txHash: stored.txHash,
      raw: stored.raw,
      attempts: 1,
    });
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.3'));
    expect(await client.getTransactionCount({ address: hot })).toBe(1);
    expect(outcomes).toEqual([expect.objectContaining({ id, status: 'CONFIRMED', txHash: stored.txHash })]);
    await expectLedgerConsistent(database.db);
    // The killed sender is a child process started through tsx: on a busy 2-core machine its start
    // alone can take most of the default 30 s, so this test's budget is the crash test's, not a unit's.
  }, 120_000);
});
