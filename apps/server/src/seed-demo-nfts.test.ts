import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nftItems, users } from './db/schema';
import { nftChainTestEnv, runSenderUntilIdle } from './features/nft/nft-chain-test-helpers';
import { seedDemo } from './seed';
import { DEMO_NFTS, seedDemoNfts } from './seed-demo-nfts';
import { createTestApp, type TestApp } from './test/test-app';
import { signInAs } from './test/test-users';

let t: TestApp;
let chain: Awaited<ReturnType<typeof nftChainTestEnv>>;
beforeAll(async () => {
  chain = await nftChainTestEnv();
  t = await createTestApp({ env: chain.env });
});
afterAll(() => t.close());

describe('demo NFTs', () => {
  it('a fresh start has the house’s items for sale, with their images, minted on the chain; reseeding changes nothing', async () => {
    await seedDemo(t.ctx);
    await seedDemoNfts(t.ctx);
    await seedDemoNfts(t.ctx);
    const [alice] = await t.ctx.db.select().from(users).where(eq(users.email, 'alice@example.com'));
    const { headers } = await signInAs(t, alice!.id, 'USER');
    const market = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/getAllNftMarketPlace',
      headers,
      payload: { orderBy: 'oldest' },
    });
    const cards = market.json().data.content as {
      name: string;
      owner: null;
      listed: boolean;
      image: string;
    }[];
    expect(cards.map((card) => card.name)).toEqual(DEMO_NFTS.map((item) => item.name));
    expect(cards.every((card) => card.owner === null && card.listed)).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: cards[0]!.image });
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);

    await runSenderUntilIdle(t, chain.read.mine);
    const rows = await t.ctx.db.select().from(nftItems);
    expect(rows.map((row) => row.chainState)).toEqual(DEMO_NFTS.map(() => 'MINTED'));
    for (const row of rows) expect(await chain.read.ownerOf(BigInt(row.tokenId!))).toBe(chain.hot);
  });
});
