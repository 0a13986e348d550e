import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../free-port';
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

  it('starts again on another port when its RPC port was taken before it could bind it', async () => {
    // Something holds the first port it is given and hangs up on every connection.
    const holder = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as { port: number }).port;
    const ports = [taken];
    const second = await startRegtestNode({ pickPort: async () => ports.shift() ?? freePort() });
    try {
      expect(new URL(second.rpcUrl).port).not.toBe(String(taken));
      expect(await second.rpc.call<number>('getblockcount')).toBe(101);
    } finally {
      await second.stop();
      holder.close();
    }
  }, 180_000);

  it('is stopped and its data directory removed when the process that started it is killed', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'regtest-exit-child.ts')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    const signal = await new Promise<string | null>((resolve) =>
      child.on('exit', (_code, killed) => resolve(killed)),
    );
    expect(signal).toBe('SIGKILL');
    const { dataDir } = JSON.parse(out.trim()) as { dataDir: string };
    expect(dataDir).toContain('ltc-regtest-');
    // The watchdog looks once a second and gives the node 5 s to stop cleanly.
    await expect.poll(() => existsSync(dataDir), { timeout: 30_000, interval: 250 }).toBe(false);
  }, 180_000);
});
