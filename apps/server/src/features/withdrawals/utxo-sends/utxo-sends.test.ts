import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utxoBatches, withdrawals } from '../../../db/schema';
import type { RegtestNode } from '../../../platform/chain/bitcoin/regtest-node';
import { ManualClock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import type { TestApp } from '../../../test/test-app';
import { loadUserBalances } from '../../ledger/ledger.repository';
import { placeWithdrawal } from '../requests/request-withdrawal';
import { prepareUtxoBatch } from './prepare-utxo-batch';
import { runUtxoSends } from './run-utxo-sends';
import { signUtxoBatch } from './send-utxo-batch';
import type { UtxoSendsRuntime } from './utxo-sends-runtime';
import {
  customerWithLtc,
  expectReconciled,
  heldAt,
  ltcChain,
  startUtxoTestApp,
  stopUtxoTestApp,
  withdrawLtc,
} from './utxo-sends-test-helpers';
import { feeRateOf, spendablesOf } from './utxo-wallet';

// Litecoin withdrawals on a real node (issue 47): this file starts its own Litecoin Core in regtest
// mode; customers' coins come in as real deposits from the node's outside wallet, leave through the
// same withdrawal requests as EVM coins, and are paid by batches this sender builds, has signed by the
// in-process signer, stores and broadcasts. The job's tick is run by hand, blocks mined by hand.
const clock = new ManualClock(new Date());
let node: RegtestNode;
let t: TestApp;
let sends: UtxoSendsRuntime;

beforeAll(async () => {
  ({ node, t, sends } = await startUtxoTestApp(clock));
}, 120_000);
afterAll(() => stopUtxoTestApp({ node, t }));

const outsideAddress = () => node.outside.call<string>('getnewaddress', ['', 'bech32']);
const tick = () => sends.runOnce('litecoin');
const statusOf = async (id: string) =>
  (await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;

/**
 * An admin's approval of withdrawals held for review (the review itself is proved in four-eyes.test.ts
 * and the browser flow; here the sender is what is tested).
 */
async function approve(ids: string[]) {
  await t.ctx.db
    .update(withdrawals)
    .set({ status: 'APPROVED' })
    .where(and(inArray(withdrawals.id, ids), eq(withdrawals.status, 'PENDING_APPROVAL')));
}

/** Ticks, mining a block after each, until every withdrawal named is COMPLETED. */
async function tickUntilCompleted(ids: string[]) {
  for (let i = 0; i < 8; i++) {
    await tick();
    const rows = await Promise.all(ids.map(statusOf));
    if (rows.every((row) => row.status === 'COMPLETED')) return rows;
    await node.mine(1);
  }
  throw new Error('the withdrawals did not complete');
}

describe('Litecoin withdrawals on a regtest node', () => {
  it('pays amount less fee exactly, to the litoshi, read from the node, and reconciles', async () => {
    const customer = await customerWithLtc(t, node, '2');
    const to = await outsideAddress();
    const asked = await withdrawLtc(t, clock, customer, { amount: '0.5', address: to });
    // A first withdrawal to a new address waits for an admin's review, as on EVM.
    expect(asked.status).toBe('PENDING_APPROVAL');
    await approve([asked.id]);
    const [row] = await tickUntilCompleted([asked.id]);
    // 0.5 LTC less the 0.0005 fee (WITHDRAWAL_LTC_FEE's default).
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 49_950_000n, outputs: 1 });
    expect(row!.txHash).toMatch(/^[0-9a-f]{64}$/);
    const balances = await loadUserBalances(t.ctx.db, customer.id);
    expect(balances.find((b) => b.asset === 'LTC' && b.kind === 'AVAILABLE')?.balance).toBe(150_000_000n);
    await expectReconciled(t);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses an address of another network and an EVM address, changing nothing', async () => {
    const customer = await customerWithLtc(t, node, '1');
    for (const address of [
      'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/withdrawals',
        headers: customer.headers,
        payload: { asset: 'LTC', chain: 'litecoin', amount: '0.1', address, totp: '000000' },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
    const rows = await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, customer.id));
    expect(rows).toEqual([]);
  });

  it('batches several withdrawals into one transaction, one output each and change to the internal address', async () => {
    const customer = await customerWithLtc(t, node, '3');
    const targets = [await outsideAddress(), await outsideAddress(), await outsideAddress()];
    const asked = [];
    for (const [i, address] of targets.entries())
      asked.push(await withdrawLtc(t, clock, customer, { amount: `0.${i + 1}`, address }));
    await approve(asked.map((a) => a.id));
    const rows = await tickUntilCompleted(asked.map((a) => a.id));
    expect(new Set(rows.map((row) => row.txHash)).size).toBe(1);
    for (const [i, address] of targets.entries())
      expect(await heldAt(node.rpc, address)).toEqual({
        sats: BigInt(i + 1) * 10_000_000n - 50_000n,
        outputs: 1,
      });
    const decoded = await node.rpc.call<{ vout: unknown[] }>('getrawtransaction', [rows[0]!.txHash, true]);
    expect(decoded.vout).toHaveLength(4);
    await expectReconciled(t);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('holds exactly what one balance covers for 20 parallel withdrawals, and pays those in one batch', async () => {
    const customer = await customerWithLtc(t, node, '1');
    const to = await outsideAddress();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeWithdrawal(t.ctx, {
          userId: customer.id,
          asset: 'LTC',
          amount: 15_000_000n,
          fee: 50_000n,
          valueCents: 1_200n,
          destination: to,
          flags: [],
          code: '123456',
          now: t.ctx.clock.now(),
          method: 'chain',
          chain: 'litecoin',
        }).then(
          (row) => row.id as string,
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        ),
      ),
    );
    const held = outcomes.filter((o) => o !== 'insufficient_funds');
    expect(held).toHaveLength(6);
    await t.ctx.db.update(withdrawals).set({ status: 'APPROVED' }).where(eq(withdrawals.userId, customer.id));
    await tickUntilCompleted(held);
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 6n * 14_950_000n, outputs: 6 });
    const balances = await loadUserBalances(t.ctx.db, customer.id);
    const of = (kind: string) => balances.find((b) => b.asset === 'LTC' && b.kind === kind)?.balance ?? 0n;
    expect([of('AVAILABLE'), of('LOCKED')]).toEqual([10_000_000n, 0n]);
    await expectReconciled(t);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('re-broadcasts the stored transaction after a crash between signing and broadcasting, never signing again', async () => {
    const customer = await customerWithLtc(t, node, '1');
    const to = await outsideAddress();
    const asked = await withdrawLtc(t, clock, customer, { amount: '0.25', address: to });
    await approve([asked.id]);
    const chain = ltcChain(t);
    const rpc = sends.rpcOf('litecoin');
    // The first process prepares, signs and stores the batch, then "crashes" before its broadcast.
    const spendable = await spendablesOf(t.ctx.db, rpc, chain);
    const id = await prepareUtxoBatch(sends.deps, chain, spendable, await feeRateOf(rpc), new Set());
    const [prepared] = await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.id, id!));
    await signUtxoBatch(sends.deps, chain, prepared!);
    const [signed] = await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.id, id!));
    expect(signed).toMatchObject({ status: 'SIGNED' });
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 0n, outputs: 0 });
    // The next leader has a signer that would fail the test if asked: it broadcasts the stored bytes.
    let asks = 0;
    const restarted = {
      ...sends.deps,
      signer: {
        signBitcoinBatch: async () => {
          asks++;
          throw new Error('signed twice');
        },
      },
    };
    for (let i = 0; i < 6 && (await statusOf(asked.id)).status !== 'COMPLETED'; i++) {
      await runUtxoSends(restarted, chain, rpc);
      await node.mine(1);
    }
    expect(asks).toBe(0);
    expect(await statusOf(asked.id)).toMatchObject({ status: 'COMPLETED', txHash: signed!.txid });
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 24_950_000n, outputs: 1 });
    await expectReconciled(t);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('sends the same stored transaction again when a reorganisation takes its block', async () => {
    const customer = await customerWithLtc(t, node, '1');
    const to = await outsideAddress();
    const asked = await withdrawLtc(t, clock, customer, { amount: '0.2', address: to });
    await approve([asked.id]);
    await tick();
    const [batch] = await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.status, 'BROADCAST'));
    const [mined] = await node.mine(1);
    // The block is taken away (a reorganisation): the batch is in no block, and the tick sends its
    // stored bytes again rather than building anything new.
    await tick();
    await node.rpc.call('invalidateblock', [mined]);
    expect(await node.rpc.call('getrawtransaction', [batch!.txid, true])).not.toHaveProperty('confirmations');
    await tick();
    expect(await t.ctx.db.select().from(utxoBatches).where(eq(utxoBatches.status, 'BROADCAST'))).toHaveLength(
      1,
    );
    const [row] = await tickUntilCompleted([asked.id]);
    expect(row!.txHash).toBe(batch!.txid);
    expect(await heldAt(node.rpc, to)).toEqual({ sats: 19_950_000n, outputs: 1 });
    await expectReconciled(t);
    await expectLedgerConsistent(t.ctx.db);
  });
});
