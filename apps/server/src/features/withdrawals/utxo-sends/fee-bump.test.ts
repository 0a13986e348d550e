import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, chainDeposits, utxoBatches, withdrawals } from '../../../db/schema';
import { toSats } from '../../../platform/chain/bitcoin/bitcoin-rpc';
import type { RegtestNode } from '../../../platform/chain/bitcoin/regtest-node';
import { ManualClock } from '../../../platform/clock';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import type { TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/test-users';
import { bumpUtxoBatch, storeFeeBump } from './bump-utxo-batch';
import { runUtxoSends } from './run-utxo-sends';
import { signUtxoBatch } from './send-utxo-batch';
import { depthOf } from './utxo-depth';
import type { UtxoSendsRuntime } from './utxo-sends-runtime';
import {
  customerWithLtc,
  expectReconciled,
  heldAt,
  ltcChain,
  startUtxoTestApp,
  stopUtxoTestApp,
  watchOnce,
  withdrawLtc,
} from './utxo-sends-test-helpers';

// Replace-by-fee for a stuck Litecoin batch (issue 47), against this file's own Litecoin Core in regtest
// mode (started with -mempoolreplacement=1, which Litecoin Core 0.21 needs to take any replacement).
// A batch is "stuck" by broadcasting it and not mining; the bump is then mined. Each test ends with the
// custody reconciliation and the ledger check.
const clock = new ManualClock(new Date());
let node: RegtestNode;
let t: TestApp;
let sends: UtxoSendsRuntime;

beforeAll(async () => {
  ({ node, t, sends } = await startUtxoTestApp(clock, { UTXO_FEE_BUMP_AFTER_MINUTES: '30' }));
}, 120_000);
afterAll(() => stopUtxoTestApp({ node, t }));

const outsideAddress = () => node.outside.call<string>('getnewaddress', ['', 'bech32']);
const tick = () => sends.runOnce('litecoin');
const rpc = () => sends.rpcOf('litecoin');
const statusOf = async (id: string) =>
  (await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const batchOf = async (id: string) =>
  (await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.id, id)))[0]!;
const inMempool = async (txid: string) => (await node.rpc.call<string[]>('getrawmempool')).includes(txid);

/** What the ledger booked as the batch's network fee (NETWORK_FEES → CHAIN_CUSTODY). */
async function bookedFee(batchId: string): Promise<bigint> {
  const rows = await t.ctx.db.execute<{ fee: string | null }>(
    sql`SELECT sum(p.amount)::text AS fee FROM postings p JOIN journal_entries e ON e.id = p.entry_id
        WHERE e.reference = ${`utxo-fee:${batchId}`} AND p.amount > 0`,
  );
  return BigInt(rows.rows[0]?.fee ?? '0');
}

/** What a transaction paid the network, read from the node: its inputs' values less its outputs'. */
async function paidFee(txid: string): Promise<bigint> {
  const tx = await node.rpc.call<{ vin: { txid: string; vout: number }[]; vout: { value: number }[] }>(
    'getrawtransaction',
    [txid, true],
  );
  let inputs = 0n;
  for (const input of tx.vin) {
    const spent = await node.rpc.call<{ vout: { value: number }[] }>('getrawtransaction', [input.txid, true]);
    inputs += toSats(spent.vout[input.vout]!.value);
  }
  return inputs - tx.vout.reduce((sum, out) => sum + toSats(out.value), 0n);
}

/** How often the log warned that the node refused this batch. */
function refusalWarnings(batchId: string): number {
  return t.logLines
    .map((line) => JSON.parse(line) as { level: number; batch?: string; msg?: string })
    .filter(
      (line) => line.level === 40 && line.batch === batchId && line.msg === 'utxo batch: the node refused it',
    ).length;
}

/** A customer's approved withdrawal, broadcast in a batch of its own and left out of any block. */
async function stuckBatch(amount: string) {
  const customer = await customerWithLtc(t, node, '1');
  const to = await outsideAddress();
  const asked = await withdrawLtc(t, clock, customer, { amount, address: to });
  await t.ctx.db
    .update(withdrawals)
    .set({ status: 'APPROVED' })
    .where(and(eq(withdrawals.id, asked.id), eq(withdrawals.status, 'PENDING_APPROVAL')));
  await tick();
  const open = await t.ctx.db.select().from(utxoBatches).where(ne(utxoBatches.status, 'CONFIRMED'));
  expect({ withdrawal: (await statusOf(asked.id)).status, open: open.map((b) => b.status) }).toEqual({
    withdrawal: 'SENT',
    open: ['BROADCAST'],
  });
  const [batch] = open;
  expect(batch!.txid && (await inMempool(batch!.txid))).toBe(true);
  return { customer, to, withdrawalId: asked.id, batch: batch! };
}

/** Mines a block after each run of the sender (with these deps) until the withdrawal is COMPLETED. */
async function runUntilCompleted(id: string, deps = sends.deps) {
  for (let i = 0; i < 8 && (await statusOf(id)).status !== 'COMPLETED'; i++) {
    await node.mine(1);
    await runUtxoSends(deps, ltcChain(t), rpc());
  }
  return statusOf(id);
}

/** A signer that fails the test if it is asked (a restarted process must not sign again). */
function refusingSigner() {
  const seen = { asks: 0 };
  const deps = {
    ...sends.deps,
    signer: {
      signBitcoinBatch: async () => {
        seen.asks++;
        throw new Error('signed again');
      },
    },
  };
  return { deps, seen };
}

/** Neither version's change to the internal address was taken for a customer's deposit. */
async function expectNoDepositFrom(txids: string[]) {
  await watchOnce(t, node);
  const seen = await t.ctx.db.select().from(chainDeposits).where(inArray(chainDeposits.txHash, txids));
  expect(seen).toEqual([]);
}

async function endChecks(txids: string[]) {
  await expectNoDepositFrom(txids);
  await expectReconciled(t);
  await expectLedgerConsistent(t.ctx.db);
}

describe('replace-by-fee of a stuck Litecoin batch', () => {
  it('replaces a batch still out of a block after the configured time, and books the fee that was paid', async () => {
    const { to, withdrawalId, batch } = await stuckBatch('0.3');
    await tick();
    expect((await batchOf(batch.id)).replacedTxids).toEqual([]);
    clock.advance(31 * 60_000);
    await tick();
    const bumped = await batchOf(batch.id);
    expect(bumped).toMatchObject({
      status: 'BROADCAST',
      replacedTxids: [batch.txid],
      replacedFees: [batch.feeSats],
      replacedFeeRates: [batch.feeRate],
    });
    expect(BigInt(bumped.feeSats)).toBeGreaterThan(BigInt(batch.feeSats));
    expect(await inMempool(bumped.txid!)).toBe(true);
    expect(await inMempool(batch.txid!)).toBe(false);
    const done = await runUntilCompleted(withdrawalId);
    expect(done).toMatchObject({ status: 'COMPLETED', txHash: bumped.txid });
    // The customer's output is exactly what it was: 0.3 less the 0.0005 fee.
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 29_950_000n, outputs: 1 });
    expect(await paidFee(bumped.txid!)).toBe(BigInt(bumped.feeSats));
    expect(await bookedFee(batch.id)).toBe(BigInt(bumped.feeSats));
    await endChecks([batch.txid!, bumped.txid!]);
  });

  it('makes one replacement when two bumps run at once', async () => {
    const { withdrawalId, batch } = await stuckBatch('0.2');
    const both = await Promise.all([
      bumpUtxoBatch(sends.deps, ltcChain(t), rpc(), batch.id),
      bumpUtxoBatch(sends.deps, ltcChain(t), rpc(), batch.id),
    ]);
    expect(both.filter((one) => one.ok)).toHaveLength(1);
    expect(both.find((one) => !one.ok)).toMatchObject({ ok: false, code: 'not_broadcast' });
    const bumped = await batchOf(batch.id);
    expect(bumped.replacedTxids).toEqual([batch.txid]);
    expect(await runUntilCompleted(withdrawalId)).toMatchObject({ txHash: bumped.txid });
    expect(await bookedFee(batch.id)).toBe(BigInt(bumped.feeSats));
    await endChecks([batch.txid!, bumped.txid!]);
  });

  it('broadcasts the stored replacement after a crash between signing and broadcasting, never signing a third', async () => {
    const { withdrawalId, batch } = await stuckBatch('0.2');
    const stored = await storeFeeBump(sends.deps, ltcChain(t), rpc(), batch.id);
    expect(stored.ok).toBe(true);
    await signUtxoBatch(sends.deps, ltcChain(t), await batchOf(batch.id));
    const signed = await batchOf(batch.id);
    expect(signed).toMatchObject({ status: 'SIGNED' });
    // The process "dies" here; the next leader's signer would fail the test if asked.
    const restarted = refusingSigner();
    await runUtxoSends(restarted.deps, ltcChain(t), rpc());
    expect(await inMempool(signed.txid!)).toBe(true);
    const done = await runUntilCompleted(withdrawalId, restarted.deps);
    expect(restarted.seen.asks).toBe(0);
    expect(done).toMatchObject({ status: 'COMPLETED', txHash: signed.txid });
    expect(await bookedFee(batch.id)).toBe(await paidFee(signed.txid!));
    await endChecks([batch.txid!, signed.txid!]);
  });

  it('completes with the original when it is mined after a replacement was stored but not broadcast', async () => {
    const { to, withdrawalId, batch } = await stuckBatch('0.4');
    expect((await storeFeeBump(sends.deps, ltcChain(t), rpc(), batch.id)).ok).toBe(true);
    await signUtxoBatch(sends.deps, ltcChain(t), await batchOf(batch.id));
    const replacement = await batchOf(batch.id);
    expect(replacement.feeRate).toBeGreaterThan(batch.feeRate);
    // The original is still in the mempool and is mined before the replacement goes out.
    await node.mine(1);
    const restarted = refusingSigner();
    const done = await runUntilCompleted(withdrawalId, restarted.deps);
    expect(done).toMatchObject({ status: 'COMPLETED', txHash: batch.txid });
    expect(await depthOf(node.rpc, replacement.txid!)).toBeNull();
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 39_950_000n, outputs: 1 });
    // The row says what the mined original paid, its rate too; the replacement's are among the replaced.
    expect(await batchOf(batch.id)).toMatchObject({
      status: 'CONFIRMED',
      txid: batch.txid,
      feeSats: batch.feeSats,
      feeRate: batch.feeRate,
      replacedTxids: [replacement.txid],
      replacedFees: [replacement.feeSats],
      replacedFeeRates: [replacement.feeRate],
    });
    expect(await bookedFee(batch.id)).toBe(BigInt(batch.feeSats));
    expect(await paidFee(batch.txid!)).toBe(BigInt(batch.feeSats));
    const paidTwice = await t.ctx.db
      .select()
      .from(withdrawals)
      .where(or(eq(withdrawals.txHash, replacement.txid!), eq(withdrawals.providerRef, replacement.txid!)));
    expect(paidTwice).toEqual([]);
    await endChecks([batch.txid!, replacement.txid!]);
  });

  it('keeps the batch consistent when the node refuses the replacement for too low a fee', async () => {
    const { to, withdrawalId, batch } = await stuckBatch('0.3');
    // The recipient spends its unconfirmed output with a large fee (a child): a replacement must now
    // pay more than the original and the child together (BIP-125 rule 3), which a small bump does not.
    const vout = (
      await node.rpc.call<{
        vout: { n: number; scriptPubKey: { addresses?: string[]; address?: string } }[];
      }>('getrawtransaction', [batch.txid, true])
    ).vout.find((out) => (out.scriptPubKey.address ?? out.scriptPubKey.addresses?.[0]) === to)!.n;
    const child = await node.outside.call<string>('createrawtransaction', [
      [{ txid: batch.txid, vout }],
      [{ [await outsideAddress()]: '0.2895' }],
    ]);
    const signedChild = await node.outside.call<{ hex: string }>('signrawtransactionwithwallet', [child]);
    await node.rpc.call('sendrawtransaction', [signedChild.hex]);
    const bumped = await bumpUtxoBatch(sends.deps, ltcChain(t), rpc(), batch.id);
    expect(bumped.ok).toBe(true);
    const refused = await batchOf(batch.id);
    expect(refused.feeBumpRefusal).toMatch(/^node_refused: .*insufficient fee/);
    expect(refused).toMatchObject({ status: 'BROADCAST', replacedTxids: [batch.txid] });
    expect(await inMempool(batch.txid!)).toBe(true);
    expect(await inMempool(refused.txid!)).toBe(false);
    // Each tick sends the replacement again and the node refuses it in the same words: one warning and
    // one write (the bump's own broadcast), not one a tick.
    for (let i = 0; i < 2; i++) {
      clock.advance(60_000);
      await tick();
    }
    expect(await batchOf(batch.id)).toMatchObject({
      feeBumpRefusal: refused.feeBumpRefusal,
      updatedAt: refused.updatedAt,
    });
    expect(refusalWarnings(batch.id)).toBe(1);
    const done = await runUntilCompleted(withdrawalId);
    expect(done).toMatchObject({ status: 'COMPLETED', txHash: batch.txid });
    expect(await bookedFee(batch.id)).toBe(BigInt(batch.feeSats));
    await endChecks([batch.txid!, refused.txid!]);
  });

  it('an admin sees the batch with the fee a speed-up would pay, speeds it up, and it is audited', async () => {
    const { withdrawalId, batch } = await stuckBatch('0.2');
    const admin = await createTestUser(t, { role: 'ADMIN', kyc: true });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/withdrawals/utxo-batches',
      headers: admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const shown = listed.json().data.find((one: { _id: string }) => one._id === batch.id);
    expect(shown).toMatchObject({ status: 'BROADCAST', txid: batch.txid, asset: 'LTC', bump_refusal: null });
    const sped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/withdrawals/utxo-batches/speed-up',
      headers: admin.headers,
      payload: { batch_id: batch.id },
    });
    expect(sped.statusCode, sped.body).toBe(200);
    expect(sped.json().data).toMatchObject({ replaced_txid: batch.txid, fee: shown.bump.fee });
    const bumped = await batchOf(batch.id);
    expect(await inMempool(bumped.txid!)).toBe(true);
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'UTXO_BATCH_SPED_UP',
        details: expect.objectContaining({ batch: batch.id }),
      }),
    ]);
    expect(await runUntilCompleted(withdrawalId)).toMatchObject({ txHash: bumped.txid });
    expect(await bookedFee(batch.id)).toBe(BigInt(bumped.feeSats));
    await endChecks([batch.txid!, bumped.txid!]);
  });
});
