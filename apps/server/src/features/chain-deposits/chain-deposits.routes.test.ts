import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDepositAddresses, chainDeposits, users } from '../../db/schema';
import { xpubOfMnemonic } from '../../platform/chain/chain-config';
import { depositAddressAt } from '../../platform/chain/evm/hd-addresses';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { createTestUser, type TestUser } from '../../test/test-users';

let t: TestApp;
const env = chainTestEnv();
beforeAll(async () => {
  t = await createTestApp({ env });
});
afterAll(() => t.close());

const networks = (headers?: TestUser['headers']) =>
  t.app.inject({ method: 'GET', url: '/api/v1/wallet/deposit-networks', headers });
const address = (headers: TestUser['headers'] | undefined, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/wallet/deposit-address', headers, payload: body as object });
const list = (headers: TestUser['headers'] | undefined, body: unknown = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/wallet/chain-deposits', headers, payload: body as object });

describe('GET /wallet/deposit-networks', () => {
  it('lists ETH and USDT on the configured chain, with minimum, confirmations and explorer', async () => {
    const user = await createTestUser(t);
    const res = await networks(user.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ asset: string; networks: Array<Record<string, unknown>> }>;
    expect(data.map((coin) => coin.asset)).toEqual(['ETH', 'USDT']);
    expect(data[0]!.networks[0]).toMatchObject({
      chain: 'ethereum',
      name: 'Ethereum',
      chain_id: 31337,
      token_contract: null,
      min_deposit: '0.01000000',
      confirmations: 3,
      explorer_url: 'https://explorer.example',
    });
    expect(data[1]!.networks[0]).toMatchObject({
      name: 'Ethereum (ERC-20)',
      token_contract: env.CHAIN_USDT_ADDRESS,
    });
  });
});

describe('POST /wallet/deposit-address', () => {
  it('gives a verified customer their own checksummed address, the same every time and for every coin', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const bob = await createTestUser(t, { kyc: true });
    const first = await address(alice.headers, { asset: 'eth', chain: 'ethereum' });
    expect(first.statusCode).toBe(200);
    const shown = first.json().data.address as string;
    expect(getAddress(shown)).toBe(shown);
    expect(first.json().data.network).toMatchObject({ chain: 'ethereum', confirmations: 3 });
    const again = await address(alice.headers, { asset: 'USDT', chain: 'ethereum' });
    expect(again.json().data.address).toBe(shown);
    const other = await address(bob.headers, { asset: 'ETH', chain: 'ethereum' });
    expect(other.json().data.address).not.toBe(shown);
    // Derived from the extended public key at the index the database handed out.
    const [row] = await t.ctx.db
      .select()
      .from(chainDepositAddresses)
      .where(eq(chainDepositAddresses.userId, alice.id));
    expect(depositAddressAt(xpubOfMnemonic(env.CHAIN_MNEMONIC!), row!.addressIndex)).toBe(shown);
    // The seed is nowhere in what the app logged.
    expect(t.logLines.join('\n')).not.toContain(env.CHAIN_MNEMONIC!.split(' ').slice(0, 4).join(' '));
  });

  it('two first requests at once keep one address', async () => {
    const carol = await createTestUser(t, { kyc: true });
    const answers = await Promise.all([
      address(carol.headers, { asset: 'ETH', chain: 'ethereum' }),
      address(carol.headers, { asset: 'USDT', chain: 'ethereum' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json().data.address).toBe(answers[1]!.json().data.address);
  });

  it('answers a coin or chain without deposits 422 and bad input 400, keeping nothing', async () => {
    const dave = await createTestUser(t, { kyc: true });
    const unknown = await address(dave.headers, { asset: 'BTC', chain: 'ethereum' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('This coin cannot be deposited on that network');
    expect((await address(dave.headers, { asset: 'ETH', chain: 'bsc' })).statusCode).toBe(422);
    expect((await address(dave.headers, { asset: 'ETH' })).statusCode).toBe(400);
    expect((await address(dave.headers, { asset: 'X'.repeat(11), chain: 'ethereum' })).statusCode).toBe(400);
    const kept = await t.ctx.db
      .select()
      .from(chainDepositAddresses)
      .where(eq(chainDepositAddresses.userId, dave.id));
    expect(kept).toEqual([]);
  });
});

describe('authorisation of the deposit routes', () => {
  it('anonymous callers get 401 everywhere', async () => {
    expect((await networks()).statusCode).toBe(401);
    expect((await address(undefined, { asset: 'ETH', chain: 'ethereum' })).statusCode).toBe(401);
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('a customer without KYC sees the networks and their list but gets no address', async () => {
    const eve = await createTestUser(t, { kyc: false });
    expect((await networks(eve.headers)).statusCode).toBe(200);
    expect((await list(eve.headers)).statusCode).toBe(200);
    const res = await address(eve.headers, { asset: 'ETH', chain: 'ethereum' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Please Complete Your Kyc');
  });

  it('a disabled account is refused', async () => {
    const frank = await createTestUser(t, { kyc: true });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, frank.id));
    expect([401, 403]).toContain((await networks(frank.headers)).statusCode);
    expect([401, 403]).toContain(
      (await address(frank.headers, { asset: 'ETH', chain: 'ethereum' })).statusCode,
    );
    expect([401, 403]).toContain((await list(frank.headers)).statusCode);
  });

  it("another customer's deposits are never in the list; an admin's list is their own", async () => {
    const grace = await createTestUser(t, { kyc: true });
    const heidi = await createTestUser(t, { kyc: true });
    const admin = await createTestUser(t, { kyc: true, role: 'ADMIN' });
    const row = {
      chain: 'ethereum',
      asset: 'ETH',
      userId: grace.id,
      address: '0x0000000000000000000000000000000000000001',
      txHash: `0x${'ab'.repeat(32)}`,
      logIndex: -1,
      txLogIndex: -1,
      amountRaw: '1000000000000000000',
      amount: '100000000',
      blockNumber: 5n,
      blockHash: `0x${'cd'.repeat(32)}`,
      requiredConfirmations: 3,
      status: 'PENDING' as const,
    };
    await t.ctx.db.insert(chainDeposits).values(row);
    const own = await list(grace.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.total).toBe(1);
    expect(own.json().data.content[0]).toMatchObject({
      asset: 'ETH',
      amount: '1.00000000',
      status: 'PENDING',
      explorer_tx_url: `https://explorer.example/tx/${row.txHash}`,
    });
    expect((await list(heidi.headers)).json().data.total).toBe(0);
    const adminList = await list(admin.headers);
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json().data.total).toBe(0);
  });

  it('searches by coin, status and tx hash on the server and pages', async () => {
    const ivan = await createTestUser(t, { kyc: true });
    const base = {
      chain: 'ethereum',
      userId: ivan.id,
      address: '0x0000000000000000000000000000000000000002',
      logIndex: 0,
      txLogIndex: 0,
      amountRaw: '1',
      amount: '100',
      blockNumber: 7n,
      blockHash: `0x${'ef'.repeat(32)}`,
      requiredConfirmations: 3,
    };
    await t.ctx.db.insert(chainDeposits).values([
      { ...base, asset: 'ETH', txHash: `0x${'11'.repeat(32)}`, status: 'CREDITED' },
      { ...base, asset: 'USDT', txHash: `0x${'22'.repeat(32)}`, status: 'BELOW_MINIMUM' },
      { ...base, asset: 'USDT', txHash: `0x${'33'.repeat(32)}`, status: 'PENDING' },
    ]);
    const total = async (body: object) => (await list(ivan.headers, body)).json().data.total;
    expect(await total({ search: 'usdt' })).toBe(2);
    expect(await total({ search: 'below minimum' })).toBe(1);
    expect(await total({ search: '2222' })).toBe(1);
    expect(await total({ search: '%' })).toBe(0);
    const page = (await list(ivan.headers, { page: 2, limit: 2 })).json().data;
    expect(page.content).toHaveLength(1);
    expect((await list(ivan.headers, { limit: 1000 })).statusCode).toBe(400);
  });
});
