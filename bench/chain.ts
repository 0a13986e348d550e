/**
 * The deposit watcher's benchmark: `npm run bench:chain`.
 *
 * Starts embedded PostgreSQL (migrated, fsync on) and the local development chain in temporary
 * directories, gives 10,000 KYC-verified customers a deposit address each, then mines ONE block holding
 * 200 deposits to 200 of them (100 ETH transfers and 100 USDT transfers) and times the watcher's run
 * that finds them (the block read, the receipts, the token logs, 200 rows recorded), then the run that
 * credits all 200 once they are deep enough (200 ledger entries and history rows). Both must finish
 * within one block time (2 s here). The ledger check runs at the end. Prints the figures; they are
 * copied into docs/performance.md by hand.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createPublicClient, createWalletClient, type Hash, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { watchOnce } from '../apps/server/src/features/chain-deposits/chain-watcher';
import { verifyLedger } from '../apps/server/src/features/ledger/verify-ledger';
import { PRODUCT_HOLD_SOURCES } from '../apps/server/src/hold-sources';
import {
  devChainDefinition,
  startDevChain,
  TEST_USDT_ABI,
} from '../apps/server/src/platform/chain/dev-chain';
import { chainClient } from '../apps/server/src/platform/chain/evm/evm-client';
import { depositAddressAt } from '../apps/server/src/platform/chain/evm/hd-addresses';
import { loadConfig } from '../apps/server/src/platform/config';
import { connect, migrateDatabase } from '../apps/server/src/platform/db';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres';

const ADDRESSES = 10_000;
const DEPOSITS = 200;
const BLOCK_TIME_MS = 2000;

const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-chain-'));
// The embedded PostgreSQL runs as its own user when started by root: it must reach the directory.
chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 4353, database: 'exchange' });
const chain = await startDevChain();
const database = connect(pg.url);
try {
  await migrateDatabase(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    CHAIN_MODE: 'external',
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_USDT_ADDRESS: chain.usdt,
    CHAIN_CONFIRMATIONS: '3',
  });
  const settings = config.chains[0]!;
  const client = chainClient(settings);
  const deps = { db: database.db, logger: pino({ level: 'warn' }), chains: config.chains };

  let started = performance.now();
  await database.db.execute(sql`
    INSERT INTO users (name, email, country_code, mobile_no, password_hash, role, email_verified_at, is_kyc_verified, ref_code)
    SELECT 'Bench ' || i, 'bench-' || i || '@example.com', '1', '5550100', 'x', 'USER', now(), true, 'BENCH' || i
      FROM generate_series(1, ${ADDRESSES}) AS i`);
  const users = await database.db.execute<{ id: string }>(sql`SELECT id FROM users ORDER BY email`);
  const rows = users.rows.map((user, index) => ({
    userId: user.id,
    address: depositAddressAt(config.chainXpub, index),
    index,
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    await database.db.execute(sql`
      INSERT INTO chain_deposit_addresses (user_id, chain, address_index, address)
      SELECT * FROM unnest(
        ${sql.param(part.map((r) => r.userId))}::uuid[],
        ${sql.param(part.map(() => settings.key))}::text[],
        ${sql.param(part.map((r) => r.index))}::int[],
        ${sql.param(part.map((r) => r.address))}::text[])`);
  }
  process.stdout.write(
    `${ADDRESSES} customers with addresses in ${Math.round(performance.now() - started)} ms\n`,
  );
  await watchOnce(deps, settings, client); // the cursor starts at the head

  // One block with 200 deposits: automine off, the transfers queued, then one block mined.
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  const sender = privateKeyToAccount(generatePrivateKey());
  const chainDef = devChainDefinition(chain.rpcUrl);
  const wallet = createWalletClient({ account: sender, chain: chainDef, transport: http(chain.rpcUrl) });
  const reader = createPublicClient({ chain: chainDef, transport: http(chain.rpcUrl) });
  await rpc('hardhat_setBalance', [sender.address, `0x${parseEther('1000000').toString(16)}`]);
  const minted = await wallet.writeContract({
    address: chain.usdt,
    abi: TEST_USDT_ABI,
    functionName: 'mint',
    args: [sender.address, 10n ** 12n],
  });
  await reader.waitForTransactionReceipt({ hash: minted, pollingInterval: 50 });
  await rpc('evm_setAutomine', [false]);
  let nonce = await reader.getTransactionCount({ address: sender.address, blockTag: 'pending' });
  const hashes: Hash[] = [];
  for (let i = 0; i < DEPOSITS; i++) {
    const to = rows[i * 37]!.address;
    hashes.push(
      i % 2 === 0
        ? await wallet.sendTransaction({ to, value: parseEther('0.1'), nonce: nonce++, gas: 21_000n })
        : await wallet.writeContract({
            address: chain.usdt,
            abi: TEST_USDT_ABI,
            functionName: 'transfer',
            args: [to, 5_000_000n],
            nonce: nonce++,
            gas: 80_000n,
          }),
    );
  }
  await rpc('evm_mine');
  await rpc('evm_setAutomine', [true]);
  const block = await reader.getBlock();
  process.stdout.write(`one block (#${block.number}) holding ${block.transactions.length} deposits\n`);

  started = performance.now();
  await watchOnce(deps, settings, client);
  const seenMs = performance.now() - started;
  const seen = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM chain_deposits`);
  await rpc('hardhat_mine', ['0x2']);
  started = performance.now();
  await watchOnce(deps, settings, client);
  const creditMs = performance.now() - started;
  const credited = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM chain_deposits WHERE status = 'CREDITED'`,
  );
  const check = await verifyLedger(database.db, { holdSources: PRODUCT_HOLD_SOURCES });
  process.stdout.write(
    [
      `watcher, block with ${DEPOSITS} deposits among ${ADDRESSES} addresses:`,
      `  found and recorded: ${seen.rows[0]!.n} deposits in ${Math.round(seenMs)} ms`,
      `  credited:           ${credited.rows[0]!.n} deposits in ${Math.round(creditMs)} ms`,
      `  within one block time (${BLOCK_TIME_MS} ms): ${seenMs < BLOCK_TIME_MS && creditMs < BLOCK_TIME_MS ? 'yes' : 'NO'}`,
      `  ledger consistent: ${check.consistent}`,
      '',
    ].join('\n'),
  );
  if (!check.consistent || credited.rows[0]!.n !== DEPOSITS) process.exitCode = 1;
} finally {
  await database.close();
  await chain.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
