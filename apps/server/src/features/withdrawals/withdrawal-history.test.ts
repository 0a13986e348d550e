import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { FakePaypal } from '../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { paypalEnv } from '../debts/debt-test-helpers';
import { createPayoutProvider } from './usd-payouts/payout-provider';
import { sendUsdPayouts } from './usd-payouts/send-usd-payouts';
import { type Customer, call, customerWithUsd, freshTotp, withdrawUsd } from './withdrawal-test-helpers';

// Issue 45: a withdrawal is a money movement of the account, so the Transactions list (and its CSV)
// shows it with its kind, PENDING while held, SUCCESS once paid out, REJECTED once given back.

const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
let alice: Customer;
let completedId: string;

const payoutTick = () => sendUsdPayouts(t.ctx, createPayoutProvider(t.ctx));

interface Row {
  _id: string;
  operation_type: string;
  operation: string;
  from: { currency_code: string; amount: string } | null;
  to: unknown;
  status: string;
}

async function transactions(headers: object, query = '') {
  const response = await call(t, 'GET', `/wallet/transactions${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Row[]; total: number };
}

beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: {
      ...paypalEnv(paypal.url),
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      WITHDRAWAL_AUTO_APPROVE_BELOW_USD: '200',
      WITHDRAWAL_USD_PAYOUT_MS: '600000',
    },
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
  alice = await customerWithUsd(t, 500_00n);
  // One paid out (completed), then one cancelled before approval.
  completedId = (await withdrawUsd(t, clock, alice, '50')).id;
  await payoutTick();
  await payoutTick();
  clock.advance(1_000);
  const requested = await call(t, 'POST', '/withdrawals', alice.headers, {
    asset: 'USD',
    amount: '40',
    totp: await freshTotp(t, clock),
  });
  expect(requested.statusCode, requested.body).toBe(200);
  const cancelled = await call(t, 'POST', '/withdrawals/cancel', alice.headers, {
    withdrawal_id: requested.json().data._id,
  });
  expect(cancelled.json().data.status).toBe('CANCELLED');
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});

describe('a withdrawal in the Transactions list', () => {
  it('shows the completed one as a SUCCESS WITHDRAW of the whole amount, and the cancelled one REJECTED', async () => {
    const list = await call(t, 'GET', '/withdrawals?page=1&limit=10', alice.headers);
    expect(list.json().data.content).toContainEqual(
      expect.objectContaining({ _id: completedId, status: 'COMPLETED' }),
    );
    const { data, total } = await transactions(alice.headers);
    expect(total).toBe(2);
    // Newest first: the cancelled one was requested a second later.
    expect(data).toMatchObject([
      {
        operation_type: 'FIAT',
        operation: 'WITHDRAW',
        from: { currency_code: 'USD', amount: '40.00' },
        to: null,
        status: 'REJECTED',
      },
      {
        operation_type: 'FIAT',
        operation: 'WITHDRAW',
        from: { currency_code: 'USD', amount: '50.00' },
        to: null,
        status: 'SUCCESS',
      },
    ]);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('pages and searches on the server', async () => {
    const page2 = await transactions(alice.headers, '?page=2&limit=1');
    expect(page2).toMatchObject({ total: 2, data: [{ status: 'SUCCESS', operation: 'WITHDRAW' }] });
    const success = await transactions(alice.headers, '?search=success');
    expect(success).toMatchObject({ total: 1, data: [{ operation: 'WITHDRAW', status: 'SUCCESS' }] });
    expect((await transactions(alice.headers, '?search=withdraw')).total).toBe(2);
    expect(await transactions(alice.headers, '?search=btc')).toMatchObject({ total: 0, data: [] });
  });

  it('downloads the same rows as the list, with the list’s search', async () => {
    const all = await call(t, 'GET', '/wallet/transactions/export.csv', alice.headers);
    expect(all.statusCode, all.body).toBe(200);
    const lines = all.body.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(',FIAT,WITHDRAW,USD,50.00,');
    const found = await call(t, 'GET', '/wallet/transactions/export.csv?search=rejected', alice.headers);
    const rows = found.body
      .split('\r\n')
      .filter((line) => line !== '')
      .slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(',FIAT,WITHDRAW,USD,40.00,');
    expect(rows[0]).toContain(',REJECTED,');
  });

  it('is the owner’s alone: anonymous 401, another user and an admin see only their own', async () => {
    expect((await call(t, 'GET', '/wallet/transactions', {})).statusCode).toBe(401);
    expect((await call(t, 'GET', '/wallet/transactions/export.csv', {})).statusCode).toBe(401);
    const bob = await createTestUser(t);
    const noKyc = await createTestUser(t, { kyc: false });
    for (const other of [bob, noKyc, admin]) {
      expect(await transactions(other.headers)).toMatchObject({ total: 0, data: [] });
      const csv = await call(t, 'GET', '/wallet/transactions/export.csv', other.headers);
      expect(csv.body).not.toContain('WITHDRAW');
    }
  });

  it.each(['?limit=0', '?limit=501', '?page=0', '?page=x', `?search=${'x'.repeat(200)}`])(
    'answers a bad query (%s) 400 with a message',
    async (query) => {
      const response = await call(t, 'GET', `/wallet/transactions${query}`, alice.headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    },
  );
});
