import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, nftItems, users } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { createNft, createNftRequest, postAs } from './nft-test-helpers';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { NFT_RESALE_FEE_BPS: '250', UPLOAD_LIMIT_PER_MINUTE: '1000' } });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
});

const post = (user: TestUser | null, url: string, payload: object = {}) => postAs(t, user, url, payload);

describe('the marketplace', () => {
  it('an admin creates an item; customers see it in the grid and its details, with its image', async () => {
    const id = await createNft(t, admin, { name: 'Market Owl', price: '1.25', coin: 'ETH' });
    const alice = await createTestUser(t, { kyc: true });
    const list = await post(alice, '/users/getAllNftMarketPlace', { search: 'market owl' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, page: 1, limit: 12 });
    expect(list.json().data.content[0]).toMatchObject({
      _id: id,
      name: 'Market Owl',
      price: '1.25000000',
      coin: 'ETH',
      owner: null,
      listed: true,
      is_mine: false,
    });
    const detail = await post(alice, '/nftDetailById', { id });
    expect(detail.json().data).toMatchObject({ description: 'A blue ape.', history: [], token: null });
    const image = await t.app.inject({ method: 'GET', url: detail.json().data.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'NFT_CREATED'));
    expect(audit.some((row) => (row.details as { item?: string }).item === id)).toBe(true);
  });

  it('pages, searches (literally) and sorts by price on the server', async () => {
    const tag = `Sorted${Date.now()}`;
    for (const price of ['3', '1', '2'])
      await createNft(t, admin, { name: `${tag} ${price}`, price, coin: 'DOT' });
    const alice = await createTestUser(t, { kyc: true });
    const page = async (body: object) => (await post(alice, '/users/getAllNftMarketPlace', body)).json().data;
    const cheap = await page({ search: tag, orderBy: 'price_asc', limit: 2 });
    expect(cheap.total).toBe(3);
    expect(cheap.content.map((c: { price: string }) => c.price)).toEqual(['1.00000000', '2.00000000']);
    const second = await page({ search: tag, orderBy: 'price_asc', limit: 2, page: 2 });
    expect(second.content.map((c: { price: string }) => c.price)).toEqual(['3.00000000']);
    expect((await page({ search: tag, orderBy: 'price_desc' })).content[0].price).toBe('3.00000000');
    expect((await page({ search: `${tag}%` })).total).toBe(0);
    expect((await page({ search: tag, coin: 'ETH' })).total).toBe(0);
    const bad = await post(alice, '/users/getAllNftMarketPlace', { orderBy: 'drop table', limit: 1000 });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a bad form with its message and stores nothing', async () => {
    const before = (await t.ctx.db.select().from(nftItems)).length;
    const msg = async (fields: object) => {
      const res = await createNftRequest(t, admin, fields);
      expect(res.statusCode).toBe(400);
      return res.json().message;
    };
    expect(await msg({ name: '' })).toBe('Please Enter Name');
    expect(await msg({ price: '0' })).toBe('Price should be greater than 0');
    expect(await msg({ price: 'abc' })).toBe('Price should be greater than 0');
    expect(await msg({ price: '0.123456789' })).toBe('Price can have at most 8 decimal places');
    expect(await msg({ coin: 'DOGE' })).toBe('Please Choose Currency');
    const noImage = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/createNft',
      headers: admin.headers,
      payload: { name: 'x' },
    });
    expect(noImage.statusCode).toBe(400);
    expect((await t.ctx.db.select().from(nftItems)).length).toBe(before);
  });
});

describe('buying, My NFTs and reselling', () => {
  it('a primary sale pays the house, a resale pays the seller minus the fee; history and lists follow', async () => {
    const id = await createNft(t, admin, { name: 'Resold Fox', price: '1', coin: 'ETH' });
    const alice = await createTestUser(t, { kyc: true, name: 'Alice Fox' });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '2');
    await fund(t, carol, 'ETH', '5');
    const bought = await post(alice, '/nft/buy', { id, price: '1' });
    expect(bought.statusCode).toBe(200);
    expect(bought.json()).toMatchObject({ status: true, message: 'You bought this NFT' });
    expect(bought.json().data.item).toMatchObject({ owner: 'Alice Fox', is_mine: true, listed: false });
    expect((await balances(t, alice)).ETH?.balance).toBe('1.00000000');
    const mine = (await post(alice, '/nft/myNfts')).json().data;
    expect(mine.total).toBe(1);
    expect(mine.content[0]._id).toBe(id);
    // Off sale now: not in the grid, and Carol cannot buy it.
    expect(
      (await post(carol, '/users/getAllNftMarketPlace', { search: 'Resold Fox' })).json().data.total,
    ).toBe(0);
    const notForSale = await post(carol, '/nft/buy', { id, price: '1' });
    expect(notForSale.statusCode).toBe(409);
    expect(notForSale.json().message).toBe('This NFT has just been sold or is no longer for sale');

    const listed = await post(alice, '/nft/listForSale', { id, price: '4' });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toMatchObject({ listed: true, price: '4.00000000' });
    expect((await post(alice, '/nft/listForSale', { id, price: '5' })).statusCode).toBe(409);
    // Carol confirmed an older price: refused, nothing charged.
    const stale = await post(carol, '/nft/buy', { id, price: '1' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The price of this NFT has changed: please check it and try again');
    expect((await post(alice, '/nft/buy', { id, price: '4' })).json().message).toBe(
      'You already own this NFT',
    );
    const resale = await post(carol, '/nft/buy', { id, price: '4' });
    expect(resale.statusCode).toBe(200);
    // 2.5% of 4 ETH goes to the house; Alice gets 3.9.
    expect((await balances(t, alice)).ETH?.balance).toBe('4.90000000');
    expect((await balances(t, carol)).ETH?.balance).toBe('1.00000000');
    const detail = (await post(carol, '/nftDetailById', { id })).json().data;
    expect(detail.history.map((h: { price: string }) => h.price)).toEqual(['4.00000000', '1.00000000']);
    expect((await post(alice, '/nft/myNfts')).json().data.total).toBe(0);
    const sales = (await post(admin, '/admin/nftSales', { search: 'Resold Fox' })).json().data;
    expect(sales.total).toBe(2);
    expect(sales.content[0]).toMatchObject({ seller: alice.email, buyer: carol.email, fee: '0.10000000' });
    expect(sales.content[1]).toMatchObject({ seller: null, buyer: alice.email, fee: '0.00000000' });
    // Each side's wallet history shows the sale: Carol paid 4, Alice received 3.9 and had paid 1.
    const history = async (user: TestUser) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions', headers: user.headers })
      ).json().data;
    expect((await history(carol))[0]).toMatchObject({ operation: 'NFT_BUY', from: { amount: '4.00000000' } });
    const aliceRows = await history(alice);
    expect(aliceRows[0]).toMatchObject({ operation: 'NFT_SALE', to: { amount: '3.90000000' } });
    expect(aliceRows[1]).toMatchObject({ operation: 'NFT_BUY', from: { amount: '1.00000000' } });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('withdrawing from sale takes it off the grid; a buyer without the coins is refused and nothing moves', async () => {
    const id = await createNft(t, admin, { name: 'Poor Buyer Cat', price: '3', coin: 'ETH' });
    const alice = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    const poor = await post(alice, '/nft/buy', { id, price: '3' });
    expect(poor.statusCode).toBe(422);
    expect(poor.json().message).toBe('Insufficient amount');
    const [row] = await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, id));
    expect(row).toMatchObject({ ownerId: null, listed: true });
    await fund(t, alice, 'ETH', '2');
    expect((await post(alice, '/nft/buy', { id, price: '3' })).statusCode).toBe(200);
    await post(alice, '/nft/listForSale', { id, price: '6' });
    const withdrawn = await post(alice, '/nft/withdrawFromSale', { id });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.listed).toBe(false);
    expect((await post(alice, '/nft/withdrawFromSale', { id })).json().message).toBe(
      'This NFT is not for sale',
    );
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a hidden item leaves the grid and cannot be bought; its owner still sees it', async () => {
    const id = await createNft(t, admin, { name: 'Hidden Bat', price: '1', coin: 'ETH' });
    const alice = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    const hide = await post(admin, '/updateContentStatus', { id, status: 'HIDDEN' });
    expect(hide.statusCode).toBe(200);
    expect(
      (await post(alice, '/users/getAllNftMarketPlace', { search: 'Hidden Bat' })).json().data.total,
    ).toBe(0);
    expect((await post(alice, '/nftDetailById', { id })).statusCode).toBe(404);
    expect((await post(alice, '/nft/buy', { id, price: '1' })).statusCode).toBe(404);
    expect((await post(admin, '/nftDetailById', { id })).json().data.status).toBe('HIDDEN');
    await post(admin, '/updateContentStatus', { id, status: 'ACTIVE' });
    expect((await post(alice, '/nft/buy', { id, price: '1' })).statusCode).toBe(200);
    await post(admin, '/updateContentStatus', { id, status: 'HIDDEN' });
    expect((await post(alice, '/nftDetailById', { id })).json().data).toMatchObject({
      status: 'HIDDEN',
      is_mine: true,
    });
    expect((await post(alice, '/nft/myNfts')).json().data.total).toBe(1);
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'NFT_HIDDEN'));
    expect(audit.filter((row) => (row.details as { item?: string }).item === id)).toHaveLength(2);
    const listed = (await post(admin, '/admin/nftList', { search: 'Hidden Bat' })).json().data;
    expect(listed.content[0]).toMatchObject({ status: 'HIDDEN', owner_email: alice.email, sales: 1 });
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('who may call what', () => {
  it('anonymous, unverified, disabled, another user and admin each get their answer, and nothing changes', async () => {
    const id = await createNft(t, admin, { name: 'Guarded Eel', price: '1', coin: 'ETH' });
    const owner = await createTestUser(t, { kyc: true });
    await fund(t, owner, 'ETH', '1');
    await post(owner, '/nft/buy', { id, price: '1' });
    await post(owner, '/nft/listForSale', { id, price: '2' });
    const other = await createTestUser(t, { kyc: true });
    const unverified = await createTestUser(t, { kyc: false });
    const disabled = await createTestUser(t, { kyc: true });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    await fund(t, unverified, 'ETH', '5');

    const calls: [string, object][] = [
      ['/users/getAllNftMarketPlace', {}],
      ['/nftDetailById', { id }],
      ['/nft/myNfts', {}],
      ['/nft/buy', { id, price: '2' }],
      ['/nft/listForSale', { id, price: '3' }],
      ['/nft/withdrawFromSale', { id }],
      ['/updateContentStatus', { id, status: 'HIDDEN' }],
      ['/admin/nftList', {}],
      ['/admin/nftSales', {}],
    ];
    for (const [url, body] of calls) {
      expect((await post(null, url, body)).statusCode, `anonymous ${url}`).toBe(401);
      expect([401, 403], `disabled ${url}`).toContain((await post(disabled, url, body)).statusCode);
    }
    expect((await createNftRequest(t, null)).statusCode).toBe(401);
    for (const user of [owner, other, unverified]) {
      expect((await createNftRequest(t, user)).statusCode).toBe(403);
      expect((await post(user, '/updateContentStatus', { id, status: 'HIDDEN' })).statusCode).toBe(403);
      expect((await post(user, '/admin/nftList')).statusCode).toBe(403);
      expect((await post(user, '/admin/nftSales')).statusCode).toBe(403);
    }
    // An unverified customer may browse, but no money flows for them.
    expect((await post(unverified, '/users/getAllNftMarketPlace')).statusCode).toBe(200);
    expect((await post(unverified, '/nft/buy', { id, price: '2' })).statusCode).toBe(403);
    // Another customer cannot list or withdraw the owner's item.
    expect((await post(other, '/nft/withdrawFromSale', { id })).json().message).toBe(
      'You do not own this NFT',
    );
    expect((await post(other, '/nft/listForSale', { id, price: '1' })).statusCode).toBe(403);
    // Staff do not trade NFTs.
    const staffBuy = await post(admin, '/nft/buy', { id, price: '2' });
    expect([403]).toContain(staffBuy.statusCode);
    // Bad input is a 4xx.
    expect((await post(other, '/nftDetailById', { id: 'not-a-uuid' })).statusCode).toBe(400);
    expect((await post(other, '/nft/buy', { id })).statusCode).toBe(400);
    expect((await post(admin, '/updateContentStatus', { id, status: 'GONE' })).statusCode).toBe(400);
    expect(
      (
        await post(admin, '/updateContentStatus', {
          id: '00000000-0000-4000-8000-000000000000',
          status: 'HIDDEN',
        })
      ).statusCode,
    ).toBe(404);
    const [row] = await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, id));
    expect(row).toMatchObject({ ownerId: owner.id, listed: true, price: '200000000', status: 'ACTIVE' });
    expect((await balances(t, unverified)).ETH?.balance).toBe('5.00000000');
    await expectLedgerConsistent(t.ctx.db);
  });
});
