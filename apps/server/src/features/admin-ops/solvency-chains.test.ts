import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import type { SolvencyChainLine } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, users } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser, type TestUser } from '../../test/test-users';
import { sweepKit } from '../custody/sweep-test-kit';

// The solvency panel's on-chain lines (issue 37), read from the run's local chain; and from a node that
// accepts connections and never answers.
let t: TestApp;
let kit: ReturnType<typeof sweepKit>;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: chainTestEnv() });
  kit = sweepKit(t);
  await kit.bookFloat('test-start');
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(() => t.close());

const solvency = (app: TestApp, user: TestUser | null) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/admin/solvency',
    headers: user ? user.headers : {},
  });

const line = (lines: SolvencyChainLine[], asset: string) => lines.find((row) => row.asset === asset)!;

describe('the solvency panel reads each chain', () => {
  it('is for admins only: anonymous 401, customers 403, a disabled admin 401', async () => {
    expect((await solvency(t, null)).statusCode).toBe(401);
    expect((await solvency(t, await createTestUser(t))).statusCode).toBe(403);
    expect((await solvency(t, await createTestUser(t, { kyc: true }))).statusCode).toBe(403);
    const disabled = await createTestUser(t, { role: 'ADMIN' });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    expect((await solvency(t, disabled)).statusCode).toBe(401);
  });

  it('shows the hot wallet and the unswept deposit addresses beside liabilities and custody, before and after a sweep', async () => {
    await kit.credited({ eth: '2' });
    let res = await solvency(t, admin);
    expect(res.statusCode).toBe(200);
    let lines: SolvencyChainLine[] = res.json().data.chains;
    expect(lines.map((row) => [row.chain, row.asset])).toEqual([
      ['ethereum', 'ETH'],
      ['ethereum', 'USDT'],
    ]);
    expect(line(lines, 'ETH')).toMatchObject({
      chain_name: 'Ethereum',
      available: true,
      hot_wallet_address: kit.hot(),
      hot_wallet: '100.00000000',
      deposit_addresses: '2.00000000',
      cold_wallet: null,
      on_chain: '102.00000000',
      customer_liabilities: '2.00000000',
      custody: '102.00000000',
      uncredited: '0.00000000',
      difference: '0.00000000',
      matches: true,
      above_hot_cap: true,
    });
    expect(line(lines, 'USDT')).toMatchObject({ hot_wallet: '1000000.00000000', matches: true });
    await kit.sweep();
    await kit.settle();
    res = await solvency(t, admin);
    lines = res.json().data.chains;
    const eth = line(lines, 'ETH');
    expect(eth.matches).toBe(true);
    expect(Number(eth.deposit_addresses)).toBeLessThan(0.001);
    expect(Number(eth.hot_wallet)).toBeGreaterThan(101.99);
    // The network fee left custody; customers are still owed their 2 ETH.
    expect(Number(eth.custody)).toBeLessThan(102);
    expect(eth.customer_liabilities).toBe('2.00000000');
    expect(res.json().data.ledger.consistent).toBe(true);
    await expectLedgerConsistent(t.ctx.db);
  });

  it("reads 'Matches' at every step of a token sweep: its top-up and its sweep mined, then confirmed", async () => {
    const { address } = await kit.credited({ usdt: 40_000_000n });
    await kit.sweep();
    const [sweep] = await kit.sweepsAt(address);
    expect(sweep).toMatchObject({ asset: 'USDT', status: 'TOPPING_UP' });
    const rows = () =>
      t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, sweep!.id));
    const minedNotConfirmed = async (purpose: string) => {
      const row = (await rows()).find((candidate) => candidate.purpose === purpose);
      expect(row).toMatchObject({ status: 'BROADCAST' });
      const receipt = await kit.client.getTransactionReceipt({ hash: row!.txHash as `0x${string}` });
      expect(receipt.status).toBe('success');
    };
    /**
     * The sender's runs until the row of `purpose` is broadcast: a run that finds the node slow to
     * answer leaves a signed row for the next, as the sender's poll does (a CI run met one).
     */
    const sendUntilBroadcast = async (purpose: string) => {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await t.ctx.chainSender.jobs[0]!.run(new Date());
        const row = (await rows()).find((candidate) => candidate.purpose === purpose);
        if (row?.status === 'BROADCAST') return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const said = t.logLines.filter((entry) => entry.includes('chain sender'));
      throw new Error(
        `the ${purpose} row was not broadcast in 10 runs; the sender said:\n${said.join('\n')}`,
      );
    };
    const expectMatching = async () => {
      const res = await solvency(t, admin);
      const lines: SolvencyChainLine[] = res.json().data.chains;
      for (const asset of ['ETH', 'USDT'])
        expect(line(lines, asset), asset).toMatchObject({ matches: true, difference: '0.00000000' });
      return lines;
    };
    // The sender's first run signs and broadcasts the gas top-up; the chain mines it at once, and
    // the hot wallet has paid its gas, which the ledger books only at its third confirmation.
    await sendUntilBroadcast('GAS_TOPUP');
    await minedNotConfirmed('GAS_TOPUP');
    let lines = await expectMatching();
    expect(Number(line(lines, 'ETH').in_flight)).toBeGreaterThan(0);
    expect(line(lines, 'USDT').in_flight).toBe('0.00000000');
    // Its confirmations: booked, nothing in flight, and the token sweep goes out and is mined.
    await kit.client.request({ method: 'hardhat_mine' as never, params: ['0x2'] as never });
    await sendUntilBroadcast('SWEEP');
    await minedNotConfirmed('SWEEP');
    lines = await expectMatching();
    expect(Number(line(lines, 'ETH').in_flight)).toBeGreaterThan(0);
    expect(line(lines, 'USDT').hot_wallet).toBe('1000040.00000000');
    await kit.settle();
    expect((await kit.sweepsAt(address))[0]).toMatchObject({ status: 'CONFIRMED' });
    lines = await expectMatching();
    expect(line(lines, 'ETH').in_flight).toBe('0.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a node that does not answer shows the chain unavailable, not an error', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const dead = await createTestApp({
      env: chainTestEnv({ CHAIN_RPC_URL: `http://127.0.0.1:${port}`, CHAIN_READ_TIMEOUT_MS: '300' }),
    });
    try {
      const boss = await createTestUser(dead, { role: 'ADMIN' });
      const started = Date.now();
      const res = await solvency(dead, boss);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.statusCode).toBe(200);
      expect(line(res.json().data.chains, 'ETH')).toMatchObject({
        available: false,
        hot_wallet: null,
        deposit_addresses: null,
        on_chain: null,
        difference: null,
        matches: null,
        custody: '0.00000000',
        uncredited: '0.00000000',
      });
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await dead.close();
    }
  });
});
