import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { eq } from 'drizzle-orm';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainSignatures, chainTransactions, withdrawals } from '../db/schema';
import {
  bookHotWalletFunds,
  coinBalance,
  customerWithCoin,
  expectReconciled,
  outsideAddress,
  readClient,
  runSenderUntilEnded,
  sendTick,
  withdrawalRow,
  withdrawCoin,
} from '../features/withdrawals/coin-sends/chain-withdrawal-test-helpers';
import { call } from '../features/withdrawals/withdrawal-test-helpers';
import { xpubOfMnemonic } from '../platform/chain/chain-config';
import type { ChainSigner } from '../platform/chain/chain-sender-types';
import { depositAddressAt } from '../platform/chain/evm/hd-addresses';
import { localChainSigner } from '../platform/chain/local-chain-signer';
import {
  callSigner,
  fetchSignerIdentity,
  remoteChainSigner,
  signBodyOf,
} from '../platform/chain/remote-chain-signer';
import { ManualClock } from '../platform/clock';
import { createLogger } from '../platform/logger';
import { randomSecret } from '../platform/secrets';
import { connectSignerProcess } from '../signer-connection';
import { expectLedgerConsistent } from '../test/expect-ledger';
import { createTestApp, type TestApp, testConfig } from '../test/test-app';
import { chainTestEnv } from '../test/test-chain';
import { createTestUser, type TestUser } from '../test/test-users';

// The signer process (issue 43, item 5) started as its own child process on the test's database and
// chain; the app's chain sender signs through it (remoteChainSigner), as production does. Its caps:
// 1 ETH per transaction and 1.2 ETH a day out of the hot wallet.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const clock = new ManualClock(new Date());
const words = generateMnemonic(wordlist, 256);
const secret = randomSecret();
const env = chainTestEnv({
  CHAIN_MNEMONIC: words,
  CHAIN_POLL_MS: '600000',
  CHAIN_SENDER_REPLACE_AFTER_MS: '86400000',
  ACCESS_TOKEN_TTL_SECONDS: '864000',
  WITHDRAWAL_DAILY_LIMIT_USD: '0',
});
let t: TestApp;
let admin: TestUser;
let child: ChildProcess | undefined;
let remote: ChainSigner | undefined;
let endpoint: { url: string; secret: string };

/** The port the app uses: addresses from the seed's public side, every signature from the child. */
const keysForAddresses = localChainSigner(words);
const throughSigner: ChainSigner = {
  address: (key) => keysForAddresses.address(key),
  sign: (request) => remote!.sign(request),
};

function startSigner(databaseUrl: string): Promise<string> {
  const signerEnv: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    CHAIN_MNEMONIC: undefined,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SIGNER_MNEMONIC: words,
    SIGNER_SECRET: secret,
    SIGNER_PORT: '0',
    CHAIN_HOT_CAP_NATIVE: '1',
    SIGNER_DAY_CAP_NATIVE: '1.2',
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
  t = await createTestApp({
    env,
    clock,
    deps: { config: { ...testConfig(env), chainSigner: throughSigner } },
  });
  const url = await startSigner((t.database as unknown as { url: string }).url);
  endpoint = { url, secret };
  const identity = await fetchSignerIdentity(endpoint);
  expect(identity.hot_address).toBe(keysForAddresses.address({ kind: 'hot' }));
  remote = remoteChainSigner(endpoint, identity, (index) => depositAddressAt(identity.xpub, index));
  admin = await createTestUser(t, { role: 'ADMIN' });
  await bookHotWalletFunds(t);
}, 120_000);

afterAll(async () => {
  child?.kill('SIGTERM');
  await t?.close();
});

async function approve(id: string) {
  const res = await call(t, 'POST', '/admin/withdrawals/approve', admin.headers, { withdrawal_id: id });
  expect(res.statusCode, res.body).toBe(200);
}

/** A withdrawal approved and handed to the sender (SENT, its outbox row QUEUED), not signed yet. */
async function sentWithdrawal(amount: string) {
  const customer = await customerWithCoin(t, 'ETH', 5n * 100_000_000n);
  const to = outsideAddress();
  const { id } = await withdrawCoin(t, clock, customer, { asset: 'ETH', amount, address: to });
  await approve(id);
  await sendTick(t);
  expect((await withdrawalRow(t, id)).status).toBe('SENT');
  const [row] = await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.reference, id));
  return { id, to, customer, row: row! };
}

/** What the sender would ask for the row (its own transaction, nonce 0, today's fees). */
function askFor(row: typeof chainTransactions.$inferSelect) {
  return signBodyOf({
    kind: 'transaction',
    outboxId: row.id,
    key: { kind: 'hot' },
    transaction: {
      type: 'eip1559',
      chainId: 31337,
      nonce: 0,
      to: row.toAddress as `0x${string}`,
      value: BigInt(row.value),
      gas: 21_000n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    },
  });
}

const sign = (body: unknown, key = endpoint) => callSigner(key, 'POST', '/sign', body);

describe('the signer process', () => {
  it("signs an approved withdrawal's outbox row: the whole send path through it mines the withdrawal", async () => {
    const { id, to, customer } = await sentWithdrawal('0.5');
    const ended = await runSenderUntilEnded(t, id);
    expect(ended.status).toBe('CONFIRMED');
    expect(await withdrawalRow(t, id)).toMatchObject({ status: 'COMPLETED', txHash: ended.txHash });
    expect(await readClient(t).getBalance({ address: to })).toBe(parseEther('0.498'));
    expect(await coinBalance(t, customer.id, 'ETH')).toEqual({ available: 450_000_000n, locked: 0n });
    // The signer recorded what left the hot wallet, which its daily cap counts.
    const signed = await t.ctx.db
      .select()
      .from(chainSignatures)
      .where(eq(chainSignatures.outboxId, ended.id));
    expect(signed).toEqual([
      expect.objectContaining({
        kind: 'transaction',
        asset: 'ETH',
        amountRaw: parseEther('0.498').toString(),
      }),
    ]);
    await expectLedgerConsistent(t.ctx.db);
    await expectReconciled(t);
  });

  it('refuses an unknown row, and a transaction that is not its row (address, value, data)', async () => {
    const { row } = await sentWithdrawal('0.1');
    const unknown = await sign({ ...askFor(row), outbox_id: randomUUID() });
    expect(unknown).toMatchObject({ status: 422, json: { code: 'unknown_row' } });
    expect((await sign({ ...askFor(row), to: outsideAddress() })).json).toEqual({
      code: 'transaction_differs',
    });
    expect((await sign({ ...askFor(row), value: parseEther('3').toString() })).json).toEqual({
      code: 'transaction_differs',
    });
    expect((await sign({ ...askFor(row), data: '0xa9059cbb' })).json).toEqual({
      code: 'transaction_differs',
    });
    expect((await sign({ ...askFor(row), key: 'deposit:0' })).json).toEqual({ code: 'wrong_key' });
    // The row's own transaction is signed.
    const good = await sign(askFor(row));
    expect(good.status).toBe(200);
    expect(String(good.json.raw)).toMatch(/^0x02/);
  });

  it('refuses an outbox row whose withdrawal is not approved (a web process writing rows of its own)', async () => {
    const { row, id } = await sentWithdrawal('0.1');
    // As if a compromised web process wrote the outbox row for a withdrawal still waiting for an admin.
    await t.ctx.db.update(withdrawals).set({ status: 'PENDING_APPROVAL' }).where(eq(withdrawals.id, id));
    expect((await sign(askFor(row))).json).toEqual({ code: 'record_not_approved' });
    await t.ctx.db.update(withdrawals).set({ status: 'SENT' }).where(eq(withdrawals.id, id));
    // A row pointing elsewhere than the withdrawal's address, with its own transaction asked.
    const elsewhere = outsideAddress();
    await t.ctx.db
      .update(chainTransactions)
      .set({ toAddress: elsewhere })
      .where(eq(chainTransactions.id, row.id));
    expect((await sign({ ...askFor(row), to: elsewhere })).json).toEqual({ code: 'record_differs' });
    await t.ctx.db
      .update(chainTransactions)
      .set({ toAddress: row.toAddress })
      .where(eq(chainTransactions.id, row.id));
  });

  it('refuses a request with a wrong secret, and the development restore outside embedded mode', async () => {
    const { row } = await sentWithdrawal('0.1');
    const wrong = await sign(askFor(row), { url: endpoint.url, secret: randomSecret() });
    expect(wrong).toMatchObject({ status: 401, json: { code: 'unauthenticated' } });
    await expect(fetchSignerIdentity({ url: endpoint.url, secret: randomSecret() })).rejects.toThrow(
      /unauthenticated/,
    );
    const restore = await sign({ ...askFor(row), kind: 'development-restore', outbox_id: null });
    expect(restore).toMatchObject({ status: 422, json: { code: 'development_only' } });
  });

  it("refuses what is above the hot wallet's per-transaction and per-day caps", async () => {
    const big = await sentWithdrawal('1.5');
    expect((await sign(askFor(big.row))).json).toEqual({ code: 'above_transaction_cap' });
    // 0.498 ETH went out today (the first test); 0.798 more passes 1.2 ETH.
    const more = await sentWithdrawal('0.8');
    expect((await sign(askFor(more.row))).json).toEqual({ code: 'above_daily_cap' });
    // Through the sender, the refusal leaves the row QUEUED and the withdrawal SENT: nothing is refunded.
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    const [row] = await t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.id, big.row.id));
    expect(row).toMatchObject({ status: 'QUEUED', raw: null });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('signs a withdrawal at one nonce only: a second nonce, a rewritten nonce and a cancel elsewhere are refused; a replacement counts once', async () => {
    // What today's signatures let out of the hot wallet, each signed (row, nonce) once.
    const signedToday = await t.ctx.db
      .select()
      .from(chainSignatures)
      .where(eq(chainSignatures.kind, 'transaction'));
    const once = new Map(signedToday.map((one) => [`${one.outboxId}:${one.nonce}`, BigInt(one.amountRaw)]));
    const left = parseEther('1.2') - [...once.values()].reduce((sum, amount) => sum + amount, 0n);
    expect(left > 0n && left < parseEther('1')).toBe(true);
    // A withdrawal that takes exactly what is left of the day's cap (the fee is 0.002 ETH).
    const minor = (left + parseEther('0.002')) / 10n ** 10n;
    const { row } = await sentWithdrawal(
      `${minor / 10n ** 8n}.${(minor % 10n ** 8n).toString().padStart(8, '0')}`,
    );
    expect(BigInt(row.value)).toBe(left);
    const at = (nonce: number, maxFee = 2_000_000_000n) => {
      const body = askFor(row);
      return { ...body, nonce, max_fee_per_gas: maxFee.toString() };
    };
    expect((await sign(at(60))).status).toBe(200);
    // The same QUEUED row again at the next nonce would be a second payment.
    expect((await sign(at(61))).json).toEqual({ code: 'nonce_differs' });
    // A fee replacement at the recorded nonce is the same payment: counted once, so it fits the cap.
    expect((await sign(at(60, 3_000_000_000n))).status).toBe(200);
    const other = await sentWithdrawal('0.01');
    expect((await sign({ ...askFor(other.row), nonce: 70 })).json).toEqual({ code: 'above_daily_cap' });
    // The outbox's nonce rewritten on a BROADCAST row, and a 'replacement' or a cancel asked at it.
    await t.ctx.db
      .update(chainTransactions)
      .set({ status: 'BROADCAST', nonce: 62 })
      .where(eq(chainTransactions.id, row.id));
    expect((await sign(at(62, 4_000_000_000n))).json).toEqual({ code: 'nonce_differs' });
    const hot = keysForAddresses.address({ kind: 'hot' });
    const cancel = (nonce: number) => ({ ...at(nonce), kind: 'cancel', to: hot, value: '0', data: null });
    expect((await sign(cancel(62))).json).toEqual({ code: 'cancel_differs' });
    await t.ctx.db.update(chainTransactions).set({ nonce: 60 }).where(eq(chainTransactions.id, row.id));
    expect((await sign(cancel(60))).status).toBe(200);
    const recorded = await t.ctx.db
      .select()
      .from(chainSignatures)
      .where(eq(chainSignatures.outboxId, row.id));
    expect(
      recorded
        .map((one) => [one.kind, one.nonce, one.fromAddress])
        .sort()
        .reverse(),
    ).toEqual([
      ['transaction', 60, row.fromAddress],
      ['transaction', 60, row.fromAddress],
      ['cancel', 60, row.fromAddress],
    ]);
  });

  it("the web process reaches it by SIGNER_URL with no key of its own, and refuses a signer whose seed is not CHAIN_XPUB's", async () => {
    const web = (xpub: string) =>
      testConfig({
        CHAIN_MODE: 'external',
        CHAIN_RPC_URL: env.CHAIN_RPC_URL!,
        CHAIN_XPUB: xpub,
        SIGNER_URL: endpoint.url,
        SIGNER_SECRET: secret,
      });
    const own = web(xpubOfMnemonic(words));
    expect(own.chainSigner).toBeNull();
    const connected = await connectSignerProcess(own, createLogger('silent'));
    for (const key of [{ kind: 'hot' }, { kind: 'deposit', index: 3 }] as const)
      expect(connected.chainSigner!.address(key)).toBe(keysForAddresses.address(key));
    const other = web(xpubOfMnemonic(generateMnemonic(wordlist, 256)));
    await expect(connectSignerProcess(other, createLogger('silent'))).rejects.toThrow(/not CHAIN_XPUB's/);
  });
});
