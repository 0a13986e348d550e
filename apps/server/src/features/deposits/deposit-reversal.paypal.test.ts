import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, paymentOrders, userDebts } from '../../db/schema';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';

const paypal = new FakePaypal();
let t: TestApp;
let admin: TestUser;
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
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

/** A credited PayPal deposit of `amount` USD; answers its PayPal order id. */
async function deposit(user: TestUser, amount: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/deposits/orders',
    headers: user.headers,
    payload: { amount },
  });
  const orderId = created.json().data.order.order_id;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/fiat/add/usd/amount',
    headers: user.headers,
    payload: { amount, order_id: orderId },
  });
  expect(confirmed.statusCode).toBe(200);
  return orderId;
}

function webhook(event: object, signature = 'genuine-signature') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/paypal/webhook',
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

/** A refund (or chargeback) event as PayPal sends it: a refund resource linking "up" to the capture. */
function takenBack(
  type: 'REFUNDED' | 'REVERSED',
  eventId: string,
  orderId: string,
  refundId: string,
  value?: string,
) {
  return {
    id: eventId,
    event_type: `PAYMENT.CAPTURE.${type}`,
    resource: {
      id: refundId,
      status: 'COMPLETED',
      ...(value ? { amount: { currency_code: 'USD', value } } : {}),
      links: [
        { rel: 'self', href: `https://api.paypal.com/v2/payments/refunds/${refundId}` },
        { rel: 'up', href: `https://api.paypal.com/v2/payments/captures/CAP-${orderId}` },
      ],
    },
  };
}

async function usd(user: TestUser): Promise<string> {
  const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
  return wallet.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === 'USD').balance;
}

async function orderRow(orderId: string) {
  const [row] = await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, orderId));
  return row!;
}

async function reversalEntries(refundId: string): Promise<number> {
  const rows = await t.ctx.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM journal_entries WHERE reference = ${`deposit-reversal:paypal:${refundId}`}`,
  );
  return rows.rows[0]!.n;
}

async function adminMails(): Promise<string[]> {
  const rows = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email));
  return rows.map((row) => `${row.subject}\n${row.text}`);
}

describe('PayPal refunds and chargebacks of a deposit', () => {
  it('takes a refunded deposit back out of the balance, marks it REFUNDED and tells the admin', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await deposit(user, '50.00');
    expect(await usd(user)).toBe('50.00');

    const res = await webhook(takenBack('REFUNDED', `EVT-R-${orderId}`, orderId, `REF-${orderId}`, '50.00'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true, message: 'processed' });
    expect(await usd(user)).toBe('0.00');
    expect(await orderRow(orderId)).toMatchObject({ status: 'REFUNDED', reversedAmount: '5000' });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: user.headers,
    });
    expect(history.json().data[0]).toMatchObject({
      operation: 'DEPOSIT_REFUND',
      from: { currency_code: 'USD', amount: '50.00' },
      status: 'SUCCESS',
    });
    expect(await t.ctx.db.select().from(userDebts).where(eq(userDebts.userId, user.id))).toEqual([]);
    // The admin sees it: a mail, and the line in the back office's transactions.
    expect(
      (await adminMails()).some((m) => m.includes(`PayPal took back 50.00 USD of deposit ${orderId}`)),
    ).toBe(true);
    const all = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/get-all-transaction',
      headers: admin.headers,
      payload: { page: 1, limit: 10, search: user.email },
    });
    expect(JSON.stringify(all.json())).toContain('DEPOSIT_REFUND');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('records a debt for what the user already spent, never a negative balance', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await deposit(user, '50.00');
    // Spend 30.03 of it: 0.0005 BTC at 60,000 plus the 0.1% fee.
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/limitorder/limitInstant/buy',
      headers: user.headers,
      payload: {
        market_id: 'BTC-USDT',
        crypto_currency_code: 'BTC',
        fiat_currency_code: 'USD',
        quantity: '0.0005',
        type: 'instant',
        limitPrice: '',
        side: 'buy',
      },
    });
    expect(bought.statusCode).toBe(200);
    expect(await usd(user)).toBe('19.97');

    // A chargeback without an amount takes the whole deposit.
    const res = await webhook(takenBack('REVERSED', `EVT-CB-${orderId}`, orderId, `CB-${orderId}`));
    expect(res.statusCode).toBe(200);
    expect(await usd(user)).toBe('0.00');
    expect(await orderRow(orderId)).toMatchObject({ status: 'REVERSED', reversedAmount: '5000' });
    const debts = await t.ctx.db.select().from(userDebts).where(eq(userDebts.userId, user.id));
    expect(debts).toMatchObject([{ asset: 'USD', amount: '3003', reason: 'REVERSED' }]);
    const mails = await adminMails();
    expect(mails.some((m) => m.includes("Recorded as the user's debt: 30.03 USD"))).toBe(true);
    // The receivable in the ledger is exactly what the debt rows say users owe.
    const [owed] = (
      await t.ctx.db.execute<{ balance: string; rows: string }>(sql`
        SELECT (SELECT balance::text FROM ledger_accounts WHERE kind = 'USER_DEBT' AND asset = 'USD') AS balance,
               (SELECT sum(amount)::text FROM user_debts WHERE asset = 'USD') AS rows`)
    ).rows;
    expect(BigInt(owed!.balance)).toBe(-BigInt(owed!.rows));
    await expectLedgerConsistent(t.ctx.db);
  });

  it('books a refund once however often and however concurrently it is delivered', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await deposit(user, '40.00');
    const event = takenBack('REFUNDED', `EVT-DUP-${orderId}`, orderId, `REF-DUP-${orderId}`, '10.00');
    // The same event 10 times at once, then again in turn; and the same refund under other event ids.
    const parallel = await Promise.all(Array.from({ length: 10 }, () => webhook(event)));
    expect(parallel.every((r) => r.statusCode === 200)).toBe(true);
    expect(parallel.filter((r) => r.json().message === 'processed')).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) expect((await webhook(event)).json().message).toBe('duplicate');
    const others = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        webhook(takenBack('REFUNDED', `EVT-DUP-${orderId}-${i}`, orderId, `REF-DUP-${orderId}`, '10.00')),
      ),
    );
    expect(others.every((r) => r.statusCode === 200)).toBe(true);
    expect(await reversalEntries(`REF-DUP-${orderId}`)).toBe(1);
    expect(await usd(user)).toBe('30.00');
    expect(await orderRow(orderId)).toMatchObject({ status: 'REFUNDED', reversedAmount: '1000' });

    // Two more partial refunds in parallel: 20 and then 15 (capped at the 10 left), never past the deposit.
    await Promise.all([
      webhook(takenBack('REFUNDED', `EVT-P1-${orderId}`, orderId, `REF-P1-${orderId}`, '20.00')),
      webhook(takenBack('REFUNDED', `EVT-P2-${orderId}`, orderId, `REF-P2-${orderId}`, '15.00')),
    ]);
    expect(await orderRow(orderId)).toMatchObject({ reversedAmount: '4000' });
    expect(await usd(user)).toBe('0.00');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('still believes a refund only after PayPal verifies its signature', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await deposit(user, '25.00');
    const forged = await webhook(
      takenBack('REFUNDED', `EVT-FORGED-${orderId}`, orderId, `REF-F-${orderId}`, '25.00'),
      'forged-signature',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ status: false, code: 'webhook_unverified' });
    expect(await usd(user)).toBe('25.00');
    expect(await orderRow(orderId)).toMatchObject({ status: 'CREDITED', reversedAmount: '0' });
    expect(await reversalEntries(`REF-F-${orderId}`)).toBe(0);
  });
});
