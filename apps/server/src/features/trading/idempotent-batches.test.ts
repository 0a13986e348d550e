import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { idempotencyKeys } from '../../db/schema';
import type { CommitMarker } from '../../platform/db';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { BatchWrites } from './batch-writes';
import { fund, holdLoop, limitOrder, untilWaiting } from './trading-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function send(user: TestUser, body: Record<string, unknown>, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/limitorder/limitInstant/${body.side}`,
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

async function committedKeys(user: TestUser): Promise<string[]> {
  const rows = await t.ctx.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, user.id), isNotNull(idempotencyKeys.committedAt)));
  return rows.map((row) => row.key);
}

describe('idempotent requests that share a batch', () => {
  it('each limit order marks its own key in the batch that commits it', async () => {
    const [a, b] = [await createTestUser(t, { kyc: true }), await createTestUser(t, { kyc: true })];
    await fund(t, a, 'USDT', '1000');
    await fund(t, b, 'USDT', '1000');
    const hold = holdLoop(t, 'BTC-USDT');
    const sends = [
      send(a, limitOrder('buy', '0.001', '20000'), 'order-a'),
      send(b, limitOrder('buy', '0.001', '20000'), 'order-b'),
    ];
    await untilWaiting(t, 'BTC-USDT', 2);
    hold.release();
    expect((await Promise.all(sends)).map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await committedKeys(a)).toEqual(['order-a']);
    expect(await committedKeys(b)).toEqual(['order-b']);
  });

  it('each instant order marks its own key in the desk batch that commits it', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => createTestUser(t, { kyc: true })));
    for (const person of people) await fund(t, person, 'USD', '1000');
    const body = {
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      quantity: '0.001',
      type: 'instant',
      side: 'buy',
    };
    const answers = await Promise.all(people.map((person, i) => send(person, body, `instant-${i}`)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    for (const [i, person] of people.entries()) expect(await committedKeys(person)).toEqual([`instant-${i}`]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a loop started by one request never writes that request’s mark in later batches', async () => {
    const user = await createTestUser(t, { kyc: true });
    await fund(t, user, 'USDT', '1000');
    const [starter] = await t.ctx.db
      .insert(idempotencyKeys)
      .values({ userId: user.id, key: 'starter', route: 'test', requestHash: 'test' })
      .returning({ token: idempotencyKeys.claimToken });
    const marker: CommitMarker = {
      claim: { userId: user.id, key: 'starter', token: starter!.token },
      mark: () => Promise.reject(new Error('the batches stamp claims themselves')),
    };
    const flushed: string[][] = [];
    const flush = BatchWrites.prototype.flush;
    const spy = vi.spyOn(BatchWrites.prototype, 'flush').mockImplementation(function (
      this: BatchWrites,
      options,
    ) {
      flushed.push(options.claims.map((claim) => claim.key));
      return flush.call(this, options);
    });
    try {
      // The loop starts with a request's command, marked (it holds the loop) ...
      const hold = holdLoop(t, 'BTC-USDT', marker);
      // ... and a later command, from another request, queues behind it.
      const later = send(user, limitOrder('buy', '0.001', '20000'));
      await untilWaiting(t, 'BTC-USDT', 1);
      hold.release();
      await hold.busy;
      expect((await later).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
    // The holding command's batch stamped its claim; the later batch stamped none.
    expect(flushed).toEqual([['starter'], []]);
    expect(await committedKeys(user)).toEqual(['starter']);
  });
});
