import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { reserveClientOrderId } from './api-orders.repository';

/**
 * The client order id's reservation: one statement, ON CONFLICT on (key, client id) rather than a read
 * first, committed without waiting for its WAL flush, and only that transaction (its connection goes
 * back to the pool with durable commits).
 */
describe('reserveClientOrderId', () => {
  let t: TestApp;
  let single: Database;
  beforeAll(async () => {
    t = await createTestApp();
    // One connection, so the setting's scope shows on the very connection the reservation used.
    single = connect((t.database as Database & { url: string }).url, { max: 1 });
  });
  afterAll(async () => {
    await single?.close();
    await t?.close();
  });

  it('holds a client id once per key and leaves synchronous_commit on for what comes next', async () => {
    const user = await createTestUser(t, { kyc: true });
    const keyId = randomUUID();
    const row = (clientOrderId: string) => ({
      orderId: randomUUID(),
      userId: user.id,
      keyId,
      clientOrderId,
      type: 'LIMIT' as const,
      timeInForce: 'GTC' as const,
    });
    expect(await reserveClientOrderId(single.db, row('bot-1'))).toBe(true);
    expect(await reserveClientOrderId(single.db, row('bot-1'))).toBe(false);
    expect(await reserveClientOrderId(single.db, { ...row('bot-1'), keyId: randomUUID() })).toBe(true);
    const setting = await single.db.execute<{ synchronous_commit: string }>(sql`SHOW synchronous_commit`);
    expect(setting.rows[0]?.synchronous_commit).toBe('on');
  });
});
