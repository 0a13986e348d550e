import { messages as m } from '@exchange/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, supportTickets } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, signInAs, type TestUser } from '../../test/test-users';

/**
 * A support ticket is a row the staff must read, and a deposit order is a PayPal request: each user
 * has a budget of both per hour (SUPPORT_TICKET_LIMIT_PER_HOUR, DEPOSIT_ORDER_LIMIT_PER_HOUR). The
 * call past it answers 429 and writes nothing; other users keep their own budget.
 */
const BUDGET = 3;
const HOUR_MS = 60 * 60 * 1000;

describe('hourly budgets of support tickets and deposit orders', () => {
  const clock = new ManualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { SUPPORT_TICKET_LIMIT_PER_HOUR: String(BUDGET), DEPOSIT_ORDER_LIMIT_PER_HOUR: String(BUDGET) },
    });
  });
  afterAll(async () => t.close());

  const openTicket = (user: TestUser, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/support/create',
      headers: user.headers,
      payload: { subject: `Question ${i}`, description: 'Where is my deposit?' },
    });
  const openDeposit = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposits/orders',
      headers: user.headers,
      payload: { amount: '25.00' },
    });
  const tickets = async (user: TestUser) =>
    (await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.userId, user.id))).length;
  const orders = async (user: TestUser) =>
    (await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id))).length;

  // An hour later the access token has expired too: a new sign-in, same user, a fresh budget.
  const freshSignIn = async (user: TestUser): Promise<TestUser> => ({
    ...user,
    headers: (await signInAs(t, user.id, 'USER')).headers,
  });

  it('refuses the ticket past the budget without writing it, and only for that user', async () => {
    const a = await createTestUser(t, { kyc: true });
    const b = await createTestUser(t, { kyc: true });
    for (let i = 0; i < BUDGET; i += 1) expect((await openTicket(a, i)).statusCode).toBe(200);
    const refused = await openTicket(a, BUDGET);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: m.supportTicketLimit, code: 'rate_limited' });
    expect(await tickets(a)).toBe(BUDGET);
    expect((await openTicket(b, 0)).statusCode).toBe(200);
    expect(await tickets(b)).toBe(1);
    clock.advance(HOUR_MS);
    expect((await openTicket(await freshSignIn(a), BUDGET + 1)).statusCode).toBe(200);
  });

  it('refuses the deposit order past the budget without writing it, and only for that user', async () => {
    const a = await createTestUser(t, { kyc: true });
    const b = await createTestUser(t, { kyc: true });
    for (let i = 0; i < BUDGET; i += 1) expect((await openDeposit(a)).statusCode).toBe(200);
    const refused = await openDeposit(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: m.depositOrderLimit, code: 'rate_limited' });
    expect(await orders(a)).toBe(BUDGET);
    expect((await openDeposit(b)).statusCode).toBe(200);
    expect(await orders(b)).toBe(1);
    clock.advance(HOUR_MS);
    expect((await openDeposit(await freshSignIn(a))).statusCode).toBe(200);
  });
});
