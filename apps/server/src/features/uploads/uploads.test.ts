import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@exchange/contracts';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { makeImage, multipartBody } from './upload-test-helpers';

let t: TestApp;
let dataDir: string;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
  // One user sends every case here: a budget that never runs out (upload-limits.test.ts tests them).
  t = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_LIMIT_PER_MINUTE: '1000' } });
  alice = await createTestUser(t);
  bob = await createTestUser(t);
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const KYC_URL = '/api/v1/upload/image/kyc-doc';
const PROFILE_URL = '/api/v1/upload/image/profile-image';

function uploadKyc(
  user: TestUser | null,
  bytes: Buffer,
  options: { filename?: string; field?: string; type?: string; contentType?: string } = {},
) {
  const parts = [
    ...(options.type === undefined ? [] : [{ field: 'type', value: options.type }]),
    {
      field: options.field ?? 'kyc_doc_image',
      filename: options.filename ?? 'front.png',
      contentType: options.contentType ?? 'image/png',
      bytes,
    },
  ];
  const body = multipartBody(parts);
  return t.app.inject({
    method: 'POST',
    url: KYC_URL,
    payload: body.payload,
    headers: { ...body.headers, ...(user?.headers ?? {}) },
  });
}

async function storedFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ['kyc-doc', 'profile-image']) {
    try {
      found.push(...(await readdir(path.join(dataDir, 'uploads', folder))).map((f) => `${folder}/${f}`));
    } catch {
      // A folder appears with its first file.
    }
  }
  return found;
}

async function uploadRows(): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(uploads);
  return row?.n ?? 0;
}

describe('uploading a KYC document', () => {
  it('stores a PNG under a random name and answers data.file.filename', async () => {
    const res = await uploadKyc(alice, await makeImage('png'), { type: 'KYC_DOC', filename: 'my id.png' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: true, message: messages.uploadSuccess });
    expect(body.data.file.filename).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await storedFiles()).toContain(`kyc-doc/${body.data.file.filename}`);
  });

  it('re-encodes a JPEG, dropping its EXIF data', async () => {
    const original = await makeImage('jpeg', { withExif: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await uploadKyc(alice, original, { filename: 'scan.jpeg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const { filename } = res.json().data.file;
    expect(filename).toMatch(/\.jpg$/);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/v1/kyc/document/${filename}`,
      headers: alice.headers,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('accepts a GIF and a profile picture under the profile field', async () => {
    expect((await uploadKyc(alice, await makeImage('gif'), { filename: 'a.gif' })).statusCode).toBe(200);
    const body = multipartBody([
      { field: 'type', value: 'PROFILE_IMAGE' },
      { field: 'profile_image', filename: 'me.png', contentType: 'image/png', bytes: await makeImage('png') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: PROFILE_URL,
      payload: body.payload,
      headers: { ...body.headers, ...alice.headers },
    });
    expect(res.statusCode).toBe(200);
    // Profile pictures are public.
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/v1/upload/profile-image/${res.json().data.file.filename}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});

describe('refused uploads store nothing', () => {
  const png = () => makeImage('png');
  const cases: ReadonlyArray<{
    name: string;
    status: number;
    message: string;
    send: () => Promise<Awaited<ReturnType<typeof uploadKyc>>>;
  }> = [
    {
      name: 'an SVG (even named .png)',
      status: 415,
      message: messages.uploadImageType,
      send: async () =>
        uploadKyc(
          alice,
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          { filename: 'x.png' },
        ),
    },
    {
      name: 'an HTML page',
      status: 415,
      message: messages.uploadImageType,
      send: async () =>
        uploadKyc(alice, Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), {
          filename: 'x.gif',
          contentType: 'image/gif',
        }),
    },
    {
      name: 'a PNG with a script glued behind it (polyglot)',
      status: 422,
      message: messages.uploadImageHiddenContent,
      send: async () =>
        uploadKyc(alice, Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>')])),
    },
    {
      name: 'a JPEG hiding markup in a comment segment (polyglot)',
      status: 422,
      message: messages.uploadImageHiddenContent,
      send: async () => {
        const jpeg = await makeImage('jpeg');
        const comment = Buffer.from('<html><script>alert(1)</script></html>');
        const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
        return uploadKyc(alice, Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]), {
          filename: 'x.jpg',
          contentType: 'image/jpeg',
        });
      },
    },
    {
      name: 'a truncated PNG',
      status: 422,
      message: messages.uploadImageDamaged,
      send: async () => {
        const whole = await makeImage('png', { width: 64, height: 64 });
        return uploadKyc(alice, whole.subarray(0, Math.floor(whole.length / 2)));
      },
    },
    {
      name: 'a file name that climbs directories',
      status: 400,
      message: messages.uploadFileNameInvalid,
      send: async () => uploadKyc(alice, await png(), { filename: '../../etc/passwd.png' }),
    },
    {
      name: 'a file name with a backslash path',
      status: 400,
      message: messages.uploadFileNameInvalid,
      send: async () => uploadKyc(alice, await png(), { filename: '..\\..\\boot.ini.png' }),
    },
    {
      name: 'a body over 5 MB',
      status: 413,
      message: messages.uploadImageTooLarge,
      send: async () => uploadKyc(alice, Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)])),
    },
    {
      name: 'an image over the pixel cap (decompression bomb)',
      status: 413,
      message: messages.uploadImageTooManyPixels,
      send: async () => uploadKyc(alice, await makeImage('png', { width: 6000, height: 6000 })),
    },
    {
      name: 'an empty file',
      status: 400,
      message: messages.uploadImageRequired,
      send: async () => uploadKyc(alice, Buffer.alloc(0)),
    },
    {
      name: 'the wrong field name',
      status: 400,
      message: 'Unexpected file field: send the image as kyc_doc_image',
      send: async () => uploadKyc(alice, await png(), { field: 'profile_image' }),
    },
    {
      name: 'a type field naming another upload type',
      status: 400,
      message: messages.uploadTypeMismatch,
      send: async () => uploadKyc(alice, await png(), { type: 'PROFILE_IMAGE' }),
    },
  ];

  it.each(cases)('refuses $name', async ({ status, message, send }) => {
    const filesBefore = await storedFiles();
    const rowsBefore = await uploadRows();
    const res = await send();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status: false, message });
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await uploadRows()).toBe(rowsBefore);
  });

  it('refuses a request that is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: KYC_URL,
      payload: { kyc_doc_image: 'x' },
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, message: messages.uploadImageRequired });
  });

  it('refuses anonymous callers', async () => {
    const res = await uploadKyc(null, await png());
    expect(res.statusCode).toBe(401);
    const profile = multipartBody([
      { field: 'profile_image', filename: 'a.png', contentType: 'image/png', bytes: await png() },
    ]);
    const res2 = await t.app.inject({
      method: 'POST',
      url: PROFILE_URL,
      payload: profile.payload,
      headers: profile.headers,
    });
    expect(res2.statusCode).toBe(401);
  });
});

describe('KYC documents are private', () => {
  let filename: string;
  beforeAll(async () => {
    filename = (await uploadKyc(alice, await makeImage('png'))).json().data.file.filename;
  });

  it('serves the owner and admins, privately', async () => {
    for (const user of [alice, admin]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/kyc/document/${filename}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers another user as if the file did not exist, and refuses anonymous callers', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/kyc/document/${filename}`,
      headers: bob.headers,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ status: false, message: messages.fileNotFound });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/kyc/document/${filename}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is not served as a public profile picture', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/upload/profile-image/${filename}` });
    expect(res.statusCode).toBe(404);
  });

  it('refuses path tricks in the requested name', async () => {
    for (const name of ['..%2F..%2Fpg%2Fpostgresql.conf', '..%2Fkyc-doc%2Fx.png', 'a.svg']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/kyc/document/${name}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
