import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Forged webhook floods are refused before they cost a verification call to PayPal. */
describe('PayPal webhook budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'paypal',
        // Nothing listens there: a delivery that gets through fails verification, never a 429.
        PAYPAL_BASE_URL: 'http://127.0.0.1:9',
        PAYPAL_CLIENT_ID: 'client-id',
        PAYPAL_CLIENT_SECRET: 'client-secret',
        PAYPAL_WEBHOOK_ID: 'WH-TEST',
        WEBHOOK_LIMIT_PER_MINUTE: '2',
      },
    });
  });
  afterAll(async () => t.close());

  it('refuses deliveries from one network beyond the budget', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/paypal/webhook',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ id: `EVT-${i}`, event_type: 'PAYMENT.CAPTURE.COMPLETED' }),
      });
      statuses.push(res.statusCode);
      if (i === 2)
        expect(res.json()).toEqual({ status: false, message: m.tooManyRequests, code: 'rate_limited' });
    }
    expect(statuses.slice(0, 2).every((status) => status !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
  });
});
