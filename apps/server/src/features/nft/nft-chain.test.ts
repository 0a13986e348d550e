import { desc, eq } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAuditLog, mailOutbox, nftItems } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { customerWithUsd, freshTotp } from '../withdrawals/withdrawal-test-helpers';
import { nftChainOf } from './nft-chain';
import { nftChainTestEnv, outboxRows, runSenderUntilIdle } from './nft-chain-test-helpers';
import { createNft, postAs } from './nft-test-helpers';
import { placeNftSendOut } from './send-nft-to-wallet';

// The real local chain: this file's own ERC-721 (minter: this file's hot wallet), mints and transfers
// sent by the app's chain sender, which the tests run as the scheduler's leader would.
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
let chain: Awaited<ReturnType<typeof nftChainTestEnv>>;

beforeAll(async () => {
  chain = await nftChainTestEnv({ CHAIN_SENDER_REPLACE_AFTER_MS: '86400000' });
  t = await createTestApp({
    env: { ...chain.env, UPLOAD_LIMIT_PER_MINUTE: '1000', ACCESS_TOKEN_TTL_SECONDS: '86400' },
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, payload: object = {}) => postAs(t, user, url, payload);
const outsider = () => privateKeyToAccount(generatePrivateKey()).address;
const itemRow = async (id: string) => (await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, id)))[0]!;
const settle = () => runSenderUntilIdle(t, chain.read.mine);

/** A minted item bought by a customer with two-factor on: the item's id, token and its owner. */
async function ownedMintedItem(name: string) {
  const id = await createNft(t, admin, { name, price: '0.1', coin: 'ETH' });
  await settle();
  const owner = await customerWithUsd(t, 0n);
  await fund(t, owner, 'ETH', '1');
  expect((await post(owner, '/nft/buy', { id, price: '0.1' })).statusCode).toBe(200);
  const row = await itemRow(id);
  expect(row.chainState).toBe('MINTED');
  return { id, owner, tokenId: BigInt(row.tokenId!) };
}

describe('minting', () => {
  it('creating an item mints its token to the hot wallet with the image as its URI', async () => {
    const id = await createNft(t, admin, { name: 'Minted Moth', price: '1', coin: 'ETH' });
    const customer = await createTestUser(t, { kyc: true });
    const before = (await post(customer, '/nftDetailById', { id })).json().data;
    expect(before).toMatchObject({ chain_state: 'MINTING', token: null });
    const [mint] = (await outboxRows(t, 'NFT_MINT')).filter((row) => row.reference === id);
    expect(mint).toMatchObject({ toAddress: chain.contract, fromKey: 'hot' });

    await settle();
    const row = await itemRow(id);
    const tokenId = BigInt(row.tokenId!);
    expect(row).toMatchObject({ chainState: 'MINTED', chain: 'ethereum', contractAddress: chain.contract });
    expect(await chain.read.ownerOf(tokenId)).toBe(chain.hot);
    const after = (await post(customer, '/nftDetailById', { id })).json().data;
    expect(await chain.read.tokenURI(tokenId)).toBe(`https://nft.example${after.image}`);
    expect(after).toMatchObject({
      chain_state: 'MINTED',
      token: {
        chain: 'ethereum',
        contract: chain.contract,
        token_id: String(tokenId),
        explorer_url: `https://explorer.example/token/${chain.contract}?a=${tokenId}`,
      },
      sent_to: null,
    });
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('withdrawing a token to the owner’s own wallet', () => {
  it('sends it: locked while on its way, then WITHDRAWN, held by the customer’s address, audited and mailed', async () => {
    const { id, owner, tokenId } = await ownedMintedItem('Leaving Lynx');
    const to = outsider();
    const sent = await post(owner, '/nft/sendToWallet', {
      id,
      address: to.toLowerCase(),
      totp: await freshTotp(t, clock),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      chain_state: 'SENDING',
      sent_to: { address: to, tx_hash: null },
    });
    // Locked while it travels: neither listable nor buyable.
    const listing = await post(owner, '/nft/listForSale', { id, price: '5' });
    expect(listing.statusCode).toBe(409);
    expect(listing.json().message).toBe('This NFT is on its way to your wallet');

    await settle();
    expect(await chain.read.ownerOf(tokenId)).toBe(getAddress(to));
    const row = await itemRow(id);
    expect(row).toMatchObject({ chainState: 'WITHDRAWN', listed: false, ownerId: owner.id, withdrawnTo: to });
    const detail = (await post(owner, '/nftDetailById', { id })).json().data;
    expect(detail.sent_to).toEqual({
      address: to,
      tx_hash: row.withdrawTxHash,
      explorer_url: `https://explorer.example/tx/${row.withdrawTxHash}`,
    });
    // Gone from the exchange: in the owner's list as withdrawn, never in the marketplace again.
    const mine = (await post(owner, '/nft/myNfts')).json().data.content;
    expect(mine.find((card: { _id: string }) => card._id === id)).toMatchObject({ chain_state: 'WITHDRAWN' });
    expect((await post(owner, '/nft/listForSale', { id, price: '5' })).json().message).toBe(
      'This NFT has left the exchange for your wallet',
    );
    const again = await post(owner, '/nft/sendToWallet', {
      id,
      address: to,
      totp: await freshTotp(t, clock),
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, owner.id));
    expect(audit.map((line) => line.action).sort()).toEqual(['NFT_SEND_REQUESTED', 'NFT_SENT_TO_WALLET']);
    await expect.poll(async () => (await mailsTo(owner.email)).join('\n')).toContain('arrived at');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a transfer that fails on the chain gives the item back to its owner, unlocked, and says so', async () => {
    const { id, owner, tokenId } = await ownedMintedItem('Bouncing Bat');
    // A contract that does not take ERC-721 tokens: safeTransferFrom reverts.
    const refusing = getAddress(inject('chainUsdt'));
    const sent = await post(owner, '/nft/sendToWallet', {
      id,
      address: refusing,
      totp: await freshTotp(t, clock),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle();
    const [transfer] = (await outboxRows(t, 'NFT_TRANSFER')).filter((row) => row.reference.startsWith(id));
    expect(transfer).toMatchObject({ status: 'FAILED', reason: 'reverted' });
    expect(await chain.read.ownerOf(tokenId)).toBe(chain.hot);
    expect(await itemRow(id)).toMatchObject({
      chainState: 'MINTED',
      chainReference: null,
      withdrawnTo: null,
      ownerId: owner.id,
    });
    await expect.poll(async () => (await mailsTo(owner.email)).join('\n')).toContain('back in your account');
    // Unlocked: the owner may list it again, or send it to a good address.
    expect((await post(owner, '/nft/listForSale', { id, price: '3' })).statusCode).toBe(200);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('20 parallel requests for one item send it once', async () => {
    const { id, owner, tokenId } = await ownedMintedItem('Racing Rook');
    const to = outsider();
    const totp = await freshTotp(t, clock);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(owner, '/nft/sendToWallet', { id, address: to, totp })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    // Past the second factor too: 20 sends of the checked request, one gets the item.
    const { id: id2, owner: owner2, tokenId: token2 } = await ownedMintedItem('Racing Rook II');
    const nft = nftChainOf(t.ctx.config, t.ctx.chainSender)!;
    const placed = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        placeNftSendOut(t.ctx, nft, {
          itemId: id2,
          ownerId: owner2.id,
          tokenId: token2,
          address: to as Address,
          valueCents: 0n,
        }),
      ),
    );
    expect(placed.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
    const transfers = await outboxRows(t, 'NFT_TRANSFER');
    expect(transfers.filter((row) => row.reference.startsWith(id))).toHaveLength(1);
    expect(transfers.filter((row) => row.reference.startsWith(id2))).toHaveLength(1);
    await settle();
    expect(await chain.read.ownerOf(tokenId)).toBe(getAddress(to));
    expect(await chain.read.ownerOf(token2)).toBe(getAddress(to));
    expect(await chain.read.balanceOf(to as Address)).toBe(2n);
    await expectLedgerConsistent(t.ctx.db);
  });
});

async function mailsTo(email: string): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.map((row) => row.text);
}
