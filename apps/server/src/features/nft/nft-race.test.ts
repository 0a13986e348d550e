import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nftItems, nftSales } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';
import { createNft, postAs } from './nft-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('20 buyers at once: exactly one owns the item and pays once, the others are told it is sold', async () => {
  const admin = await createTestUser(t, { role: 'ADMIN' });
  const id = await createNft(t, admin, { name: 'Raced Lynx', price: '1', coin: 'ETH' });
  const buyers = await Promise.all(Array.from({ length: 20 }, () => createTestUser(t, { kyc: true })));
  for (const buyer of buyers) await fund(t, buyer, 'ETH', '1');
  const answers = await Promise.all(buyers.map((buyer) => postAs(t, buyer, '/nft/buy', { id, price: '1' })));
  const won = answers.filter((res) => res.statusCode === 200);
  expect(won).toHaveLength(1);
  const lost = answers.filter((res) => res.statusCode !== 200);
  expect(lost.map((res) => res.statusCode)).toEqual(Array(19).fill(409));
  expect(new Set(lost.map((res) => res.json().message))).toEqual(
    new Set(['This NFT has just been sold or is no longer for sale']),
  );
  const winner = buyers[answers.indexOf(won[0]!)]!;
  const [row] = await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, id));
  expect(row).toMatchObject({ ownerId: winner.id, listed: false });
  expect(await t.ctx.db.select().from(nftSales).where(eq(nftSales.itemId, id))).toHaveLength(1);
  const spent = await Promise.all(buyers.map(async (b) => (await balances(t, b)).ETH?.balance));
  expect(spent.filter((balance) => balance === '0.00000000')).toHaveLength(1);
  expect(spent.filter((balance) => balance === '1.00000000')).toHaveLength(19);
  await expectLedgerConsistent(t.ctx.db);
});
