import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycRecords, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { kycRequest, uploadKycImage } from './kyc-test-helpers';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kyc-test-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const submit = (user: TestUser, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/kyc/create',
    payload: payload as object,
    headers: user.headers,
  });
const getKyc = (user: TestUser | null) =>
  t.app.inject({ method: 'GET', url: '/api/v1/kyc/', headers: user?.headers ?? {} });

async function imagesOf(user: TestUser): Promise<[string, string]> {
  return [await uploadKycImage(t, user), await uploadKycImage(t, user)];
}

describe('a customer submits KYC', () => {
  it('starts PENDING, is readable by its owner, and verifies nobody', async () => {
    const user = await createTestUser(t);
    expect((await getKyc(user)).json()).toMatchObject({ status: true, data: null });
    const [front, back] = await imagesOf(user);
    const res = await submit(user, kycRequest(front, back, { country_code: '+44' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: messages.kycSubmitted,
      data: {
        user_id: user.id,
        first_name: 'Carol',
        country_code: '44',
        dob: '1990-05-17',
        status: 'PENDING',
        reason: null,
        address: { landmark: 'Near the park', city: 'London' },
        documents: [{ identifier: 'ID_CARD', number: 'AB 123-456', front_image: front, back_image: back }],
      },
    });
    expect((await getKyc(user)).json().data).toMatchObject({ status: 'PENDING', _id: res.json().data._id });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.isKycVerified).toBe(false);
  });

  it('cannot submit again while pending or once approved, but can after a rejection', async () => {
    const user = await createTestUser(t);
    const [front, back] = await imagesOf(user);
    expect((await submit(user, kycRequest(front, back))).statusCode).toBe(200);
    const again = await submit(user, kycRequest(front, back));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: false, message: messages.kycAlreadyPending });

    await t.ctx.db
      .update(kycRecords)
      .set({ status: 'REJECTED', reason: 'Blurry photo', decidedAt: new Date() })
      .where(eq(kycRecords.userId, user.id));
    expect((await getKyc(user)).json().data).toMatchObject({ status: 'REJECTED', reason: 'Blurry photo' });
    const resubmitted = await submit(user, kycRequest(front, back, { first_name: 'Caroline' }));
    expect(resubmitted.statusCode).toBe(200);
    expect((await getKyc(user)).json().data).toMatchObject({ status: 'PENDING', first_name: 'Caroline' });

    await t.ctx.db
      .update(kycRecords)
      .set({ status: 'APPROVED', decidedAt: new Date() })
      .where(eq(kycRecords.id, resubmitted.json().data._id));
    const afterApproval = await submit(user, kycRequest(front, back));
    expect(afterApproval.statusCode).toBe(409);
    expect(afterApproval.json().message).toBe(messages.kycAlreadyApproved);
  });

  it('lets only one of many parallel submissions through', async () => {
    const user = await createTestUser(t);
    const [front, back] = await imagesOf(user);
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(user, kycRequest(front, back))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(7);
  });

  it("refuses images that are not the caller's own uploads", async () => {
    const owner = await createTestUser(t);
    const thief = await createTestUser(t);
    const [front, back] = await imagesOf(owner);
    const [mine] = await imagesOf(thief);
    const res = await submit(thief, kycRequest(mine, back));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, message: messages.kycImageNotYours });
    const unknown = await submit(thief, kycRequest(front.replace(/^./, 'f'), mine));
    expect(unknown.statusCode).toBe(400);
    expect((await getKyc(thief)).json().data).toBeNull();
  });

  it.each([
    ['first_name', { first_name: '' }, messages.kycFirstNameRequired],
    ['first_name digits', { first_name: 'Car0l' }, 'First name accepts only letters and spaces'],
    ['last_name', { last_name: undefined }, messages.kycLastNameRequired],
    ['mobile_no', { mobile_no: '' }, messages.kycMobileRequired],
    ['country_code', { country_code: '' }, messages.kycCountryCodeRequired],
    ['dob', { dob: '' }, messages.kycDobRequired],
    ['dob in the future', { dob: '2999-01-01' }, messages.kycDobFuture],
    [
      'dob under 18',
      { dob: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10) },
      messages.kycDobTooYoung,
    ],
    ['city', { address: { city: '', state: 'S', country: 'C' } }, messages.kycCityRequired],
    [
      'city symbols',
      { address: { city: 'L<script>', state: 'S', country: 'C' } },
      'City accepts only letters and spaces',
    ],
    ['state', { address: { city: 'C', country: 'C' } }, messages.kycStateRequired],
    ['country', { address: { city: 'C', state: 'S', country: '' } }, messages.kycCountryRequired],
    ['documents', { documents: [] }, messages.kycDocRequired],
    [
      'identifier',
      { documents: [{ identifier: 'PASSPORT', number: '1', front_image: 'a', back_image: 'b' }] },
      messages.kycDocRequired,
    ],
  ])('refuses a missing or bad %s with the spec message', async (_name, overrides, message) => {
    const user = await createTestUser(t);
    const [front, back] = await imagesOf(user);
    const res = await submit(user, kycRequest(front, back, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, message });
    expect((await getKyc(user)).json().data).toBeNull();
  });

  it('refuses a document without its number or images with the spec messages', async () => {
    const user = await createTestUser(t);
    const [front, back] = await imagesOf(user);
    const doc = { identifier: 'PAN_CARD', number: 'X1', front_image: front, back_image: back };
    for (const [change, message] of [
      [{ number: '' }, messages.kycDocNumberRequired],
      [{ front_image: '' }, messages.kycFrontImageRequired],
      [{ back_image: undefined }, messages.kycBackImageRequired],
      [{ front_image: '../../etc/passwd' }, messages.fileNotFound],
    ] as const) {
      const res = await submit(user, kycRequest(front, back, { documents: [{ ...doc, ...change }] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('KYC routes need a signed-in user', () => {
  it('refuses anonymous callers', async () => {
    expect((await getKyc(null)).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/create',
      payload: kycRequest('a', 'b'),
    });
    expect(res.statusCode).toBe(401);
  });

  it("never shows one user another user's record", async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    const [front, back] = await imagesOf(a);
    expect((await submit(a, kycRequest(front, back))).statusCode).toBe(200);
    expect((await getKyc(b)).json().data).toBeNull();
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/v1/kyc/document/${front}`,
      headers: b.headers,
    });
    expect(image.statusCode).toBe(404);
  });

  it('is open to users without KYC, and to admins', async () => {
    const admin = await createTestUser(t, { role: 'ADMIN' });
    expect((await getKyc(admin)).statusCode).toBe(200);
  });
});
