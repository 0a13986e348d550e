import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSlots } from '../../platform/export-slots';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createTestUser(t, { kyc: true });
});
afterAll(async () => t.close());

const download = (caller: TestUser, path = '/wallet/transactions/export.csv') =>
  t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: caller.headers });

/** Takes `count` slots for `owner`, as running downloads would hold them. */
function hold(owner: string, count: number): (() => void)[] {
  return Array.from({ length: count }, () => {
    const slot = exportSlots.take(owner);
    if (!slot.ok) throw new Error('slot refused while setting up');
    return slot.release;
  });
}

describe('CSV downloads running at once', () => {
  it('a customer with two downloads running is refused a third with 429, and served once one ends', async () => {
    const held = hold(user.id, 2);
    try {
      for (const path of [
        '/wallet/transactions/export.csv',
        '/wallet/limitorder/market/get-order-history/export.csv',
      ]) {
        const refused = await download(user, path);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({
          status: false,
          code: 'rate_limited',
          message: m.exportBusyOwner,
        });
      }
      // Another customer is not held up by this one's downloads.
      const other = await createTestUser(t, { kyc: true });
      expect((await download(other)).statusCode).toBe(200);
      held[0]?.();
      const served = await download(user);
      expect(served.statusCode).toBe(200);
    } finally {
      for (const release of held) release();
    }
    expect(exportSlots.running()).toBe(0);
  });

  it('when the process runs its most downloads, a new one is refused with its own message', async () => {
    const held = ['a', 'b', 'c', 'd'].flatMap((owner) => hold(`busy-${owner}`, 1));
    try {
      const refused = await download(user);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(m.exportBusyTotal);
    } finally {
      for (const release of held) release();
    }
    expect((await download(user)).statusCode).toBe(200);
    expect(exportSlots.running()).toBe(0);
  });

  it('downloads that finish, fail validation or are refused leave no slot behind', async () => {
    await Promise.all(Array.from({ length: 6 }, () => download(user)));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/statement/export.csv?from=nope',
      headers: user.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(exportSlots.running()).toBe(0);
    expect((await download(user)).statusCode).toBe(200);
  });
});
