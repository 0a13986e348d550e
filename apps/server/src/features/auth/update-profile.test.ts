import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { makeImage, multipartBody } from '../uploads/upload-test-helpers';

let t: TestApp;
let dataDir: string;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'profile-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  alice = await createTestUser(t, { kyc: true });
  bob = await createTestUser(t);
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const update = (user: TestUser | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/profile/updateProfile',
    headers: user?.headers ?? {},
    payload: payload as object,
  });

async function uploadPicture(user: TestUser, kind: 'profile-image' | 'kyc-doc' = 'profile-image') {
  const body = multipartBody([
    ...(kind === 'profile-image' ? [{ field: 'type', value: 'PROFILE_IMAGE' }] : []),
    {
      field: kind === 'profile-image' ? 'profile_image' : 'kyc_doc_image',
      filename: 'me.png',
      contentType: 'image/png',
      bytes: await makeImage('png'),
    },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/upload/image/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.file.filename as string;
}

const valid = { name: 'Alice Liddell', mobile_no: '9876543210', country_code: '971' };

describe('POST /auth/profile/updateProfile', () => {
  it('needs a signed-in user; with or without KYC, user or admin, each edits only their own', async () => {
    expect((await update(null, valid)).statusCode).toBe(401);
    for (const user of [bob, admin]) {
      const res = await update(user, { ...valid, name: 'Someone Else' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data._id).toBe(user.id);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id));
    expect(row!.name).not.toBe('Someone Else');
  });

  it('saves name, phone, country code and the own uploaded picture; the e-mail stays', async () => {
    const filename = await uploadPicture(alice);
    const res = await update(alice, { ...valid, email: 'hijack@example.com', profile_pic: filename });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: m.profileUpdated,
      data: {
        name: 'Alice Liddell',
        mobile_no: '9876543210',
        country_code: '971',
        email: alice.email,
        profile_pic: `/api/v1/upload/profile-image/${filename}`,
      },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: alice.headers });
    expect(me.json().data).toMatchObject({
      name: 'Alice Liddell',
      profile_pic: `/api/v1/upload/profile-image/${filename}`,
    });
    const served = await t.app.inject({ method: 'GET', url: `/api/v1/upload/profile-image/${filename}` });
    expect(served.statusCode).toBe(200);

    // Leaving the picture out keeps it.
    const again = await update(alice, { ...valid, name: 'Alice Again' });
    expect(again.json().data.profile_pic).toBe(`/api/v1/upload/profile-image/${filename}`);
  });

  it("refuses someone else's picture or a KYC document, changing nothing", async () => {
    const bobsPicture = await uploadPicture(bob);
    const kycDoc = await uploadPicture(alice, 'kyc-doc');
    for (const profile_pic of [bobsPicture, kycDoc]) {
      const res = await update(alice, { ...valid, name: 'Should Not Stick', profile_pic });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: m.profilePicInvalid });
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, alice.id));
    expect(row!.name).toBe('Alice Again');
  });

  it.each([
    [{ ...valid, name: 'R2D2' }, m.profileNameLetters],
    [{ ...valid, name: '' }, m.nameRequired],
    [{ ...valid, mobile_no: '12345678901' }, m.profilePhoneMax],
    [{ ...valid, mobile_no: '12-45' }, m.profilePhoneDigits],
    [{ ...valid, mobile_no: '' }, m.mobileRequired],
    [{ ...valid, country_code: '999999' }, m.countryCodeRequired],
    [{ ...valid, profile_pic: '../../etc/passwd' }, m.fileNotFound],
  ])('refuses %j with its message', async (payload, message) => {
    const res = await update(bob, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'validation_failed', message });
  });
});
