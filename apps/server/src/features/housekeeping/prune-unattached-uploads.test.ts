import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycRecords, uploads, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { makeImage, multipartBody } from '../uploads/upload-test-helpers';
import { pruneExpiredRowsJob } from './prune-expired';
import { pruneUnattachedUploads } from './prune-unattached-uploads';

const HOUR = 60 * 60 * 1000;

/**
 * Uploads nobody attached (a KYC form abandoned half-way, a picture never saved to the profile) are
 * deleted a day later, file and row; the ones a profile or a KYC submission names stay.
 */
describe('pruning uploads never attached', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'prune-uploads-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function upload(user: TestUser, kind: 'kyc-doc' | 'profile-image'): Promise<string> {
    const field = kind === 'kyc-doc' ? 'kyc_doc_image' : 'profile_image';
    const body = multipartBody([
      { field, filename: 'a.png', contentType: 'image/png', bytes: await makeImage('png') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/upload/image/${kind}`,
      payload: body.payload,
      headers: { ...body.headers, ...user.headers },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.file.filename;
  }

  const stored = async (folder: string, filename: string) =>
    (await t.ctx.storage.get(`${folder}/${filename}`)) !== null;
  const rowOf = async (filename: string) =>
    (await t.ctx.db.select().from(uploads).where(eq(uploads.filename, filename)))[0];

  it('deletes a day-old upload nothing names, and keeps the profile picture and both KYC images', async () => {
    const user = await createTestUser(t);
    const picture = await upload(user, 'profile-image');
    const front = await upload(user, 'kyc-doc');
    const back = await upload(user, 'kyc-doc');
    const abandoned = await upload(user, 'kyc-doc');
    const replaced = await upload(user, 'profile-image');
    await t.ctx.db.update(users).set({ profilePic: picture }).where(eq(users.id, user.id));
    await t.ctx.db.insert(kycRecords).values({
      userId: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      mobileNo: '5550100',
      countryCode: '1',
      dob: '1990-01-01',
      city: 'London',
      state: 'London',
      country: 'GB',
      documents: [{ identifier: 'ID_CARD', number: 'X1', front_image: front, back_image: back }],
      // A rejected submission still names its images: they are the record of what was decided.
      status: 'REJECTED',
      reason: 'The photo is blurred',
      decidedBy: (await createTestUser(t, { role: 'ADMIN' })).id,
      decidedAt: new Date(),
    });

    // Within the day everything stays.
    expect(await pruneUnattachedUploads(t.ctx, new Date(Date.now() + 23 * HOUR))).toBe(0);
    expect(await stored('kyc-doc', abandoned)).toBe(true);

    expect(await pruneUnattachedUploads(t.ctx, new Date(Date.now() + 25 * HOUR))).toBe(2);
    expect(await rowOf(abandoned)).toBeUndefined();
    expect(await stored('kyc-doc', abandoned)).toBe(false);
    expect(await rowOf(replaced)).toBeUndefined();
    expect(await stored('profile-image', replaced)).toBe(false);
    for (const [folder, name] of [
      ['profile-image', picture],
      ['kyc-doc', front],
      ['kyc-doc', back],
    ] as const) {
      expect(await rowOf(name)).toBeDefined();
      expect(await stored(folder, name)).toBe(true);
    }
    // The attached picture is still served.
    const served = await t.app.inject({ method: 'GET', url: `/api/v1/upload/profile-image/${picture}` });
    expect(served.statusCode).toBe(200);
  });

  it('runs in the hourly prune job', async () => {
    const user = await createTestUser(t);
    const abandoned = await upload(user, 'profile-image');
    await pruneExpiredRowsJob(t.ctx).run(new Date(Date.now() + 25 * HOUR));
    expect(await rowOf(abandoned)).toBeUndefined();
    expect(await stored('profile-image', abandoned)).toBe(false);
  });
});
