import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { pruneUnattachedUploads } from '../housekeeping/prune-unattached-uploads';
import { createNft, postAs } from './nft-test-helpers';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'nft-prune-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

it("the hourly upload prune keeps an NFT's image, however old: the item still shows it", async () => {
  const admin = await createTestUser(t, { role: 'ADMIN' });
  const id = await createNft(t, admin, { name: 'Old Owl' });
  const aWeekLater = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000);
  expect(await pruneUnattachedUploads(t.ctx, aWeekLater)).toBe(0);
  const image = (await postAs(t, admin, '/nftDetailById', { id })).json().data.image;
  const res = await t.app.inject({ method: 'GET', url: image });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
});
