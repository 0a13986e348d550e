import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegtestNode, startRegtestNode } from './regtest-node';

let node: RegtestNode;

beforeAll(async () => {
  node = await startRegtestNode();
}, 180_000);

afterAll(async () => {
  await node?.stop();
});

describe('the regtest Litecoin node', () => {
  it('keeps making blocks with payments in them past the height where MWEB would activate (432)', async () => {
    await node.mine(340);
    const to = await node.outside.call<string>('getnewaddress', ['', 'bech32']);
    const txid = await node.outside.call<string>('sendtoaddress', [to, 1]);
    const [block] = await node.mine(1);
    const mined = await node.rpc.call<{ height: number; tx: string[] }>('getblock', [block]);
    expect(mined.height).toBe(442);
    expect(mined.tx).toContain(txid);
  }, 120_000);
});
