import { messages as m } from '@exchange/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createTestUser, type TestUser } from '../test/test-users';

/**
 * PostgreSQL text cannot hold U+0000: before the edge refused it, a search term with one reached a
 * query and answered 500 (the schema fuzzer found it on /p2p/p2phistory).
 */
describe('input holding a NUL character', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { kyc: true });
  });
  afterAll(async () => t.close());

  it('is refused with a 400 envelope in a query, and nothing runs', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/p2p/p2phistory?page=1&limit=7&search=%00',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: false, message: m.textHoldsNul, code: 'bad_request' });
  });

  it('is refused in a body, and no ticket is stored', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/create',
      headers: user.headers,
      payload: { subject: 'Help', description: 'a\u0000b' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.textHoldsNul);
    const stored = await t.ctx.db.execute<{ n: string }>(
      sql`select count(*)::text as n from support_tickets`,
    );
    expect(stored.rows[0]?.n).toBe('0');
  });

  it('lets the same request without it through', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/p2p/p2phistory?page=1&limit=7&search=a',
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});
