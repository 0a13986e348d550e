import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { createTestUser, type TestUser } from '../test-users';

/**
 * Access tokens the server must refuse however they were made: each is tried on a signed-in route
 * and on an admin route, and must get the same 401 envelope as no token at all.
 */
let t: TestApp;
let user: TestUser;
let secret: Uint8Array;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t, { kyc: true });
  secret = new TextEncoder().encode(t.ctx.config.jwtSecret);
});
afterAll(async () => {
  await t?.close();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A compact JWT signed by hand with HMAC-SHA256 under the server's secret, whatever the header says. */
function handSigned(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}

async function expectRefused(token: string) {
  for (const url of ['/api/v1/auth/me', '/api/v1/wallet', '/api/v1/admin/ledger/verify']) {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
    expect(res.json()).toEqual({ status: false, message: 'Unauthorized', code: 'unauthorized' });
  }
}

const claims = () => ({ sub: user.id, role: 'USER', iat: nowSeconds(), exp: nowSeconds() + 600 });

describe('access tokens the server refuses', () => {
  it('accepts the genuine token (the control)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: user.headers });
    expect(res.statusCode).toBe(200);
  });

  it('alg none, with and without a signature part', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}`;
    await expectRefused(`${unsigned}.`);
    await expectRefused(unsigned);
    await expectRefused(`${b64({ alg: 'NONE' })}.${b64(claims())}.`);
  });

  it('HS512 and HS384 under the same secret', async () => {
    for (const alg of ['HS512', 'HS384']) {
      const token = await new SignJWT({ role: 'USER' })
        .setProtectedHeader({ alg })
        .setSubject(user.id)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(secret);
      await expectRefused(token);
    }
  });

  it('RS256 confusion: the secret used as an HMAC key under an RS256 header, and a real RS256 key', async () => {
    await expectRefused(handSigned({ alg: 'RS256', typ: 'JWT' }, claims()));
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs = await new SignJWT({ role: 'USER' })
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    await expectRefused(rs);
  });

  it('a token without an expiry never works, nor one without a subject', async () => {
    const { exp: _exp, ...noExp } = claims();
    await expectRefused(handSigned({ alg: 'HS256', typ: 'JWT' }, noExp));
    const { sub: _sub, ...noSub } = claims();
    await expectRefused(handSigned({ alg: 'HS256', typ: 'JWT' }, noSub));
  });

  it('a subject that is no user, or not even an id', async () => {
    await expectRefused(handSigned({ alg: 'HS256' }, { ...claims(), sub: randomUUID() }));
    for (const sub of ['admin', "' OR 1=1 --", '', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(5000)])
      await expectRefused(handSigned({ alg: 'HS256' }, { ...claims(), sub }));
    await expectRefused(handSigned({ alg: 'HS256' }, { ...claims(), sub: 42 }));
    await expectRefused(handSigned({ alg: 'HS256' }, { ...claims(), role: 'ROOT' }));
  });

  it('a tampered signature, and a payload raised to ADMIN under the original signature', async () => {
    const genuine = user.headers.authorization.slice('Bearer '.length);
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await expectRefused(`${header}.${payload}.${flipped}`);
    const raised = b64({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'ADMIN' });
    await expectRefused(`${header}.${raised}.${signature}`);
    await expectRefused(`${header}.${payload}.`);
  });

  it('a token that is not yet valid, or issued under another secret', async () => {
    const future = nowSeconds() + 3600;
    await expectRefused(handSigned({ alg: 'HS256' }, { ...claims(), nbf: future, exp: future + 600 }));
    const other = await new SignJWT({ role: 'USER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length-000000'));
    await expectRefused(other);
  });

  it('garbage in the Authorization header', async () => {
    for (const value of [
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer a.b.c',
      'Bearer ....',
      'x'.repeat(8000),
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/wallet',
        headers: { authorization: value },
      });
      expect(res.statusCode, value.slice(0, 40)).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });
});
