import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, paymentOrders, walletTransactions } from '../../db/schema';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { depositViaSandbox } from './sandbox-deposit-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ORDERS = '/api/v1/wallet/deposits/orders';
const CONFIRM = '/api/v1/wallet/fiat/add/usd/amount';
const sandbox = (orderId: string, action: 'approve' | 'decline') =>
  `/api/v1/wallet/deposits/sandbox/${orderId}/${action}`;

async function createOrder(user: TestUser, amount: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: ORDERS, headers: user.headers, payload: { amount } });
  expect(res.statusCode).toBe(200);
  return res.json().data.order.order_id;
}

async function usdBalance(user: TestUser): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: user.headers });
  return res.json().data.wallet.currencies[0].balance;
}

async function writes() {
  const [orders] = await t.ctx.db.select({ n: count() }).from(paymentOrders);
  const [entries] = await t.ctx.db.select({ n: count() }).from(journalEntries);
  const [txs] = await t.ctx.db.select({ n: count() }).from(walletTransactions);
  return { orders: orders!.n, entries: entries!.n, txs: txs!.n };
}

describe('a sandbox deposit', () => {
  it('opens an order, is approved by the buyer, and credits the wallet once', async () => {
    const user = await createTestUser(t, { kyc: true });
    const created = await t.app.inject({
      method: 'POST',
      url: ORDERS,
      headers: user.headers,
      payload: { amount: '250.5' },
    });
    expect(created.json()).toEqual({
      status: true,
      message: 'Order created',
      data: {
        order: {
          order_id: expect.stringMatching(/^SBX-/),
          provider: 'sandbox',
          amount: '250.50',
          currency: 'USD',
          status: 'CREATED',
          createdAt: expect.any(String),
        },
      },
    });
    const orderId = created.json().data.order.order_id;
    const approved = await t.app.inject({
      method: 'POST',
      url: sandbox(orderId, 'approve'),
      headers: user.headers,
    });
    expect(approved.json()).toMatchObject({
      status: true,
      message: 'Payment approved',
      data: { order: { status: 'APPROVED' } },
    });

    const confirmed = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: user.headers,
      payload: { amount: '250.50', order_id: orderId },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: true, message: 'Deposit successful' });
    expect(confirmed.json().data.wallet.currencies[0]).toMatchObject({ symbol: 'USD', balance: '250.50' });

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: user.headers,
    });
    expect(history.json().data).toEqual([
      expect.objectContaining({
        operation_type: 'FIAT',
        operation: 'DEPOSIT',
        from: null,
        to: { currency_code: 'USD', amount: '250.50' },
        status: 'SUCCESS',
      }),
    ]);
    const [entry] = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.reference, `deposit:sandbox:${orderId}`));
    expect(entry).toMatchObject({ kind: 'DEPOSIT', userId: user.id });

    // Confirming again (a retried request, a double click) answers success and credits nothing more.
    const before = await writes();
    const again = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: user.headers,
      payload: { amount: '250.50', order_id: orderId },
    });
    expect(again.statusCode).toBe(200);
    expect(await writes()).toEqual(before);
    expect(await usdBalance(user)).toBe('250.50');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('credits nothing before the buyer approves', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await createOrder(user, '40');
    const res = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: user.headers,
      payload: { amount: '40', order_id: orderId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: false, code: 'payment_not_approved' });
    expect(await usdBalance(user)).toBe('0.00');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('leaves a REJECTED transaction when the buyer declines, and never credits it', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await createOrder(user, '75');
    const declined = await t.app.inject({
      method: 'POST',
      url: sandbox(orderId, 'decline'),
      headers: user.headers,
    });
    expect(declined.json()).toMatchObject({ status: true, data: { order: { status: 'DECLINED' } } });

    const confirm = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: user.headers,
      payload: { amount: '75', order_id: orderId },
    });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json()).toMatchObject({
      status: false,
      code: 'payment_declined',
      message: 'Transaction Failed',
    });
    const approve = await t.app.inject({
      method: 'POST',
      url: sandbox(orderId, 'approve'),
      headers: user.headers,
    });
    expect(approve.statusCode).toBe(409);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/transactions',
      headers: user.headers,
    });
    expect(history.json().data).toEqual([
      expect.objectContaining({ status: 'REJECTED', to: { currency_code: 'USD', amount: '75.00' } }),
    ]);
    expect(await usdBalance(user)).toBe('0.00');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('refuses an amount other than the order’s: the client’s amount never decides the credit', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await createOrder(user, '10');
    await t.app.inject({ method: 'POST', url: sandbox(orderId, 'approve'), headers: user.headers });
    const before = await writes();
    const res = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: user.headers,
      payload: { amount: '10000', order_id: orderId },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      status: false,
      code: 'unprocessable',
      message: 'Amount does not match the order',
    });
    expect(await writes()).toEqual(before);
    expect(await usdBalance(user)).toBe('0.00');
  });
});

describe('who may deposit', () => {
  it('answers 401 to anonymous callers on every deposit route', async () => {
    for (const [url, payload] of [
      [ORDERS, { amount: '10' }],
      [CONFIRM, { amount: '10', order_id: 'SBX-1' }],
      [sandbox('SBX-1', 'approve'), undefined],
      [sandbox('SBX-1', 'decline'), undefined],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(401);
    }
  });

  it('sends a user without KYC to complete it', async () => {
    const user = await createTestUser(t, { kyc: false });
    for (const [url, payload] of [
      [ORDERS, { amount: '10' }],
      [CONFIRM, { amount: '10', order_id: 'SBX-1' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: user.headers, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        status: false,
        code: 'kyc_required',
        message: 'Please Complete Your Kyc',
      });
    }
  });

  it("does not let another user approve, decline or capture someone else's order", async () => {
    const owner = await createTestUser(t, { kyc: true });
    const intruder = await createTestUser(t, { kyc: true });
    const orderId = await createOrder(owner, '60');
    for (const action of ['approve', 'decline'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: sandbox(orderId, action),
        headers: intruder.headers,
      });
      expect(res.statusCode).toBe(404);
    }
    await t.app.inject({ method: 'POST', url: sandbox(orderId, 'approve'), headers: owner.headers });
    const res = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: intruder.headers,
      payload: { amount: '60', order_id: orderId },
    });
    expect(res.statusCode).toBe(404);
    expect(await usdBalance(intruder)).toBe('0.00');
    expect(await usdBalance(owner)).toBe('0.00');
    const [order] = await t.ctx.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, orderId));
    expect(order!.status).toBe('APPROVED');
  });

  it('lets a KYC-verified admin deposit like anyone else', async () => {
    const admin = await createTestUser(t, { kyc: true, role: 'ADMIN' });
    await depositViaSandbox(t, admin, '5');
    expect(await usdBalance(admin)).toBe('5.00');
  });
});

describe('deposit input', () => {
  const bad: [string, unknown][] = [
    ['a negative amount', { amount: '-5' }],
    ['zero', { amount: '0' }],
    ['fractions of a cent', { amount: '10.001' }],
    ['a JSON number of fractions of a cent', { amount: 10.001 }],
    ['a negative JSON number', { amount: -5 }],
    ['less than 1', { amount: '0.99' }],
    ['more than 100000', { amount: '100000.01' }],
    ['text', { amount: 'ten' }],
    ['nothing', {}],
  ];

  it.each(bad)('refuses %s with a 400 and writes nothing', async (_label, payload) => {
    const user = await createTestUser(t, { kyc: true });
    const before = await writes();
    const order = await t.app.inject({
      method: 'POST',
      url: ORDERS,
      headers: user.headers,
      payload: payload as object,
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toMatchObject({ status: false, code: 'validation_failed' });
    const confirm = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: user.headers,
      payload: { ...(payload as object), order_id: 'SBX-1' },
    });
    expect(confirm.statusCode).toBe(400);
    expect(await writes()).toEqual(before);
  });

  it("accepts the amount as a JSON number, as the spec's client sends it", async () => {
    const user = await createTestUser(t, { kyc: true });
    const order = await t.app.inject({
      method: 'POST',
      url: ORDERS,
      headers: user.headers,
      payload: { amount: 25 },
    });
    expect(order.statusCode).toBe(200);
    expect(order.json().data.order.amount).toBe('25.00');
  });

  it("answers the spec's messages", async () => {
    const user = await createTestUser(t, { kyc: true });
    const message = async (amount: unknown) =>
      (await t.app.inject({ method: 'POST', url: ORDERS, headers: user.headers, payload: { amount } })).json()
        .message;
    expect(await message('0')).toBe('Please enter deposit amount');
    expect(await message('0.5')).toBe('Amount Should Be Greater Than 1');
  });

  it('refuses a malformed order id', async () => {
    const user = await createTestUser(t, { kyc: true });
    const res = await t.app.inject({
      method: 'POST',
      url: CONFIRM,
      headers: user.headers,
      payload: { amount: '10', order_id: "x' OR 1=1" },
    });
    expect(res.statusCode).toBe(400);
    const approve = await t.app.inject({
      method: 'POST',
      url: sandbox('a%20b', 'approve'),
      headers: user.headers,
    });
    expect(approve.statusCode).toBe(400);
  });
});

describe('50 parallel confirmations of one order', () => {
  it('credit it exactly once', async () => {
    const user = await createTestUser(t, { kyc: true });
    const orderId = await createOrder(user, '1234.56');
    await t.app.inject({ method: 'POST', url: sandbox(orderId, 'approve'), headers: user.headers });

    const began = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: CONFIRM,
          headers: user.headers,
          payload: { amount: '1234.56', order_id: orderId },
        }),
      ),
    );
    const elapsedMs = performance.now() - began;

    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(await usdBalance(user)).toBe('1234.56');
    const entries = await t.ctx.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM journal_entries WHERE reference = ${`deposit:sandbox:${orderId}`}`,
    );
    expect(entries.rows[0]!.n).toBe(1);
    const txs = await t.ctx.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, user.id));
    expect(txs).toHaveLength(1);
    await expectLedgerConsistent(t.ctx.db);
    process.stdout.write(
      `[deposits] 50 parallel confirmations of one order: 1 credit in ${elapsedMs.toFixed(0)} ms\n`,
    );
  });
});
