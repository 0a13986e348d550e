import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { Address, OutScript, Transaction } from '@scure/btc-signer';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utxoBatches, utxoBatchWithdrawals, withdrawals } from '../db/schema';
import { bumpUtxoBatch } from '../features/withdrawals/utxo-sends/bump-utxo-batch';
import { prepareUtxoBatch } from '../features/withdrawals/utxo-sends/prepare-utxo-batch';
import {
  createUtxoSends,
  type UtxoSendsRuntime,
} from '../features/withdrawals/utxo-sends/utxo-sends-runtime';
import {
  customerWithLtc,
  expectReconciled,
  heldAt,
  litecoinChains,
  ltcChain,
  withdrawLtc,
} from '../features/withdrawals/utxo-sends/utxo-sends-test-helpers';
import { feeRateOf, spendablesOf } from '../features/withdrawals/utxo-sends/utxo-wallet';
import { segwitNetwork } from '../platform/chain/bitcoin/bitcoin-psbt';
import { type RegtestNode, startRegtestNode } from '../platform/chain/bitcoin/regtest-node';
import type { ChainSigner } from '../platform/chain/chain-sender-types';
import { depositAddressAt } from '../platform/chain/evm/hd-addresses';
import { localChainSigner } from '../platform/chain/local-chain-signer';
import { callSigner, fetchSignerIdentity, remoteChainSigner } from '../platform/chain/remote-chain-signer';
import { ManualClock } from '../platform/clock';
import { randomSecret } from '../platform/secrets';
import { expectLedgerConsistent } from '../test/expect-ledger';
import { createTestApp, type TestApp, testConfig } from '../test/test-app';
import { chainTestEnv } from '../test/test-chain';

// Litecoin withdrawal batches signed by the signer PROCESS (issue 47), as `npm start` and production
// sign them: the signer runs as its own child process on this file's database, a real Litecoin Core
// regtest node carries the coins, and the app's UTXO sender reaches the signer over HTTP only.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const clock = new ManualClock(new Date());
const words = generateMnemonic(wordlist, 256);
const secret = randomSecret();
let node: RegtestNode;
let t: TestApp;
let sends: UtxoSendsRuntime;
let child: ChildProcess | undefined;
let remote: ChainSigner | undefined;
let endpoint: { url: string; secret: string };

/** The app's port: addresses from the seed's public side, every signature from the child. */
const keysForAddresses = localChainSigner(words);
const throughSigner: ChainSigner = {
  address: (key) => keysForAddresses.address(key),
  sign: (request) => remote!.sign(request),
  signBitcoinBatch: (request) => remote!.signBitcoinBatch!(request),
};

function startSigner(env: Record<string, string | undefined>, databaseUrl: string): Promise<string> {
  const signerEnv = {
    ...process.env,
    ...env,
    CHAIN_MNEMONIC: undefined,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SIGNER_MNEMONIC: words,
    SIGNER_SECRET: secret,
    SIGNER_PORT: '0',
  };
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/signer/main.ts'], {
    cwd: repoRoot,
    env: signerEnv as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const found = /signer listening on (\S+)/.exec(seen);
      if (found) resolve(found[1]!);
    });
    child!.on('exit', (code) => reject(new Error(`the signer exited with ${code}`)));
  });
}

beforeAll(async () => {
  node = await startRegtestNode();
  const env = chainTestEnv({
    CHAIN_MNEMONIC: words,
    BITCOIN_CHAINS: litecoinChains(node),
    WITHDRAWAL_DAILY_LIMIT_USD: '0',
    // The app's own sender job waits 10 minutes (as in startUtxoTestApp): its tick beside this file's
    // hand-run ones could sign or broadcast a batch between two of the test's steps.
    CHAIN_POLL_MS: '600000',
  });
  t = await createTestApp({
    env,
    clock,
    deps: { config: { ...testConfig(env), chainSigner: throughSigner } },
  });
  const url = await startSigner(env, (t.database as unknown as { url: string }).url);
  endpoint = { url, secret };
  const identity = await fetchSignerIdentity(endpoint);
  remote = remoteChainSigner(endpoint, identity, (index) => depositAddressAt(identity.xpub, index));
  sends = createUtxoSends(t.ctx);
}, 180_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await t?.close();
  await node?.stop();
});

const outsideAddress = () => node.outside.call<string>('getnewaddress', ['', 'bech32']);
const statusOf = async (id: string) =>
  (await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

/** A customer's withdrawal of `amount` LTC, approved by hand (the review is proved elsewhere). */
async function approvedWithdrawal(amount: string) {
  const customer = await customerWithLtc(t, node, '1');
  const to = await outsideAddress();
  const { id } = await withdrawLtc(t, clock, customer, { amount, address: to });
  await t.ctx.db.update(withdrawals).set({ status: 'APPROVED' }).where(eq(withdrawals.id, id));
  return { id, to, customer };
}

/** Ticks the sender, mining a block after each, until the withdrawal is COMPLETED. */
async function tickUntilCompleted(id: string) {
  for (let i = 0; i < 8; i++) {
    await sends.runOnce('litecoin');
    if ((await statusOf(id)).status === 'COMPLETED') return statusOf(id);
    await node.mine(1);
  }
  throw new Error('the withdrawal did not complete');
}

describe('the signer process signs Litecoin withdrawal batches', () => {
  it('pays amount less fee to the litoshi through the signer process, and the ledger and custody agree', async () => {
    const { id, to } = await approvedWithdrawal('0.4');
    const row = await tickUntilCompleted(id);
    // 0.4 LTC less the 0.0005 fee (WITHDRAWAL_LTC_FEE's default), read from the node.
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 39_950_000n, outputs: 1 });
    expect(row.txHash).toMatch(/^[0-9a-f]{64}$/);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('refuses a batch that is not the one stored, a payment that is not its withdrawal, and what its own check refuses', async () => {
    const { id } = await approvedWithdrawal('0.3');
    const chain = ltcChain(t);
    const spendable = await spendablesOf(t.ctx.db, node.rpc, chain);
    const batchId = await prepareUtxoBatch(
      sends.deps,
      chain,
      spendable,
      await feeRateOf(node.rpc),
      new Set(),
    );
    const [batch] = await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.id, batchId!));
    const withdrawal = await statusOf(id);
    const payment = { address: withdrawal.destination, sats: '29950000' };
    const body = {
      chain: 'litecoin',
      batch_id: batch!.id,
      network_prefix: 'rltc',
      coin_type: 1,
      psbt: batch!.psbt,
      input_paths: batch!.inputPaths,
      payments: [payment],
    };
    const ask = async (over: Record<string, unknown>, key = endpoint) =>
      (await callSigner(key, 'POST', '/sign-bitcoin-batch', { ...body, ...over })).json;
    const elsewhere = await outsideAddress();
    expect(await ask({ batch_id: randomUUID() })).toEqual({ code: 'unknown_batch' });
    expect(await ask({ payments: [{ ...payment, sats: '29950001' }] })).toEqual({ code: 'record_differs' });
    expect(await ask({ payments: [{ ...payment, address: elsewhere }] })).toEqual({ code: 'record_differs' });
    expect(await ask({ input_paths: ['0/77'] })).toEqual({ code: 'batch_differs' });
    expect(await ask({ psbt: 'AAAA' })).toEqual({ code: 'batch_differs' });
    expect(await ask({ payments: 'all' })).toEqual({ code: 'bad_request' });
    const wrong = await callSigner(
      { ...endpoint, secret: randomSecret() },
      'POST',
      '/sign-bitcoin-batch',
      body,
    );
    expect(wrong).toMatchObject({ status: 401, json: { code: 'unauthenticated' } });

    // As if a compromised web process rewrote the stored batch: the signer's own check
    // (bitcoin-signer.ts) refuses change to someone else, an input not at its path, a changed payment.
    const tampered = Transaction.fromPSBT(Buffer.from(batch!.psbt, 'base64'));
    const net = segwitNetwork('rltc');
    tampered.updateOutput(1, { script: OutScript.encode(Address(net).decode(elsewhere)) });
    const stolen = Buffer.from(tampered.toPSBT()).toString('base64');
    const rewrite = (set: Partial<typeof utxoBatches.$inferInsert>) =>
      t.ctx.db.update(utxoBatches).set(set).where(eq(utxoBatches.id, batch!.id));
    await rewrite({ psbt: stolen });
    expect(await ask({ psbt: stolen })).toEqual({ code: 'batch_refused' });
    await rewrite({ psbt: batch!.psbt, inputPaths: ['0/77'] });
    expect(await ask({ input_paths: ['0/77'] })).toEqual({ code: 'batch_refused' });
    await rewrite({ inputPaths: batch!.inputPaths });
    await t.ctx.db.update(withdrawals).set({ destination: elsewhere }).where(eq(withdrawals.id, id));
    expect(await ask({ payments: [{ ...payment, address: elsewhere }] })).toEqual({ code: 'batch_refused' });
    await t.ctx.db
      .update(withdrawals)
      .set({ destination: withdrawal.destination })
      .where(eq(withdrawals.id, id));
    // A withdrawal the batch pays must be SENT by it (an admin's approval behind it).
    await t.ctx.db.update(withdrawals).set({ status: 'PENDING_APPROVAL' }).where(eq(withdrawals.id, id));
    expect(await ask({})).toEqual({ code: 'record_not_approved' });
    await t.ctx.db.update(withdrawals).set({ status: 'SENT' }).where(eq(withdrawals.id, id));

    // The batch as stored is signed, and the sender finishes it: nothing was paid twice.
    const row = await tickUntilCompleted(id);
    expect(await heldAt(node.rpc, withdrawal.destination)).toEqual({ sats: 29_950_000n, outputs: 1 });
    expect(row.status).toBe('COMPLETED');
    expect(await ask({})).toEqual({ code: 'batch_not_signing' });
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it("signs a fee bump's replacement in the signer process as it signs a first batch", async () => {
    const { id, to } = await approvedWithdrawal('0.2');
    await sends.runOnce('litecoin');
    const [link] = await t.ctx.db
      .select()
      .from(utxoBatchWithdrawals)
      .where(eq(utxoBatchWithdrawals.withdrawalId, id));
    const [first] = await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.id, link!.batchId));
    expect(first).toMatchObject({ status: 'BROADCAST' });
    // Not mined: the replacement goes to the child with the new PSBT, checked against the same payments.
    const bumped = await bumpUtxoBatch(sends.deps, ltcChain(t), sends.rpcOf('litecoin'), first!.id);
    expect(bumped.ok).toBe(true);
    const [after] = await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.id, first!.id));
    expect(after).toMatchObject({ status: 'BROADCAST', replacedTxids: [first!.txid], feeBumpRefusal: null });
    const row = await tickUntilCompleted(id);
    expect(row.txHash).toBe(after!.txid);
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 19_950_000n, outputs: 1 });
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });
});
