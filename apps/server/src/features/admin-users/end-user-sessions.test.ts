import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { bearer, logIn, ROOMY_LIMITS, refreshWithCookie, registerVerified } from '../auth/auth-test-helpers';

/**
 * From the customer's page an admin ends one of the customer's sessions, or all of them (issue 46
 * point 2): the ended device is refused at its next request and cannot refresh, the others go on
 * (ending one), each is audited, and nobody but an admin may do it.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => t.close());

const end = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/end-sessions', headers, payload });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

async function sessionIds(userId: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/user-records',
    headers: admin.headers,
    payload: { userId, kind: 'sessions' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.content.map((r: { _id: string; revocable: boolean }) => {
    expect(r.revocable).toBe(true);
    return r._id;
  });
}

async function auditOf(userId: string) {
  return t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, userId));
}

describe('an admin ends a customer sessions', () => {
  it('ends one session: that device is refused and cannot refresh, the other goes on; audited', async () => {
    await registerVerified(t, 'ended-one@example.com');
    const laptop = await logIn(t, 'ended-one@example.com');
    const phone = await logIn(t, 'ended-one@example.com');
    const ids = await sessionIds(laptop.userId);
    expect(ids).toHaveLength(2);
    // Which row is the phone's: the one whose refresh family the phone's token belongs to is found by
    // ending it and seeing who is refused; the list is most recently used first, so the phone's is first.
    const res = await end(admin.headers, { userId: laptop.userId, sessionId: ids[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Session ended', data: { ended: 1 } });
    expect((await me(phone.accessToken)).statusCode).toBe(401);
    expect((await refreshWithCookie(t, phone.refreshToken)).statusCode).toBe(401);
    expect((await me(laptop.accessToken)).statusCode).toBe(200);
    expect(await sessionIds(laptop.userId)).toEqual([ids[1]]);
    const audit = await auditOf(laptop.userId);
    expect(audit.map((a) => [a.action, a.adminId])).toEqual([['SESSION_ENDED', admin.id]]);
    // Ended once: a second try finds no such live session, and changes nothing.
    const again = await end(admin.headers, { userId: laptop.userId, sessionId: ids[0] });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Session not found');
    expect(await auditOf(laptop.userId)).toHaveLength(1);
  });

  it('ends every session: each device is refused; audited with the count', async () => {
    await registerVerified(t, 'ended-all@example.com');
    const one = await logIn(t, 'ended-all@example.com');
    const two = await logIn(t, 'ended-all@example.com');
    const res = await end(admin.headers, { userId: one.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Sessions ended: 2', data: { ended: 2 } });
    for (const signedIn of [one, two]) {
      expect((await me(signedIn.accessToken)).statusCode).toBe(401);
      expect((await refreshWithCookie(t, signedIn.refreshToken)).statusCode).toBe(401);
    }
    expect(await sessionIds(one.userId)).toEqual([]);
    const audit = await auditOf(one.userId);
    expect(audit.map((a) => [a.action, a.details])).toEqual([['SESSIONS_ENDED', { sessions: 2 }]]);
  });

  it('anonymous 401, a customer (KYC or not) 403, another customer session not found, bad ids 400', async () => {
    await registerVerified(t, 'ended-guarded@example.com');
    const victim = await logIn(t, 'ended-guarded@example.com');
    const [sessionId] = await sessionIds(victim.userId);
    const customer = await createTestUser(t);
    const verified = await createTestUser(t, { kyc: true });
    const body = { userId: victim.userId, sessionId };
    expect((await end({}, body)).statusCode).toBe(401);
    expect((await end(customer.headers, body)).statusCode).toBe(403);
    expect((await end(verified.headers, body)).statusCode).toBe(403);
    // A session of someone else named with this customer: not found, nothing ends.
    const other = await end(admin.headers, { userId: customer.id, sessionId });
    expect(other.statusCode).toBe(404);
    expect((await end(admin.headers, { userId: 'nope', sessionId })).statusCode).toBe(400);
    expect((await end(admin.headers, { userId: victim.userId, sessionId: 'nope' })).statusCode).toBe(400);
    // An admin does not sign themselves out from the back office: their own Security page does that.
    const own = await end(admin.headers, { userId: admin.id });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('End your own sessions on your Security page');
    expect((await me(victim.accessToken)).statusCode).toBe(200);
    expect(await auditOf(victim.userId)).toHaveLength(0);
  });
});
