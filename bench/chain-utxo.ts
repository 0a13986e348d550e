/**
 * The Bitcoin-family deposit watcher's benchmark (issue 47), run by `npm run bench:chain` after the EVM
 * one. Starts embedded PostgreSQL (migrated, fsync on) and a regtest Litecoin Core node in temporary
 * directories, gives 10,000 KYC-verified customers a deposit address each, then mines ONE block whose
 * transaction pays 2,000 of them (one output each: 2,000 outputs) and times the watcher's run that finds
 * them (getblock at verbosity 2, every output matched against the 10,000 addresses, 2,000 rows recorded),
 * then the run that credits all 2,000 once deep enough. The ledger check runs at the end. Prints the
 * figures. Then 100 of those customers' withdrawals leave in ONE batch (issue 47): the sender tick that
 * selects the outputs, builds the PSBT of 100 payments and change, signs, stores and broadcasts it, timed.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { watchBitcoinOnce } from '../apps/server/src/features/chain-deposits/bitcoin-watcher';
import { verifyLedger } from '../apps/server/src/features/ledger/verify-ledger';
import { placeWithdrawal } from '../apps/server/src/features/withdrawals/requests/request-withdrawal';
import { runUtxoSends } from '../apps/server/src/features/withdrawals/utxo-sends/run-utxo-sends';
import type { UtxoDeps } from '../apps/server/src/features/withdrawals/utxo-sends/utxo-deps';
import { PRODUCT_HOLD_SOURCES } from '../apps/server/src/hold-sources';
import { segwitAddressAt } from '../apps/server/src/platform/chain/bitcoin/bitcoin-addresses';
import { startRegtestNode } from '../apps/server/src/platform/chain/bitcoin/regtest-node';
import { systemClock } from '../apps/server/src/platform/clock';
import { loadConfig } from '../apps/server/src/platform/config';
import { connect, migrateDatabase } from '../apps/server/src/platform/db';
import { startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres';

const ADDRESSES = 10_000;
const OUTPUTS = 2_000;
const BATCH = 100;

const dir = mkdtempSync(path.join(os.tmpdir(), 'exchange-bench-utxo-'));
// The embedded PostgreSQL runs as its own user when started by root: it must reach the directory.
chmodSync(dir, 0o755);
const pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: 4354, database: 'exchange' });
const node = await startRegtestNode({ timeoutMs: 60_000 });
const database = connect(pg.url);
try {
  await migrateDatabase(database.db);
  const config = loadConfig({
    NODE_ENV: 'test',
    CHAIN_MODE: 'off',
    CHAIN_MNEMONIC:
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
    BITCOIN_CHAINS: JSON.stringify([
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
    ]),
  });
  const settings = config.bitcoinChains[0]!;
  const deps = { db: database.db, logger: pino({ level: 'warn' }), chains: config.bitcoinChains };

  let started = performance.now();
  await database.db.execute(sql`
    INSERT INTO users (name, email, country_code, mobile_no, password_hash, role, email_verified_at, is_kyc_verified, ref_code)
    SELECT 'Bench ' || i, 'bench-' || i || '@example.com', '1', '5550100', 'x', 'USER', now(), true, 'BENCH' || i
      FROM generate_series(1, ${ADDRESSES}) AS i`);
  const users = await database.db.execute<{ id: string }>(sql`SELECT id FROM users ORDER BY email`);
  const rows = users.rows.map((user, index) => ({
    userId: user.id,
    address: segwitAddressAt(settings.bitcoin!.xpub, index, 'rltc'),
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
    `${ADDRESSES} customers with LTC addresses in ${Math.round(performance.now() - started)} ms\n`,
  );
  await watchBitcoinOnce(deps, settings, node.rpc); // the cursor starts at the head

  // One transaction paying 2,000 of the addresses 0.01 LTC each, mined alone in one block.
  const payees = Object.fromEntries(
    rows
      .filter((_, i) => i % 5 === 0)
      .slice(0, OUTPUTS)
      .map((r) => [r.address, '0.01']),
  );
  await node.outside.call('sendmany', ['', payees]);
  const [hash] = await node.mine(1);
  const block = await node.rpc.call<{ height: number; tx: unknown[] }>('getblock', [hash, 1]);
  process.stdout.write(`one block (#${block.height}) paying ${OUTPUTS} deposit addresses\n`);

  started = performance.now();
  await watchBitcoinOnce(deps, settings, node.rpc);
  const seenMs = performance.now() - started;
  const seen = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM chain_deposits`);
  await node.mine(2);
  started = performance.now();
  await watchBitcoinOnce(deps, settings, node.rpc);
  const creditMs = performance.now() - started;
  const credited = await database.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM chain_deposits WHERE status = 'CREDITED'`,
  );

  // A batched withdrawal (issue 47): 100 of the credited customers each withdraw 0.005 LTC to their own
  // outside address, approved; ONE sender tick selects the deposit outputs, builds the PSBT of 100
  // payments and the change, has the in-process signer check and sign it, stores it and broadcasts it.
  const payers = await database.db.execute<{ user_id: string }>(
    sql`SELECT user_id FROM chain_deposits WHERE status = 'CREDITED' ORDER BY user_id LIMIT ${BATCH}`,
  );
  for (const { user_id } of payers.rows)
    await placeWithdrawal(
      { db: database.db, config },
      {
        userId: user_id,
        asset: 'LTC',
        amount: 500_000n,
        fee: 50_000n,
        valueCents: 40n,
        destination: await node.outside.call<string>('getnewaddress', ['', 'bech32']),
        flags: [],
        code: '123456',
        now: new Date(),
        method: 'chain',
        chain: settings.key,
      },
    );
  await database.db.execute(sql`UPDATE withdrawals SET status = 'APPROVED'`);
  // Their two-factor was turned on long ago (the sender holds a withdrawal of an account without it).
  await database.db.execute(sql`
    UPDATE users SET totp_secret = 'bench', totp_enabled_at = now() - interval '10 days'
     WHERE id IN (SELECT user_id FROM withdrawals)`);
  const sendDeps = {
    db: database.db,
    clock: systemClock,
    logger: deps.logger,
    mailer: { send: async () => undefined },
    signer: config.chainSigner,
  } as unknown as UtxoDeps;
  started = performance.now();
  await runUtxoSends(sendDeps, settings, node.rpc);
  const batchMs = performance.now() - started;
  const [batch] = (
    await database.db.execute<{ txid: string; inputs: number }>(
      sql`SELECT txid, cardinality(input_paths) AS inputs FROM utxo_batches`,
    )
  ).rows;
  const sent = await node.rpc.call<{ vout: unknown[] }>('getrawtransaction', [batch!.txid, true]);
  const check = await verifyLedger(database.db, { holdSources: PRODUCT_HOLD_SOURCES });
  process.stdout.write(
    [
      `UTXO watcher, a block of ${OUTPUTS} outputs among ${ADDRESSES} watched addresses:`,
      `  found and recorded: ${seen.rows[0]!.n} deposits in ${Math.round(seenMs)} ms`,
      `  credited:           ${credited.rows[0]!.n} deposits in ${Math.round(creditMs)} ms`,
      `UTXO withdrawal batch of ${BATCH} payments (${batch!.inputs} inputs, ${sent.vout.length} outputs):`,
      `  selected, built, signed, stored and broadcast in ${Math.round(batchMs)} ms`,
      `  ledger consistent: ${check.consistent}`,
      '',
    ].join('\n'),
  );
  if (!check.consistent || credited.rows[0]!.n !== OUTPUTS || sent.vout.length !== BATCH + 1)
    process.exitCode = 1;
} finally {
  await database.close();
  await node.stop();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
