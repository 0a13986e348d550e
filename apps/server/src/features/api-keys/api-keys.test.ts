import { MAX_API_KEYS } from '@exchange/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { enrolTwoFactor, nextTotp } from '../account-security/two-factor-test-helpers';
import { mailsTo, ROOMY_LIMITS } from '../auth/auth-test-helpers';
import { keyHashOf } from './api-key-material';

/** Creating, listing and revoking API keys on the Security page's API (issue 39). */
describe('API keys', () => {
  const clock = new ManualClock(new Date('2026-11-27T08:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS, clock });
  });
  afterAll(async () => t.close());

  const create = (user: Pick<TestUser, 'headers'>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/security/api-keys', headers: user.headers, payload });
  const list = (user: Pick<TestUser, 'headers'>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/v1/security/api-keys${query}`, headers: user.headers });
  const revoke = (user: Pick<TestUser, 'headers'>, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/security/api-keys/${id}/revoke`, headers: user.headers });

  it('answers the key and its secret once; the list, the logs and the database never show the secret', async () => {
    const user = await createTestUser(t, { kyc: true });
    const res = await create(user, {
      label: 'My bot',
      permissions: ['read', 'trade'],
      ip_allow_list: ['203.0.113.7', '2001:db8::/32'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data;
    expect(created.api_key).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(created.secret).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(created).toMatchObject({
      label: 'My bot',
      permissions: ['read', 'trade'],
      ip_allow_list: ['203.0.113.7', '2001:db8::/32'],
      key_prefix: created.api_key.slice(0, 8),
      last_used_at: null,
    });

    const listed = await list(user);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(listed.json().data.content[0]).toEqual({
      id: created.id,
      label: 'My bot',
      key_prefix: created.key_prefix,
      permissions: ['read', 'trade'],
      ip_allow_list: ['203.0.113.7', '2001:db8::/32'],
      created_at: created.created_at,
      last_used_at: null,
    });
    expect(listed.body).not.toContain(created.secret);
    expect(listed.body).not.toContain(created.api_key);

    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(keyHashOf(created.api_key));
    const dump = JSON.stringify(row);
    expect(dump).not.toContain(created.secret);
    expect(dump).not.toContain(created.api_key);
    const everything = await t.ctx.db.execute(sql`SELECT row_to_json(k)::text AS j FROM api_keys k`);
    expect(JSON.stringify(everything.rows)).not.toContain(created.secret);
    expect(t.logLines.join('\n')).not.toContain(created.secret);
    expect(t.logLines.join('\n')).not.toContain(created.api_key);

    // The owner is mailed about the new key.
    const mails = await mailsTo(t, user.email);
    expect(mails.map((mail) => mail.text).join('\n')).toContain('A new API key was created');
  });

  it('revokes a key: gone from the list, and a second revoke is 404', async () => {
    const user = await createTestUser(t);
    const created = (await create(user, { label: 'Reader', permissions: ['read'] })).json().data;
    expect((await revoke(user, created.id)).statusCode).toBe(200);
    expect((await list(user)).json().data).toMatchObject({ total: 0, content: [] });
    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.revokedAt).not.toBeNull();
    expect(row?.sealedSecret).toBeNull();
    const again = await revoke(user, created.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('not_found');
  });

  it('pages the list on the server, newest first', async () => {
    const user = await createTestUser(t);
    for (const label of ['one', 'two', 'three']) {
      expect((await create(user, { label, permissions: ['read'] })).statusCode).toBe(200);
      clock.advance(1_000);
    }
    const first = (await list(user, '?page=1&limit=2')).json().data;
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.content.map((key: { label: string }) => key.label)).toEqual(['three', 'two']);
    const second = (await list(user, '?page=2&limit=2')).json().data;
    expect(second.content.map((key: { label: string }) => key.label)).toEqual(['one']);
  });

  it(`holds at most ${MAX_API_KEYS} live keys per account, even when created in parallel`, async () => {
    const user = await createTestUser(t);
    const answers = await Promise.all(
      Array.from({ length: MAX_API_KEYS + 5 }, (_, i) =>
        create(user, { label: `k${i}`, permissions: ['read'] }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(MAX_API_KEYS);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused.map((res) => res.statusCode)).toEqual([422, 422, 422, 422, 422]);
    expect(refused[0]?.json().code).toBe('api_key_limit');
    const [counted] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(apiKeys)
      .where(eq(apiKeys.userId, user.id));
    expect(counted?.n).toBe(MAX_API_KEYS);
    // Revoking one makes room for one.
    const some = (await list(user)).json().data.content[0];
    expect((await revoke(user, some.id)).statusCode).toBe(200);
    expect((await create(user, { label: 'again', permissions: ['read'] })).statusCode).toBe(200);
  });

  it('needs the two-factor code when two-factor is on', async () => {
    const user = await createTestUser(t, { kyc: true });
    const { secret } = await enrolTwoFactor(t, user.headers);
    const without = await create(user, { label: 'bot', permissions: ['read'] });
    // A signed-in request is never answered 401 for its code: a client reads 401 as 'signed out'.
    expect(without.statusCode).toBe(400);
    expect(without.json().code).toBe('totp_required');
    const wrong = await create(user, { label: 'bot', permissions: ['read'], totp: '000000' });
    expect([403, 429]).toContain(wrong.statusCode);
    expect((await list(user)).json().data.total).toBe(0);
    const right = await create(user, {
      label: 'bot',
      permissions: ['read'],
      totp: await nextTotp(t, clock, secret),
    });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('refuses bad input with a 4xx that changes nothing', async () => {
    const user = await createTestUser(t, { kyc: true });
    const bad: object[] = [
      {},
      { label: '', permissions: ['read'] },
      { label: 'x'.repeat(41), permissions: ['read'] },
      { label: 'bot', permissions: ['trade'] },
      { label: 'bot', permissions: ['read', 'withdraw'] },
      { label: 'bot', permissions: [] },
      { label: 'bot', permissions: ['read'], ip_allow_list: ['not an address'] },
      { label: 'bot', permissions: ['read'], ip_allow_list: ['10.0.0.0/33'] },
      { label: 'bot', permissions: ['read'], ip_allow_list: ['999.1.1.1'] },
      { label: 'bot', permissions: ['read'], ip_allow_list: Array(31).fill('10.0.0.1') },
      { label: 'bot', permissions: ['read'], totp: 'abc' },
    ];
    for (const payload of bad) {
      const res = await create(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await revoke(user, 'not-a-uuid')).statusCode).toBe(400);
    expect((await list(user, '?limit=500')).statusCode).toBe(400);
    expect((await list(user)).json().data.total).toBe(0);
  });

  it('refuses a trade key to an account without KYC, and lets it make a read key', async () => {
    const user = await createTestUser(t, { kyc: false });
    const trade = await create(user, { label: 'bot', permissions: ['read', 'trade'] });
    expect(trade.statusCode).toBe(403);
    expect(trade.json().code).toBe('kyc_required');
    expect((await create(user, { label: 'reader', permissions: ['read'] })).statusCode).toBe(200);
    expect((await list(user)).json().data.total).toBe(1);
  });
});
