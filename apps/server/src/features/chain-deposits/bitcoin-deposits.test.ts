import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, journalEntries } from '../../db/schema';
import { type BitcoinRpc, satsToText, toSats } from '../../platform/chain/bitcoin/bitcoin-rpc';
import { type RegtestNode, startRegtestNode } from '../../platform/chain/bitcoin/regtest-node';
import { chainNodeFor } from '../../platform/chain/chain-nodes';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser } from '../../test/test-users';
import { reconcileCustody } from '../custody/reconcile-custody';
import { loadUserBalances } from '../ledger/ledger.repository';
import { watchBitcoinOnce } from './bitcoin-watcher';

// Litecoin on a real node (issue 47): this file starts its own Litecoin Core in regtest mode, lists it
// in BITCOIN_CHAINS with 3 confirmations, and sends from the node's "outside" wallet as a customer's
// other wallet would. The watcher runs as its job would, once per call. The scenarios run in order.
let node: RegtestNode;
let t: TestApp;

beforeAll(async () => {
  node = await startRegtestNode();
  const env = chainTestEnv({
    BITCOIN_CHAINS: JSON.stringify([
      {
        key: 'litecoin',
        name: 'Litecoin',
        asset: 'LTC',
        rpcUrl: node.rpcUrl,
        confirmations: 3,
        explorerUrl: 'https://litecoin.explorer.example',
        networkPrefix: 'rltc',
        coinType: 1,
        minDeposit: '0.001',
      },
    ]),
  });
  t = await createTestApp({ env });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await node?.stop();
});

const settings = () => t.ctx.config.bitcoinChains[0]!;
const run = () =>
  watchBitcoinOnce(
    { db: t.ctx.db, logger: t.ctx.logger, chains: [...t.ctx.config.chains, ...t.ctx.config.bitcoinChains] },
    settings(),
    node.rpc,
  );

async function customerAddress() {
  const user = await createTestUser(t, { kyc: true });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposit-address',
    headers: user.headers,
    payload: { asset: 'LTC', chain: 'litecoin' },
  });
  expect(res.statusCode).toBe(200);
  return { user, address: res.json().data.address as string };
}

const depositsOf = (userId: string) =>
  t.ctx.db.select().from(chainDeposits).where(eq(chainDeposits.userId, userId));

async function creditEntries(userId: string): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.userId, userId), eq(journalEntries.kind, 'CHAIN_DEPOSIT')));
  return rows.length;
}

async function ltcOf(userId: string): Promise<bigint> {
  const balances = await loadUserBalances(t.ctx.db, userId);
  return balances.find((b) => b.asset === 'LTC' && b.kind === 'AVAILABLE')?.balance ?? 0n;
}

/** What the node says the transaction paid the address, in litoshis (read from the node, not assumed). */
async function paidTo(
  wallet: BitcoinRpc,
  txid: string,
  address: string,
): Promise<{ vout: number; sats: bigint }> {
  const tx = await wallet.call<{ hex: string }>('gettransaction', [txid]);
  const decoded = await node.rpc.call<{
    vout: { n: number; value: string; scriptPubKey: { addresses?: string[] } }[];
  }>('decoderawtransaction', [tx.hex]);
  const out = decoded.vout.find((o) => o.scriptPubKey.addresses?.includes(address))!;
  return { vout: out.n, sats: toSats(out.value) };
}

async function expectReconciled() {
  const lines = await reconcileCustody(t.ctx.db, settings(), chainNodeFor(settings()));
  expect(lines.map((line) => line.asset)).toEqual(['LTC']);
  expect(lines[0]).toMatchObject({ matches: true });
}

describe('Litecoin deposits on a regtest node', () => {
  it('lists LTC on its own network, with a bech32 address per customer', async () => {
    const { user, address } = await customerAddress();
    const networks = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/deposit-networks',
      headers: user.headers,
    });
    const ltc = networks.json().data.find((coin: { asset: string }) => coin.asset === 'LTC');
    expect(ltc.networks).toEqual([
      expect.objectContaining({ chain: 'litecoin', name: 'Litecoin', confirmations: 3 }),
    ]);
    expect(address).toMatch(/^rltc1q[02-9ac-hj-np-z]{38}$/);
    const info = await node.outside.call<{ isvalid: boolean }>('validateaddress', [address]);
    expect(info.isvalid).toBe(true);
  });

  it('credits a deposit from an outside wallet once, to the litoshi, after 3 confirmations', async () => {
    await run();
    const { user, address } = await customerAddress();
    const txid = await node.outside.call<string>('sendtoaddress', [address, '1.23456789']);
    const paid = await paidTo(node.outside, txid, address);
    await node.mine(1);
    await run();
    let [row] = await depositsOf(user.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      asset: 'LTC',
      txHash: txid,
      txLogIndex: paid.vout,
      amountRaw: paid.sats.toString(),
      amount: paid.sats.toString(),
      confirmations: 1,
    });
    expect(await creditEntries(user.id)).toBe(0);
    await expectReconciled();
    await node.mine(2);
    await run();
    await run();
    [row] = await depositsOf(user.id);
    expect(row).toMatchObject({ status: 'CREDITED', confirmations: 3 });
    expect(await creditEntries(user.id)).toBe(1);
    expect(await ltcOf(user.id)).toBe(123_456_789n);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('drops a pending deposit that a reorganisation removed, and credits nothing', async () => {
    await run();
    const { user, address } = await customerAddress();
    const txid = await node.outside.call<string>('sendtoaddress', [address, '0.5']);
    const [blockHash] = await node.mine(1);
    await run();
    expect((await depositsOf(user.id))[0]).toMatchObject({ status: 'PENDING', blockHash });
    // The block leaves the chain, and the block mined in its place spends the deposit's coins elsewhere
    // (generateblock mines exactly the transactions given): the deposit is on no chain any more.
    await node.rpc.call('invalidateblock', [blockHash]);
    const raw = await node.rpc.call<{ vin: { txid: string; vout: number }[] }>('getrawtransaction', [
      txid,
      true,
    ]);
    let spent = 0n;
    for (const input of raw.vin) {
      const prev = await node.rpc.call<{ vout: { value: string }[] }>('getrawtransaction', [
        input.txid,
        true,
      ]);
      spent += toSats(prev.vout[input.vout]!.value);
    }
    const back = await node.outside.call<string>('getnewaddress', ['', 'bech32']);
    const conflict = await node.outside.call<string>('createrawtransaction', [
      raw.vin.map((input) => ({ txid: input.txid, vout: input.vout })),
      { [back]: satsToText(spent - 100_000n) },
    ]);
    const signed = await node.outside.call<{ hex: string }>('signrawtransactionwithwallet', [conflict]);
    await node.rpc.call('generateblock', [back, [signed.hex]]);
    await node.mine(3);
    await run();
    await run();
    const [row] = await depositsOf(user.id);
    expect(row!.status).toBe('DROPPED');
    expect(await creditEntries(user.id)).toBe(0);
    expect(await ltcOf(user.id)).toBe(0n);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });

  it('follows a deposit mined again in another block after a reorganisation, credited once', async () => {
    await run();
    const { user, address } = await customerAddress();
    await node.outside.call<string>('sendtoaddress', [address, '0.25']);
    const [first] = await node.mine(1);
    await run();
    await node.rpc.call('invalidateblock', [first]);
    const [again] = await node.mine(1);
    await run();
    let [row] = await depositsOf(user.id);
    expect(row).toMatchObject({ status: 'PENDING', blockHash: again });
    await node.mine(2);
    await run();
    await run();
    [row] = await depositsOf(user.id);
    expect(row).toMatchObject({ status: 'CREDITED', blockHash: again });
    expect(await creditEntries(user.id)).toBe(1);
    expect(await ltcOf(user.id)).toBe(25_000_000n);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled();
  });
});
