import { createHash, randomUUID } from 'node:crypto';
import { assert, getAsset, parseDecimal } from '@exchange/domain';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { nftItems, users } from './db/schema';
import { enqueueNftMint } from './features/nft/mint-nft';
import { insertNftItem } from './features/nft/nft.repository';
import { nftChainOf } from './features/nft/nft-chain';
import { findUpload, insertUpload, storageKeyOf } from './features/uploads/uploads.repository';
import type { AppContext } from './platform/app-context';

/** The demo marketplace: a few items the house sells, each with artwork drawn here (no network). */
export const DEMO_NFTS = [
  {
    name: 'Genesis Block Sunrise',
    description: 'A sun rising over the first block of a chain. The first item of the demo marketplace.',
    coin: 'ETH',
    price: '0.05',
    colors: ['#f97316', '#7c2d12'],
    shape: 'sun',
  },
  {
    name: 'Ledger Lines',
    description: 'Every balance change through the ledger, drawn as lines that always add up.',
    coin: 'USD',
    price: '25',
    colors: ['#0ea5e9', '#1e3a8a'],
    shape: 'lines',
  },
  {
    name: 'Cold Wallet Crystal',
    description: 'A crystal kept far from the internet, as a cold wallet should be.',
    coin: 'ETH',
    price: '2',
    colors: ['#a78bfa', '#312e81'],
    shape: 'crystal',
  },
  {
    name: 'Order Book Garden',
    description: 'Bids and asks growing toward each other until they meet at the price.',
    coin: 'USDT',
    price: '120',
    colors: ['#22c55e', '#14532d'],
    shape: 'bars',
  },
] as const;

type DemoNft = (typeof DEMO_NFTS)[number];

/** A 512 × 512 picture of the item: a gradient with its shape, as SVG for sharp to draw. */
function artwork(item: DemoNft): string {
  const [light, dark] = item.colors;
  const shapes = {
    sun: '<circle cx="256" cy="300" r="120" fill="#fde68a"/><rect x="0" y="380" width="512" height="132" fill="#1f2937"/>',
    lines: Array.from(
      { length: 9 },
      (_, i) =>
        `<rect x="64" y="${72 + i * 44}" width="${384 - (i % 3) * 90}" height="16" rx="8" fill="#e0f2fe" opacity="${0.4 + (i % 3) * 0.2}"/>`,
    ).join(''),
    crystal:
      '<polygon points="256,64 380,220 256,448 132,220" fill="#ede9fe" opacity="0.85"/><polygon points="256,64 300,220 256,448 212,220" fill="#c4b5fd"/>',
    bars: Array.from(
      { length: 8 },
      (_, i) =>
        `<rect x="${48 + i * 54}" y="${448 - (i < 4 ? 60 + i * 70 : 60 + (7 - i) * 70)}" width="40" height="${i < 4 ? 60 + i * 70 : 60 + (7 - i) * 70}" rx="6" fill="${i < 4 ? '#bbf7d0' : '#fecaca'}"/>`,
    ).join(''),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#g)"/>${shapes[item.shape]}</svg>`;
}

/**
 * Puts the demo items on the marketplace once (a fresh `npm start`): listed for sale by the house
 * (primary sales), created by the demo admin, each image drawn by sharp and stored like an upload, and
 * minted when the chain's NFT contract is configured. Running it again changes nothing.
 */
export async function seedDemoNfts(ctx: Pick<AppContext, 'db' | 'config' | 'storage' | 'chainSender'>) {
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, 'admin@example.com'), eq(users.role, 'ADMIN')));
  if (!admin) return;
  const names = DEMO_NFTS.map((item) => item.name);
  const present = await ctx.db
    .select({ name: nftItems.name })
    .from(nftItems)
    .where(and(eq(nftItems.createdBy, admin.id), inArray(nftItems.name, names)));
  const have = new Set(present.map((row) => row.name));
  const nft = nftChainOf(ctx.config, ctx.chainSender);
  for (const item of DEMO_NFTS) {
    if (have.has(item.name)) continue;
    const bytes = await sharp(Buffer.from(artwork(item)))
      .png()
      .toBuffer();
    const filename = `${randomUUID()}.png`;
    await ctx.storage.put(storageKeyOf('NFT_IMAGE', filename), bytes, 'image/png');
    await ctx.db.transaction(async (tx) => {
      await insertUpload(tx, {
        userId: admin.id,
        kind: 'NFT_IMAGE',
        filename,
        contentType: 'image/png',
        sizeBytes: bytes.length,
        contentSha256: createHash('sha256').update(bytes).digest('hex'),
      });
      const upload = await findUpload(tx, 'NFT_IMAGE', filename);
      assert(upload, 'the demo image was just recorded');
      const id = await insertNftItem(tx, {
        name: item.name,
        description: item.description,
        imageUploadId: upload.id,
        asset: item.coin,
        price: parseDecimal(item.price, getAsset(item.coin).scale) ?? 0n,
        createdBy: admin.id,
      });
      if (nft) await enqueueNftMint(tx, nft, { id, imageFilename: filename }, ctx.config.nftPublicUrl);
    });
  }
}
