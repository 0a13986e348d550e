import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { ROOMY_LIMITS } from '../auth/auth-test-helpers';
import {
  authenticateSignedRequest,
  registerSignedFormBody,
  type SignedPermission,
} from './authenticate-signed-request';
import { BinanceApiError } from './binance-error';

interface Key {
  readonly id: string;
  readonly api_key: string;
  readonly secret: string;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');

/**
 * Binance's signed-request rules, checked through a bare route that only authenticates (the
 * Binance-compatible endpoints call the same function): each refusal's code, the IP allow-list, the
 * permissions, and revocation and disabled accounts taking effect at once.
 */
describe('authenticateSignedRequest', () => {
  const clock = new ManualClock(new Date('2026-11-27T08:00:00Z'));
  let t: TestApp;
  let probe: FastifyInstance;
  let owner: TestUser;
  let tradeKey: Key;
  let readKey: Key;

  const createKey = async (user: TestUser, payload: object): Promise<Key> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/api-keys',
      headers: user.headers,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** A request as ccxt sends it: the signed params in the query (GET/DELETE) or the form body (POST). */
  const call = (
    key: Pick<Key, 'api_key' | 'secret'> | null,
    options: {
      permission?: SignedPermission;
      method?: 'GET' | 'POST' | 'DELETE';
      query?: string;
      body?: string;
      at?: number;
      recvWindow?: number;
      remoteAddress?: string;
      tamper?: (signed: { query: string; body: string }) => { query: string; body: string };
      headers?: Record<string, string>;
    } = {},
  ) => {
    const method = options.method ?? 'GET';
    const params = [
      `symbol=BTCUSDT`,
      ...(options.recvWindow !== undefined ? [`recvWindow=${options.recvWindow}`] : []),
      `timestamp=${options.at ?? clock.now().getTime()}`,
    ].join('&');
    let query = options.query ?? (method === 'POST' ? '' : params);
    let body = options.body ?? (method === 'POST' ? params : '');
    const signature = sign(key?.secret ?? 'x', `${query}${body}`);
    if (body) body = `${body}&signature=${signature}`;
    else query = `${query}&signature=${signature}`;
    if (options.tamper) ({ query, body } = options.tamper({ query, body }));
    return probe.inject({
      method,
      url: `/probe/${options.permission ?? 'read'}${query ? `?${query}` : ''}`,
      headers: {
        ...(key ? { 'x-mbx-apikey': key.api_key } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(body ? { payload: body } : {}),
      remoteAddress: options.remoteAddress ?? '127.0.0.1',
    });
  };
  const refusal = async (res: Awaited<ReturnType<typeof call>>) => ({
    status: res.statusCode,
    code: res.json().code as number,
  });

  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
    probe = Fastify();
    registerSignedFormBody(probe);
    probe.route({
      method: ['GET', 'POST', 'DELETE'],
      url: '/probe/:permission',
      handler: async (request, reply) => {
        const { permission } = request.params as { permission: SignedPermission };
        try {
          return await authenticateSignedRequest(t.ctx, request, { permission });
        } catch (error) {
          if (error instanceof BinanceApiError) return reply.code(error.httpStatus).send(error.toJSON());
          throw error;
        }
      },
    });
    await probe.ready();
    owner = await createTestUser(t, { kyc: true });
    tradeKey = await createKey(owner, { label: 'trader', permissions: ['read', 'trade'] });
    readKey = await createKey(owner, { label: 'reader', permissions: ['read'] });
  });
  afterAll(async () => {
    await probe.close();
    await t.close();
  });

  it('accepts a GET signed over its query and a POST signed over its form body, naming the key', async () => {
    const get = await call(tradeKey);
    expect(get.statusCode, get.body).toBe(200);
    expect(get.json()).toEqual({ userId: owner.id, keyId: tradeKey.id });
    const post = await call(tradeKey, { method: 'POST', permission: 'trade' });
    expect(post.statusCode, post.body).toBe(200);
    const del = await call(tradeKey, { method: 'DELETE', permission: 'trade' });
    expect(del.statusCode, del.body).toBe(200);
  });

  it("takes Binance's split of parameters between query and body, and refuses a re-split with -1101 before the key is looked up (issues 43, 48)", async () => {
    const at = clock.now().getTime();
    const query = 'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC';
    const body = `quantity=1&price=0.1&recvWindow=5000&timestamp=${at}`;
    // Signed over the two joined, as Binance's "total params" (its documented example).
    const signature = sign(tradeKey.secret, `${query}${body}`);
    const split = await probe.inject({
      method: 'POST',
      url: `/probe/trade?${query}`,
      headers: { 'x-mbx-apikey': tradeKey.api_key, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${body}&signature=${signature}`,
    });
    expect(split.statusCode, split.body).toBe(200);
    // The same text cut at another place signs the same and would read otherwise ("price=0" and a
    // part ".1" without a name): refused, and before the key is looked up, so an unknown key too.
    const cut = `${query}${body}`.indexOf('price=0') + 'price=0'.length;
    const joined = `${query}${body}`;
    for (const apiKey of [tradeKey.api_key, 'A'.repeat(64)]) {
      const resplit = await probe.inject({
        method: 'POST',
        url: `/probe/trade?${joined.slice(0, cut)}`,
        headers: { 'x-mbx-apikey': apiKey, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `${joined.slice(cut)}&signature=${signature}`,
      });
      expect(await refusal(resplit)).toEqual({ status: 400, code: -1101 });
    }
    // All in the body, it is signed as one text: the signature over the two joined without the '&'
    // between them is not that text's.
    const moved = await probe.inject({
      method: 'POST',
      url: '/probe/trade',
      headers: { 'x-mbx-apikey': tradeKey.api_key, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${query}&${body}&signature=${signature}`,
    });
    expect(await refusal(moved)).toEqual({ status: 400, code: -1022 });
    const whole = sign(tradeKey.secret, `${query}&${body}`);
    const accepted = await probe.inject({
      method: 'POST',
      url: '/probe/trade',
      headers: { 'x-mbx-apikey': tradeKey.api_key, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${query}&${body}&signature=${whole}`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses a missing or malformed key with -2014 and an unknown one with -2015', async () => {
    expect(await refusal(await call(null))).toEqual({ status: 401, code: -2014 });
    expect(await refusal(await call({ api_key: 'short', secret: 'x' }))).toEqual({
      status: 401,
      code: -2014,
    });
    expect(await refusal(await call({ api_key: 'A'.repeat(64), secret: 'x' }))).toEqual({
      status: 401,
      code: -2015,
    });
  });

  it('refuses a request without timestamp or signature with -1102', async () => {
    const noTimestamp = await call(tradeKey, {
      tamper: ({ query, body }) => ({ query: query.replace(/&timestamp=\d+/, ''), body }),
    });
    expect(await refusal(noTimestamp)).toEqual({ status: 400, code: -1102 });
    expect(noTimestamp.json().msg).toContain("'timestamp'");
    const noSignature = await call(tradeKey, {
      tamper: ({ query, body }) => ({ query: query.replace(/&signature=[0-9a-f]+/, ''), body }),
    });
    expect(await refusal(noSignature)).toEqual({ status: 400, code: -1102 });
    const badTimestamp = await call(tradeKey, {
      tamper: ({ query, body }) => ({ query: query.replace(/timestamp=\d+/, 'timestamp=soon'), body }),
    });
    expect(await refusal(badTimestamp)).toEqual({ status: 400, code: -1102 });
  });

  it('refuses a wrong signature with -1022: another secret, a changed parameter', async () => {
    expect(await refusal(await call({ api_key: tradeKey.api_key, secret: readKey.secret }))).toEqual({
      status: 400,
      code: -1022,
    });
    const changed = await call(tradeKey, {
      tamper: ({ query, body }) => ({ query: query.replace('BTCUSDT', 'ETHUSDT'), body }),
    });
    expect(await refusal(changed)).toEqual({ status: 400, code: -1022 });
    const uppercase = await call(tradeKey, {
      tamper: ({ query, body }) => ({ query: query.replace(/signature=.*/, 'signature=zz'), body }),
    });
    expect(await refusal(uppercase)).toEqual({ status: 400, code: -1022 });
  });

  it('refuses a timestamp outside recvWindow or over 1000 ms ahead with -1021', async () => {
    const now = clock.now().getTime();
    expect(await refusal(await call(tradeKey, { at: now - 5_001 }))).toEqual({ status: 400, code: -1021 });
    expect((await call(tradeKey, { at: now - 5_000 })).statusCode).toBe(200);
    expect((await call(tradeKey, { at: now - 9_000, recvWindow: 10_000 })).statusCode).toBe(200);
    expect(await refusal(await call(tradeKey, { at: now - 1_001, recvWindow: 1_000 }))).toEqual({
      status: 400,
      code: -1021,
    });
    expect((await call(tradeKey, { at: now + 1_000 })).statusCode).toBe(200);
    const ahead = await call(tradeKey, { at: now + 1_001 });
    expect(await refusal(ahead)).toEqual({ status: 400, code: -1021 });
    expect(ahead.json().msg).toContain('ahead');
    expect(await refusal(await call(tradeKey, { recvWindow: 60_001 }))).toEqual({ status: 400, code: -1131 });
    expect((await call(tradeKey, { at: now - 59_000, recvWindow: 60_000 })).statusCode).toBe(200);
  });

  it('lets a key be used only from its IP allow-list (addresses and CIDRs, IPv4 and IPv6)', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await createKey(user, {
      label: 'office',
      permissions: ['read'],
      ip_allow_list: ['203.0.113.0/24', '2001:db8:1::7'],
    });
    for (const allowed of ['203.0.113.9', '::ffff:203.0.113.200', '2001:db8:1::7'])
      expect((await call(key, { remoteAddress: allowed })).statusCode, allowed).toBe(200);
    for (const other of ['198.51.100.1', '203.0.114.1', '2001:db8:1::8', '127.0.0.1'])
      expect(await refusal(await call(key, { remoteAddress: other })), other).toEqual({
        status: 401,
        code: -2015,
      });
  });

  it("refuses trading to a read-only key, and to a trade key whose owner's KYC is gone", async () => {
    expect((await call(readKey, { permission: 'read' })).statusCode).toBe(200);
    expect(await refusal(await call(readKey, { permission: 'trade', method: 'POST' }))).toEqual({
      status: 401,
      code: -2015,
    });
    const user = await createTestUser(t, { kyc: true });
    const key = await createKey(user, { label: 'bot', permissions: ['read', 'trade'] });
    expect((await call(key, { permission: 'trade', method: 'POST' })).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ isKycVerified: false }).where(eq(users.id, user.id));
    expect(await refusal(await call(key, { permission: 'trade', method: 'POST' }))).toEqual({
      status: 401,
      code: -2015,
    });
    expect((await call(key, { permission: 'read' })).statusCode).toBe(200);
  });

  it('refuses a revoked key from the very next request', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await createKey(user, { label: 'bot', permissions: ['read'] });
    expect((await call(key)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/security/api-keys/${key.id}/revoke`,
      headers: user.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await refusal(await call(key))).toEqual({ status: 401, code: -2015 });
  });

  it("refuses a disabled account's keys from the very next request", async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await createKey(user, { label: 'bot', permissions: ['read', 'trade'] });
    expect((await call(key)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id));
    expect(await refusal(await call(key))).toEqual({ status: 401, code: -2015 });
    expect(await refusal(await call(key, { permission: 'trade', method: 'POST' }))).toEqual({
      status: 401,
      code: -2015,
    });
  });

  it('records the last use at most once a minute per key', async () => {
    const user = await createTestUser(t, { kyc: true });
    const key = await createKey(user, { label: 'bot', permissions: ['read'] });
    const lastUsed = async () =>
      (await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id)))[0]?.lastUsedAt?.getTime();
    expect(await lastUsed()).toBeUndefined();
    const first = clock.now().getTime();
    expect((await call(key)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
    clock.advance(30_000);
    expect((await call(key)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first);
    clock.advance(30_001);
    expect((await call(key)).statusCode).toBe(200);
    expect(await lastUsed()).toBe(first + 60_001);
    // The owner's list shows it.
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/security/api-keys',
      headers: user.headers,
    });
    expect(listed.json().data.content[0].last_used_at).toBe(new Date(first + 60_001).toISOString());
  });
});
