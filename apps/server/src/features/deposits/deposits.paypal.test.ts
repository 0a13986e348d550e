import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentOrders, webhookEvents } from '../../db/schema';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

const paypal = new FakePaypal();
let t: TestApp;
beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_BASE_URL: paypal.url,
      PAYPAL_CLIENT_ID: 'client-id',
      PAYPAL_CLIENT_SECRET: 'client-secret',
      PAYPAL_WEBHOOK_ID: 'WH-TEST',
    },
  });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

const CONFIRM = '/api/v1/wallet/fiat/add/usd/amount';
const WEBHOOK = '/api/v1/payments/paypal/webhook';

async function order(user: TestUser, amount: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposits/orders',
    headers: user.headers,
    payload: { amount },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.order).toMatchObject({ provider: 'paypal', status: 'CREATED' });
  return res.json().data.order.order_id;
}

const confirm = (user: TestUser, amount: string, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: CONFIRM,
    headers: user.headers,
    payload: { amount, order_id: orderId },
  });

async function usd(user: TestUser): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers })).json().data
    .wallet.currencies[0].balance;
}

async function history(user: TestUser) {
  return (
    await t.app.inject({ method: 'GET', url: '/api/v1/wallet/transactions', headers: user.headers })
  ).json().data;
}

function webhook(event: object, signature = 'genuine-signature') {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': 'TX-1',
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': '2026-01-01T00:00:00Z',
    },
    payload: JSON.stringify(event),
  });
}

const captureCompleted = (eventId: string, orderId: string, value: string) => ({
  id: eventId,
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  resource: {
    id: `CAP-${orderId}`,
    status: 'COMPLETED',
    amount: { currency_code: 'USD', value },
    supplementary_data: { related_ids: { order_id: orderId } },
  },
});

async function entriesFor(orderId: string): Promise<number> {
  const rows = await t.ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM journal_entries WHERE reference = ${`deposit:paypal:${orderId}`}`,
  );
  return rows.rows[0]!.n;
}

describe('PayPal deposits', () => {
  it('creates a CAPTURE order in USD and credits a completed capture of the same amount', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '25');
    expect(paypal.createdBodies.at(-1)).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '25.00' } }],
    });
    const res = await confirm(user, '25.00', orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'Deposit successful' });
    expect(await usd(user)).toBe('25.00');
    expect(await history(user)).toEqual([
      expect.objectContaining({ status: 'SUCCESS', to: { currency_code: 'USD', amount: '25.00' } }),
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('credits once when the same capture and its webhook are each delivered 5 times', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '30');
    for (let i = 0; i < 5; i++) expect((await confirm(user, '30', orderId)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await webhook(captureCompleted(`EVT-DUP-${orderId}`, orderId, '30.00'))).statusCode).toBe(200);
    // A second event id for the same capture (PayPal resends under a new id at times) is no credit either.
    expect((await webhook(captureCompleted(`EVT-OTHER-${orderId}`, orderId, '30.00'))).statusCode).toBe(200);
    expect(await usd(user)).toBe('30.00');
    expect(await entriesFor(orderId)).toBe(1);
    const seen = await t.ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, `EVT-DUP-${orderId}`));
    expect(seen).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('credits once when 5 confirmations race, though PayPal answers the later captures ORDER_ALREADY_CAPTURED', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '31');
    const responses = await Promise.all(Array.from({ length: 5 }, () => confirm(user, '31', orderId)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(
      paypal.calls.filter((c) => c === `POST /v2/checkout/orders/${orderId}/capture`).length,
    ).toBeGreaterThan(1);
    expect(paypal.calls).toContain(`GET /v2/checkout/orders/${orderId}`);
    expect(await usd(user)).toBe('31.00');
    expect(await entriesFor(orderId)).toBe(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('leaves a declined payment REJECTED and uncredited', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '13');
    const res = await confirm(user, '13', orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'payment_declined',
      message: 'Transaction Failed',
    });
    expect(await usd(user)).toBe('0.00');
    expect(await history(user)).toEqual([expect.objectContaining({ status: 'REJECTED' })]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('keeps a pending capture PENDING until a verified webhook completes it, then credits once', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '14');
    const res = await confirm(user, '14', orderId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: true, message: expect.stringMatching(/pending/i) });
    expect(await usd(user)).toBe('0.00');
    expect(await history(user)).toEqual([expect.objectContaining({ status: 'PENDING' })]);

    for (let i = 0; i < 5; i++) {
      const delivered = await webhook(captureCompleted(`EVT-PENDING-${orderId}`, orderId, '14.00'));
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json().message).toBe(i === 0 ? 'processed' : 'duplicate');
    }
    expect(await usd(user)).toBe('14.00');
    expect(await history(user)).toEqual([expect.objectContaining({ status: 'SUCCESS' })]);
    expect(await entriesFor(orderId)).toBe(1);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('credits nothing when the captured amount differs from our order, and marks it FAILED', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '15');
    const res = await confirm(user, '15', orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'payment_failed', message: 'Transaction Failed' });
    const [row] = await t.ctx.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, orderId));
    expect(row!.status).toBe('FAILED');
    // Neither a retry nor a webhook claiming the mismatching amount gets it credited.
    expect((await confirm(user, '15', orderId)).statusCode).toBe(422);
    expect((await webhook(captureCompleted(`EVT-MISMATCH-${orderId}`, orderId, '15.01'))).statusCode).toBe(
      200,
    );
    expect(await usd(user)).toBe('0.00');
    expect(t.logLines.some((line) => line.includes('does not match our order'))).toBe(true);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('ignores a forged webhook: verification FAILURE is a 400 and changes nothing', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '20');
    const forged = await webhook(
      captureCompleted(`EVT-FORGED-${orderId}`, orderId, '20.00'),
      'forged-signature',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: false, code: 'webhook_unverified' });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(captureCompleted(`EVT-UNSIGNED-${orderId}`, orderId, '20.00')),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(
      await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.eventId, `EVT-FORGED-${orderId}`)),
    ).toEqual([]);
    expect(await usd(user)).toBe('0.00');
    expect(await entriesFor(orderId)).toBe(0);
  });

  it('answers 502 with the envelope when PayPal is down, creating nothing', async () => {
    const user = await createTestUser(t, { kyc: true });
    paypal.down = true;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/deposits/orders',
        headers: user.headers,
        payload: { amount: '10' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ status: false, code: 'provider_unavailable' });
    } finally {
      paypal.down = false;
    }
    expect(await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.userId, user.id))).toEqual([]);
  });

  it('offers no sandbox buttons when PayPal is the provider', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await order(user, '10');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/deposits/sandbox/${orderId}/approve`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(404);
  });

  it('fetched one access token for everything above', () => {
    expect(paypal.calls.filter((c) => c === 'POST /v1/oauth2/token')).toHaveLength(1);
  });
});
