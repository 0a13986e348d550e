import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycRequest, uploadKycImage } from '../../features/kyc/kyc-test-helpers';
import {
  createStakeRequest,
  optionId,
  stakeAction,
  userStakes,
} from '../../features/staking/staking-test-helpers';
import { balances, fund, limitOrder, place } from '../../features/trading/trading-test-helpers';
import { makeImage, multipartBody } from '../../features/uploads/upload-test-helpers';
import { expectLedgerConsistent } from '../expect-ledger';
import { createTestApp, type TestApp } from '../test-app';
import { createTestUser, type TestUser } from '../test-users';

/**
 * User B holds every id of user A's (orders, stakes, deposit orders, KYC images, tickets, uploads,
 * idempotency keys) and tries each route that takes one: B never reads or changes A's data, and
 * A's state is the same after every attempt.
 */
let t: TestApp;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  a = await createTestUser(t, { kyc: true, name: 'Alice Owner' });
  b = await createTestUser(t, { kyc: true, name: 'Bob Intruder' });
});
afterAll(async () => {
  await t?.close();
});

const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;

describe('B against A', () => {
  it('cannot cancel A’s open order; A’s order and hold stay', async () => {
    await fund(t, a, 'USDT', '1000');
    const placed = await place(t, a, limitOrder('buy', '0.01', '1000'));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.order.id;
    expect(orderId).toBeTruthy();
    const before = await balances(t, a);
    const cancel = await t.app.inject({
      method: 'GET',
      url: `/api/v1/wallet/limitorder/market/cancle-open-order?market_id=BTC-USDT&order_id=${orderId}`,
      headers: b.headers,
    });
    expect(cancel.statusCode).toBeGreaterThanOrEqual(400);
    expect(cancel.statusCode).toBeLessThan(500);
    expect(await balances(t, a)).toEqual(before);
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/get-user-open-order',
      headers: a.headers,
    });
    expect(JSON.stringify(open.json().data)).toContain(orderId);
    const bOpen = await t.app.inject({
      method: 'GET',
      url: '/api/v1/wallet/limitorder/market/get-user-open-order',
      headers: b.headers,
    });
    expect(JSON.stringify(bOpen.json())).not.toContain(orderId);
  });

  it('cannot close or restake A’s stake', async () => {
    await fund(t, a, 'ETH', '2');
    const eth = await optionId(t, a, 'ETH');
    const created = await createStakeRequest(t, a, { stake_option_id: eth, starting_balance: '1', days: 30 });
    expect(created.statusCode, created.body).toBe(200);
    const [stake] = (await userStakes(t, a)).data;
    for (const action of ['close', 're-stake'] as const) {
      const res = await stakeAction(t, b, action, stake._id);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // Even naming A as the user in the body changes nothing: the session decides whose stake it is.
    const spoofed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/stake/close',
      headers: b.headers,
      payload: { stake_id: stake._id, user_id: a.id },
    });
    expect(spoofed.statusCode).toBeGreaterThanOrEqual(400);
    const [after] = (await userStakes(t, a)).data;
    expect(after.status).toBe(stake.status);
    expect(JSON.stringify(await userStakes(t, b))).not.toContain(stake._id);
  });

  it('cannot approve, decline or credit A’s deposit order', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposits/orders',
      headers: a.headers,
      payload: { amount: '100' },
    });
    expect(created.statusCode).toBe(200);
    const orderId = created.json().data.order.order_id;
    for (const action of ['approve', 'decline']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/wallet/deposits/sandbox/${orderId}/${action}`,
        headers: b.headers,
      });
      expect(res.statusCode, `${action}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    // A approves; B then tries to have A's approved order credited to B.
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/v1/wallet/deposits/sandbox/${orderId}/approve`,
      headers: a.headers,
    });
    expect(approve.statusCode).toBe(200);
    const bBefore = await balances(t, b);
    const steal = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/fiat/add/usd/amount',
      headers: b.headers,
      payload: { amount: '100', order_id: orderId },
    });
    expect(steal.statusCode).toBeGreaterThanOrEqual(400);
    expect(steal.statusCode).toBeLessThan(500);
    expect(await balances(t, b)).toEqual(bBefore);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('cannot read A’s KYC images nor submit KYC with them; an admin can read them', async () => {
    const front = await uploadKycImage(t, a);
    const back = await uploadKycImage(t, a);
    const url = `/api/v1/kyc/document/${front}`;
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).statusCode).toBe(200);
    const asB = await t.app.inject({ method: 'GET', url, headers: b.headers });
    expect(asB.statusCode).toBe(404);
    const admin = await createTestUser(t, { role: 'ADMIN' });
    expect((await t.app.inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);

    const unverified = await createTestUser(t);
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/v1/kyc/create',
      headers: unverified.headers,
      payload: kycRequest(front, back),
    });
    expect(submit.statusCode, submit.body).toBeGreaterThanOrEqual(400);
    expect(submit.statusCode).toBeLessThan(500);
  });

  it('cannot make A’s profile picture its own, and cannot see A’s tickets', async () => {
    const body = multipartBody([
      { field: 'type', value: 'PROFILE_IMAGE' },
      { field: 'profile_image', filename: 'me.png', contentType: 'image/png', bytes: await makeImage('png') },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/image/profile-image',
      payload: body.payload,
      headers: { ...body.headers, ...a.headers },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const picture = upload.json().data.file.filename;
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/profile/updateProfile',
      headers: b.headers,
      payload: { name: 'Bob Intruder', mobile_no: '5550100', country_code: '1', profile_pic: picture },
    });
    expect(claim.statusCode, claim.body).toBe(400);

    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/create',
      headers: a.headers,
      payload: { subject: 'My order', description: 'Something private about my account' },
    });
    expect(ticket.statusCode).toBe(200);
    const ticketId = json(ticket).data as { _id: string };
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/support/getSupportByUser?search=private',
      headers: b.headers,
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(ticketId._id);
    expect(list.body).not.toContain('Something private');
  });

  it('reusing A’s Idempotency-Key replays nothing of A’s to B', async () => {
    const key = 'shared-key-0001';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposits/orders',
      headers: { ...a.headers, 'idempotency-key': key },
      payload: { amount: '42' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposits/orders',
      headers: { ...b.headers, 'idempotency-key': key },
      payload: { amount: '42' },
    });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json().data.order.order_id).not.toBe(first.json().data.order.order_id);
  });
});
