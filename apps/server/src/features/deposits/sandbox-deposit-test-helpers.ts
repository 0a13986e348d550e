import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';

/** Deposits `amount` USD the way the page does with the sandbox: order, approve, confirm. */
export async function depositViaSandbox(t: TestApp, user: TestUser, amount: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposits/orders',
    headers: user.headers,
    payload: { amount },
  });
  expect(created.statusCode).toBe(200);
  const orderId: string = created.json().data.order.order_id;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/v1/wallet/deposits/sandbox/${orderId}/approve`,
    headers: user.headers,
  });
  expect(approved.statusCode).toBe(200);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/fiat/add/usd/amount',
    headers: user.headers,
    payload: { amount, order_id: orderId },
  });
  expect(confirmed.statusCode).toBe(200);
  return orderId;
}
