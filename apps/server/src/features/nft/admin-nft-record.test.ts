import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { createNft, postAs } from './nft-test-helpers';

/** An NFT's own URL in the back office (/admin-nft/<id>, issue 46) reads that item and its sales. */
let t: TestApp;
let dataDir: string;
let admin: TestUser;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'admin-nft-record-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('one NFT by its id', () => {
  it('answers only that item and its sales to an admin; a customer 403, anonymous 401, a bad id 400', async () => {
    const first = await createNft(t, admin, { name: 'Record Ape' });
    await createNft(t, admin, { name: 'Other Ape' });
    const one = await postAs(t, admin, '/admin/nftList', { id: first });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.total).toBe(1);
    expect(one.json().data.content.map((item: { _id: string }) => item._id)).toEqual([first]);
    const sales = await postAs(t, admin, '/admin/nftSales', { id: first });
    expect(sales.json().data).toMatchObject({ total: 0, content: [] });
    const customer = await createTestUser(t, { kyc: true });
    for (const url of ['/admin/nftList', '/admin/nftSales']) {
      expect((await postAs(t, admin, url, { id: 'nope' })).statusCode).toBe(400);
      expect((await postAs(t, customer, url, { id: first })).statusCode).toBe(403);
      expect((await postAs(t, null, url, { id: first })).statusCode).toBe(401);
    }
  });
});
