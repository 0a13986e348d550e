import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@exchange/contracts';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, signInAs, type TestUser } from '../../test/test-users';
import { makeImage, multipartBody } from './upload-test-helpers';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function upload(t: TestApp, user: TestUser, bytes: Buffer, url = '/api/v1/upload/image/kyc-doc') {
  const field = url.endsWith('kyc-doc') ? 'kyc_doc_image' : 'profile_image';
  const body = multipartBody([{ field, filename: 'id.png', contentType: 'image/png', bytes }]);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...user.headers },
  });
}

async function rowsOf(t: TestApp, user: TestUser): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(uploads).where(eq(uploads.userId, user.id));
  return row?.n ?? 0;
}

/** A PNG of random pixels (it does not compress): about 3 bytes per pixel. */
function noisePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

/**
 * Runs the uploads in parallel while watching sharp's own count of images in its decoders, and
 * answers the statuses and the most images sharp ever held at once.
 */
async function inParallel(sends: Array<() => Promise<{ statusCode: number; json(): unknown }>>) {
  let peak = 0;
  let watching = true;
  const watch = () => {
    peak = Math.max(peak, sharp.counters().process);
    if (watching) setImmediate(watch);
  };
  watch();
  const answers = await Promise.all(sends.map((send) => send()));
  watching = false;
  return { answers, peak };
}

describe('upload limits', () => {
  const clock = new ManualClock(new Date());
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'upload-limits-'));
    t = await createTestApp({
      clock,
      env: {
        DATA_DIR: dataDir,
        UPLOAD_LIMIT_PER_MINUTE: '3',
        UPLOAD_DAILY_MAX_FILES: '5',
        UPLOAD_DAILY_MAX_MB: '1',
        UPLOAD_IMAGE_JOBS: '1',
        UPLOAD_IMAGE_JOB_WAIT_MS: '60000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses the fourth upload within a minute, both upload addresses together, and takes one a minute later', async () => {
    const alice = await createTestUser(t);
    const png = await makeImage('png');
    expect((await upload(t, alice, png)).statusCode).toBe(200);
    expect((await upload(t, alice, png, '/api/v1/upload/image/profile-image')).statusCode).toBe(200);
    expect((await upload(t, alice, png)).statusCode).toBe(200);
    const fourth = await upload(t, alice, png, '/api/v1/upload/image/profile-image');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({
      status: false,
      code: 'rate_limited',
      message: messages.uploadTooFrequent,
    });
    expect(await rowsOf(t, alice)).toBe(3);
    // Another user's budget is their own.
    expect((await upload(t, await createTestUser(t), png)).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await upload(t, alice, png)).statusCode).toBe(200);
  });

  it('refuses the sixth upload of the day, and takes uploads again the next day', async () => {
    const bob = await createTestUser(t);
    const png = await makeImage('png');
    for (let i = 0; i < 5; i += 1) {
      if (i === 3) clock.advance(MINUTE);
      expect((await upload(t, bob, png)).statusCode).toBe(200);
    }
    clock.advance(MINUTE);
    const sixth = await upload(t, bob, png);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'rate_limited', message: messages.uploadDailyQuota });
    expect(await rowsOf(t, bob)).toBe(5);
    clock.advance(DAY);
    // A day on, the access token has expired too: a new sign-in.
    const again = { ...bob, ...(await signInAs(t, bob.id, 'USER')) };
    expect((await upload(t, again, png)).statusCode).toBe(200);
  });

  it('refuses an upload that takes the day past its megabytes, and every upload after it', async () => {
    const carol = await createTestUser(t);
    const big = await noisePng(440, 440);
    expect(big.length).toBeGreaterThan(520 * 1024);
    expect((await upload(t, carol, big)).statusCode).toBe(200);
    const second = await upload(t, carol, big);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ message: messages.uploadDailyQuota });
    const small = await upload(t, carol, await makeImage('png'));
    expect(small.statusCode).toBe(429);
    expect(await rowsOf(t, carol)).toBe(1);
  });

  it('refuses an image over 16 megapixels (20 here) before decoding it', async () => {
    const dave = await createTestUser(t);
    const res = await upload(t, dave, await makeImage('png', { width: 5000, height: 4000 }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: messages.uploadImageTooManyPixels });
    expect(messages.uploadImageTooManyPixels).toContain('16 megapixels');
    expect(await rowsOf(t, dave)).toBe(0);
  });

  it('decodes one image at a time (UPLOAD_IMAGE_JOBS=1): parallel uploads wait their turn and all finish', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createTestUser(t)));
    const image = await makeImage('png', { width: 1600, height: 1600 });
    const { answers, peak } = await inParallel(users.map((user) => () => upload(t, user, image)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(peak).toBe(1);
  });
});

describe('upload limits: a queue that does not drain in time', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'upload-busy-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir, UPLOAD_IMAGE_JOBS: '1', UPLOAD_IMAGE_JOB_WAIT_MS: '1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a clear message to the uploads that found the decoder busy, storing nothing for them', async () => {
    const user = await createTestUser(t);
    const image = await makeImage('png', { width: 2000, height: 2000 });
    const { answers, peak } = await inParallel(Array.from({ length: 6 }, () => () => upload(t, user, image)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    for (const answer of answers.filter((a) => a.statusCode === 503))
      expect(answer.json()).toMatchObject({
        status: false,
        code: 'server_busy',
        message: messages.uploadBusy,
      });
    expect(await rowsOf(t, user)).toBe(statuses.filter((s) => s === 200).length);
    expect(peak).toBe(1);
  });
});
