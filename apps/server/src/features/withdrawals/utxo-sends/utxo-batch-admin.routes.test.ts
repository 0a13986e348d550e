import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/test-users';

// Who may see the Litecoin batches in flight and speed one up (issue 47): admins only. The flow on a
// real node is in fee-bump.test.ts; here no chain is configured, so the list is empty.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the admin replace-by-fee routes', () => {
  it('anonymous 401, a customer with or without KYC 403, an admin through', async () => {
    const [plain, verified, admin] = [
      await createTestUser(t),
      await createTestUser(t, { kyc: true }),
      await createTestUser(t, { role: 'ADMIN', kyc: true }),
    ];
    const list = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/admin/withdrawals/utxo-batches', headers });
    const speedUp = (headers: Record<string, string>, payload: object = { batch_id: randomUUID() }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/withdrawals/utxo-batches/speed-up',
        headers,
        payload,
      });
    for (const call of [list, speedUp]) {
      expect((await call({})).statusCode).toBe(401);
      expect((await call(plain.headers)).statusCode).toBe(403);
      expect((await call(verified.headers)).statusCode).toBe(403);
    }
    const listed = await list(admin.headers);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual([]);
    const unknown = await speedUp(admin.headers);
    expect(unknown.statusCode, unknown.body).toBe(404);
  });

  it('answers a malformed speed-up with 400 and a message', async () => {
    const admin = await createTestUser(t, { role: 'ADMIN', kyc: true });
    for (const payload of [{}, { batch_id: 'not-a-uuid' }, { batch_id: 7 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/withdrawals/utxo-batches/speed-up',
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
