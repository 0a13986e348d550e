import { messages as m } from '@exchange/contracts';
import { HOUSE_USER_EMAIL } from '@exchange/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, signInAs, type TestUser } from '../../test/test-users';
import { post, ROOMY_LIMITS } from '../auth/auth-test-helpers';

/** A role change (a customer made admin, or back) ends every sign-in of the user, and is audited. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: ROOMY_LIMITS });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => t.close());

const setRole = (body: unknown, headers: Record<string, string> = admin.headers) =>
  post(t, '/admin/set-user-role', body, headers);

describe('changing a user role', () => {
  it('makes a customer an admin and ends every sign-in they had, so the new role starts from a new sign-in', async () => {
    const promoted = await createTestUser(t);
    const otherDevice = await signInAs(t, promoted.id, 'USER');
    const res = await setRole({ userId: promoted.id, role: 'ADMIN' });
    expect(res.json()).toEqual({ status: true, message: m.roleChanged, data: { role: 'ADMIN' } });
    for (const headers of [promoted.headers, otherDevice.headers])
      expect((await post(t, '/auth/2fa/status', {}, headers)).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, promoted.id));
    expect(row?.role).toBe('ADMIN');
    const audit = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetUserId, promoted.id), eq(adminAuditLog.action, 'ROLE_CHANGED')));
    expect(audit.map((line) => line.details)).toEqual([{ from: 'USER', to: 'ADMIN' }]);
    // A fresh sign-in carries the new role.
    const fresh = await signInAs(t, promoted.id, 'ADMIN');
    expect((await post(t, '/admin/audit-log', {}, fresh.headers)).statusCode).toBe(200);
  });

  it('changes nothing when the role is already that, and refuses an own role change, unknown users and bad input', async () => {
    const customer = await createTestUser(t);
    expect((await setRole({ userId: customer.id, role: 'USER' })).statusCode).toBe(200);
    expect((await post(t, '/auth/2fa/status', {}, customer.headers)).statusCode).toBe(200);
    const own = await setRole({ userId: admin.id, role: 'USER' });
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(m.cannotChangeOwnRole);
    expect(
      (await setRole({ userId: '00000000-0000-4000-8000-000000000099', role: 'ADMIN' })).statusCode,
    ).toBe(404);
    const [house] = await t.ctx.db.select().from(users).where(eq(users.email, HOUSE_USER_EMAIL));
    if (house) expect((await setRole({ userId: house.id, role: 'ADMIN' })).statusCode).toBe(404);
    for (const body of [
      {},
      { userId: customer.id },
      { userId: customer.id, role: 'ROOT' },
      { userId: 'x', role: 'ADMIN' },
    ])
      expect((await setRole(body)).statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, customer.id));
    expect(row?.role).toBe('USER');
  });

  it('is for admins only: anonymous 401, a customer (KYC or not) 403, a disabled admin 401', async () => {
    const target = await createTestUser(t);
    const customer = await createTestUser(t);
    const verified = await createTestUser(t, { kyc: true });
    const disabledAdmin = await createTestUser(t, { role: 'ADMIN' });
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabledAdmin.id));
    const body = { userId: target.id, role: 'ADMIN' };
    expect((await setRole(body, {})).statusCode).toBe(401);
    expect((await setRole(body, customer.headers)).statusCode).toBe(403);
    expect((await setRole(body, verified.headers)).statusCode).toBe(403);
    expect((await setRole(body, disabledAdmin.headers)).statusCode).toBe(401);
    // A customer cannot promote themselves either.
    expect((await setRole({ userId: customer.id, role: 'ADMIN' }, customer.headers)).statusCode).toBe(403);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.role).toBe('USER');
  });
});
