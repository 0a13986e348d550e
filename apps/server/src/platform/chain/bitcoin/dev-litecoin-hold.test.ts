import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitcoinRpc } from './bitcoin-rpc';
import { type DevLitecoinMiner, devLitecoinHoldFile, devLitecoinMiner } from './dev-litecoin-hold';
import { type RegtestNode, startRegtestNode } from './regtest-node';

let node: RegtestNode;
let dataDir: string;
let miner: DevLitecoinMiner;

beforeAll(async () => {
  node = await startRegtestNode();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ltc-hold-'));
  miner = devLitecoinMiner(node, devLitecoinHoldFile(dataDir));
}, 180_000);

afterAll(async () => {
  await node?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const txidsOf = async (hash: string) => (await node.rpc.call<{ tx: string[] }>('getblock', [hash])).tx;
const inMempool = async (txid: string) => (await node.rpc.call<string[]>('getrawmempool')).includes(txid);
/** A wallet of its own, so the held payment's change is spent by nobody else in the test. */
async function fundedWallet(name: string) {
  await node.rpc.call('createwallet', [name]);
  const wallet = bitcoinRpc(node.rpcUrl, { wallet: name });
  await node.outside.call('sendtoaddress', [await wallet.call<string>('getnewaddress', ['', 'bech32']), 5]);
  await node.mine(1);
  return wallet;
}

describe("the development Litecoin miner's hold list", () => {
  it('without a list, mines what the node assembles', async () => {
    const to = await node.outside.call<string>('getnewaddress', ['', 'bech32']);
    const txid = await node.outside.call<string>('sendtoaddress', [to, 1]);
    expect(await txidsOf(await miner.mineBlock())).toContain(txid);
  }, 60_000);

  it("holds the first payment to a listed address out of every block, its replacement is mined, the others' payments too", async () => {
    const payer = await fundedWallet('payer');
    const held = await node.outside.call<string>('getnewaddress', ['', 'bech32']);
    writeFileSync(devLitecoinHoldFile(dataDir), JSON.stringify({ addresses: [held] }));
    const first = await payer.call<string>('sendtoaddress', [held, 1, '', '', false, true]);
    const other = await node.outside.call<string>('sendtoaddress', [
      await node.outside.call<string>('getnewaddress', ['', 'bech32']),
      1,
    ]);
    await miner.watch();
    expect(miner.held).toContain(first);

    // Neither the miner's block nor one a test asks the node for takes it; the other payment is mined.
    const block = await txidsOf(await miner.mineBlock());
    expect(block).toContain(other);
    expect(block).not.toContain(first);
    expect(await txidsOf((await node.mine(1))[0]!)).not.toContain(first);
    expect(await inMempool(first)).toBe(true);

    // The replacement (a higher fee, a new txid) pays the same address and goes into the next block.
    const replacement = (await payer.call<{ txid: string }>('bumpfee', [first])).txid;
    expect(replacement).not.toBe(first);
    expect(await txidsOf(await miner.mineBlock())).toContain(replacement);
    expect(await inMempool(first)).toBe(false);
    const paid = await node.rpc.call<{ total_amount: string }>('scantxoutset', ['start', [`addr(${held})`]]);
    expect(paid.total_amount).toBe('1.00000000');
  }, 120_000);

  it('a payment made while the miner is making a block is held all the same', async () => {
    const payer = await fundedWallet('late');
    const held = await node.outside.call<string>('getnewaddress', ['', 'bech32']);
    writeFileSync(devLitecoinHoldFile(dataDir), JSON.stringify({ addresses: [held] }));
    // The block is asked for first: the payment reaches the mempool before the miner's look (held by
    // it) or after it (not in the list the block is made from); either way it is not in the block.
    const mining = miner.mineBlock();
    const first = await payer.call<string>('sendtoaddress', [held, 1, '', '', false, true]);
    expect(await txidsOf(await mining)).not.toContain(first);
    expect(await txidsOf(await miner.mineBlock())).not.toContain(first);
    expect(miner.held).toContain(first);
  }, 120_000);
});
