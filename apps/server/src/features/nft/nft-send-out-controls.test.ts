import { randomUUID } from 'node:crypto';
import { systemAccount, userAccount } from '@exchange/domain';
import { and, eq, like } from 'drizzle-orm';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, nftItems, nftSendOuts, users, withdrawalAddresses } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { transferFunds } from '../../test/transfer-funds';
import { depositViaSandbox } from '../deposits/sandbox-deposit-test-helpers';
import { type Customer, customerWithUsd, freshTotp } from '../withdrawals/withdrawal-test-helpers';
import { nftChainTestEnv, runSenderUntilIdle } from './nft-chain-test-helpers';
import { createNft, postAs } from './nft-test-helpers';

// Issue 43, item 4: an NFT send-out goes through the coin withdrawals' outflow rules (the security
// cool-down, the new-address cool-down, the daily limit, the deposit hold), with their codes and
// messages. Every refusal leaves the NFT with its owner, on the hot wallet, and nothing enqueued.
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
let chain: Awaited<ReturnType<typeof nftChainTestEnv>>;

beforeAll(async () => {
  chain = await nftChainTestEnv({
    CHAIN_SENDER_REPLACE_AFTER_MS: '86400000',
    WITHDRAWAL_COOL_DOWN_HOURS: '24',
    WITHDRAWAL_DAILY_LIMIT_USD: '100',
    DEPOSIT_HOLD_DAYS: '3',
  });
  t = await createTestApp({
    env: { ...chain.env, UPLOAD_LIMIT_PER_MINUTE: '1000', ACCESS_TOKEN_TTL_SECONDS: '864000' },
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(() => t.close());

const post = (user: TestUser, url: string, payload: object = {}) => postAs(t, user, url, payload);
const outsider = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const settle = () => runSenderUntilIdle(t, chain.read.mine);

/** A minted item the house sells for `usd`, bought by `owner` (or a new customer with the USD). */
async function ownedItem(name: string, usd: string, owner?: Customer) {
  const id = await createNft(t, admin, { name, price: usd, coin: 'USD' });
  await settle();
  const buyer = owner ?? (await customerWithUsd(t, BigInt(Math.round(Number(usd) * 100))));
  const bought = await post(buyer, '/nft/buy', { id, price: usd });
  expect(bought.statusCode, bought.body).toBe(200);
  const [row] = await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, id));
  expect(row!.chainState).toBe('MINTED');
  return { id, owner: buyer, tokenId: BigInt(row!.tokenId!) };
}

/** An address in the owner's book on the NFT's chain, usable from `usableAt` (past: ready now). */
async function bookAddress(owner: TestUser, usableAt = new Date(clock.now().getTime() - 60_000)) {
  const address = outsider();
  await t.ctx.db.insert(withdrawalAddresses).values({
    id: randomUUID(),
    userId: owner.id,
    chain: 'ethereum',
    address,
    label: 'My wallet',
    usableAt,
  });
  return address;
}

async function sendOut(owner: Customer, id: string, address: string) {
  return post(owner, '/nft/sendToWallet', { id, address, totp: await freshTotp(t, clock, owner.secret) });
}

/** The refusal changed nothing: the owner keeps the item, the hot wallet the token, no transfer is out. */
async function expectStaysWithOwner(item: { id: string; owner: TestUser; tokenId: bigint }) {
  const [row] = await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, item.id));
  expect(row).toMatchObject({ ownerId: item.owner.id, chainState: 'MINTED', withdrawnTo: null });
  const transfers = await t.ctx.db
    .select()
    .from(chainTransactions)
    .where(
      and(eq(chainTransactions.purpose, 'NFT_TRANSFER'), like(chainTransactions.reference, `${item.id}:%`)),
    );
  expect(transfers).toEqual([]);
  expect(await t.ctx.db.select().from(nftSendOuts).where(eq(nftSendOuts.itemId, item.id))).toEqual([]);
  expect(await chain.read.ownerOf(item.tokenId)).toBe(chain.hot);
}

describe('an NFT send-out goes through the withdrawal controls', () => {
  it('waits out the security cool-down after a password change, as a coin withdrawal does', async () => {
    const item = await ownedItem('Cooling Crane', '10');
    const address = await bookAddress(item.owner);
    await t.ctx.db.update(users).set({ passwordChangedAt: clock.now() }).where(eq(users.id, item.owner.id));
    const refused = await sendOut(item.owner, item.id, address);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('security_cool_down');
    expect(refused.json().message).toMatch(
      /^For your safety, withdrawals are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC after a change/,
    );
    await expectStaysWithOwner(item);
  });

  it('sends only to an address used before or a book entry past its cool-down', async () => {
    const item = await ownedItem('Careful Crow', '10');
    const fresh = await sendOut(item.owner, item.id, outsider());
    expect([fresh.statusCode, fresh.json().message]).toEqual([
      422,
      'This address is new to your account: add it to your address book first, and send to it once its safety wait ends',
    ]);
    const cooling = await bookAddress(item.owner, new Date(clock.now().getTime() + 86_400_000));
    const waiting = await sendOut(item.owner, item.id, cooling);
    expect(waiting.statusCode).toBe(422);
    expect(waiting.json().message).toMatch(
      /^This address book entry can be used from \d{4}-\d\d-\d\d \d\d:\d\d UTC: new entries wait/,
    );
    await expectStaysWithOwner(item);
    await t.ctx.db
      .update(withdrawalAddresses)
      .set({ usableAt: clock.now() })
      .where(eq(withdrawalAddresses.address, cooling));
    const sent = await sendOut(item.owner, item.id, cooling);
    expect(sent.statusCode, sent.body).toBe(200);
    await settle();
    expect(await chain.read.ownerOf(item.tokenId)).toBe(cooling);
  });

  it("counts the NFT's value (the greater of its last sale and asking price) toward the daily withdrawal limit", async () => {
    const first = await ownedItem('Daily Dove', '60');
    const owner = first.owner;
    const address = await bookAddress(owner);
    const second = await ownedItem('Daily Drake', '60', await topUp(owner, 60_00n));
    // Listed cheaply and taken off sale again: its last sale still values it at 60 USD.
    expect((await post(owner, '/nft/listForSale', { id: second.id, price: '0.01' })).statusCode).toBe(200);
    expect((await post(owner, '/nft/withdrawFromSale', { id: second.id })).statusCode).toBe(200);
    expect((await sendOut(owner, first.id, address)).statusCode).toBe(200);
    const refused = await sendOut(owner, second.id, address);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'daily_limit',
      message: 'This is over your daily withdrawal limit: you can withdraw 40.00 USD worth more today',
    });
    await expectStaysWithOwner(second);
    await settle();
  });

  it("keeps a recent deposit's value from leaving as an NFT bought with it", async () => {
    const owner = await customerWithUsd(t, 0n);
    await depositViaSandbox(t, owner, '50.00');
    const item = await ownedItem('Held Heron', '50', owner);
    const refused = await sendOut(owner, item.id, await bookAddress(owner));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'deposit_on_hold',
      message:
        'Funds from a deposit made in the last 3 days cannot leave the exchange yet. You can send up to 0.00 USD worth now.',
    });
    await expectStaysWithOwner(item);
    await expectLedgerConsistent(t.ctx.db);
  });
});

/** Gives the customer `cents` more USD, as the test funding does. */
async function topUp(owner: Customer, cents: bigint): Promise<Customer> {
  const funded = await transferFunds(t.ctx.db, {
    from: systemAccount('PAYMENT_CLEARING', 'USD'),
    to: userAccount(owner.id, 'USD'),
    amount: cents,
    kind: 'TEST_FUNDING',
    reference: `test:fund:${randomUUID()}`,
    userId: owner.id,
  });
  expect(funded.ok).toBe(true);
  return owner;
}
