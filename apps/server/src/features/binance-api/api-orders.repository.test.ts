import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database, type Db } from '../../platform/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/test-users';
import { reserveClientOrderId } from './api-orders.repository';
import { ClientOrderIdReservations } from './client-order-id-reservations';

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

/**
 * The process's reservations of one moment go into one statement, and each caller gets its own row's
 * answer: the same rule as one reservation at a time (unique per key and client id), where of two
 * requests with one id in the same statement the first holds it.
 */
describe('ClientOrderIdReservations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The app's db, counting its statements. */
  function counted(): { db: Db; statements: () => number } {
    let statements = 0;
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== 'execute') return value;
        return (...args: unknown[]) => {
          statements += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    return { db, statements: () => statements };
  }

  it('writes the reservations asked for together in one statement and answers each its own', async () => {
    const user = await createTestUser(t, { kyc: true });
    const keyId = randomUUID();
    const row = (clientOrderId: string, key = keyId) => ({
      orderId: randomUUID(),
      userId: user.id,
      keyId: key,
      clientOrderId,
      type: 'LIMIT' as const,
      timeInForce: 'GTC' as const,
    });
    const { db, statements } = counted();
    const reservations = new ClientOrderIdReservations(db);
    expect(await reservations.reserve(row('taken-before'))).toBe(true);
    expect(statements()).toBe(1);

    const asked = [
      row('a'),
      row('b'),
      row('taken-before'),
      row('twice'),
      row('twice'),
      row('a', randomUUID()),
      ...Array.from({ length: 40 }, (_, i) => row(`many-${i}`)),
    ];
    const answers = await Promise.all(asked.map((r) => reservations.reserve(r)));
    expect(statements()).toBe(2);
    expect(answers.slice(0, 6)).toEqual([true, true, false, true, false, true]);
    expect(answers.slice(6).every(Boolean)).toBe(true);

    const stored = await t.database.db.execute<{ order_id: string }>(
      sql`SELECT order_id::text FROM api_orders WHERE user_id = ${user.id}`,
    );
    const held = new Set(stored.rows.map((r) => r.order_id));
    expect(asked.map((r) => held.has(r.orderId))).toEqual(answers);
  });

  it('fails every caller of a statement that fails, and the next moment writes again', async () => {
    const user = await createTestUser(t, { kyc: true });
    const row = (userId: string) => ({
      orderId: randomUUID(),
      userId,
      keyId: randomUUID(),
      clientOrderId: 'x',
      type: 'LIMIT' as const,
      timeInForce: 'GTC' as const,
    });
    const reservations = new ClientOrderIdReservations(t.database.db);
    // A user that does not exist breaks the foreign key and fails the statement of all three; tried
    // again one by one, only its own caller is refused.
    const answers = await Promise.allSettled([
      reservations.reserve(row(user.id)),
      reservations.reserve(row(randomUUID())),
      reservations.reserve(row(user.id)),
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : 'rejected'))).toEqual([
      true,
      'rejected',
      true,
    ]);
    expect(await reservations.reserve(row(user.id))).toBe(true);
  });
});
