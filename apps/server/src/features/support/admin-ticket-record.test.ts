import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

/** A ticket's own URL in the back office (/admin-support/<id>, issue 46) reads that one ticket. */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

describe('one ticket by its id', () => {
  it('answers only that ticket to an admin; a customer 403, anonymous 401, a bad id 400', async () => {
    const customer = await createTestUser(t, { kyc: true, name: 'Ticket Owner' });
    const ids: string[] = [];
    for (const subject of ['First question', 'Second question']) {
      const created = await post('/support/create', customer.headers, { subject, description: 'Details' });
      expect(created.statusCode, created.body).toBe(200);
      ids.push(created.json().data._id);
    }
    const one = await post('/admin/getAllSupport', admin.headers, { id: ids[0] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.data).toMatchObject({ total: 1 });
    expect(one.json().data.data.content.map((row: { subject: string }) => row.subject)).toEqual([
      'First question',
    ]);
    expect((await post('/admin/getAllSupport', admin.headers, { id: 'nope' })).statusCode).toBe(400);
    expect((await post('/admin/getAllSupport', customer.headers, { id: ids[0] })).statusCode).toBe(403);
    expect((await post('/admin/getAllSupport', {}, { id: ids[0] })).statusCode).toBe(401);
  });
});
