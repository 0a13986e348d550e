import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';

/** The environment of a test app whose deposits go through the fake PayPal at `url`. */
export function paypalEnv(url: string): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'paypal',
    PAYPAL_BASE_URL: url,
    PAYPAL_CLIENT_ID: 'client-id',
    PAYPAL_CLIENT_SECRET: 'client-secret',
    PAYPAL_WEBHOOK_ID: 'WH-TEST',
  };
}

/** A credited PayPal deposit of `amount` USD; answers its PayPal order id. */
export async function paypalDeposit(t: TestApp, user: TestUser, amount: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposits/orders',
    headers: user.headers,
    payload: { amount },
  });
  const orderId: string = created.json().data.order.order_id;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/fiat/add/usd/amount',
    headers: user.headers,
    payload: { amount, order_id: orderId },
  });
  expect(confirmed.statusCode).toBe(200);
  return orderId;
}

/** PayPal's chargeback of the whole deposit, delivered to our webhook. */
export async function chargeBack(t: TestApp, orderId: string): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/paypal/webhook',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': 'TX-1',
      'paypal-transmission-sig': 'genuine-signature',
      'paypal-transmission-time': '2026-01-01T00:00:00Z',
    },
    payload: JSON.stringify({
      id: `EVT-CB-${orderId}`,
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource: {
        id: `CB-${orderId}`,
        status: 'COMPLETED',
        links: [{ rel: 'up', href: `https://api.paypal.com/v2/payments/captures/CAP-${orderId}` }],
      },
    }),
  });
  expect(res.json()).toMatchObject({ status: true, message: 'processed' });
}

/** An instant order against the house in USD (no quote: the spec's client). */
export function instant(t: TestApp, user: TestUser, side: 'buy' | 'sell', quantity: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/limitorder/limitInstant/${side}`,
    headers: user.headers,
    payload: {
      market_id: 'BTC-USDT',
      crypto_currency_code: 'BTC',
      fiat_currency_code: 'USD',
      quantity,
      type: 'instant',
      limitPrice: '',
      side,
    },
  });
}

/**
 * A customer who deposited 50 USD by PayPal, spent 30.03 of it on 0.0005 BTC, and whose deposit was
 * then charged back: the reversal takes the 19.97 left and records a debt of 30.03.
 */
export async function customerInDebt(t: TestApp, user: TestUser): Promise<string> {
  const orderId = await paypalDeposit(t, user, '50.00');
  expect((await instant(t, user, 'buy', '0.0005')).statusCode).toBe(200);
  await chargeBack(t, orderId);
  return orderId;
}
