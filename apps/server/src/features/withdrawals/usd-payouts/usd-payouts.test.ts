import { messages as m } from '@exchange/contracts';
import { formatMinor } from '@exchange/domain';
import { inArray, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { journalEntries, withdrawals } from '../../../db/schema';
import { ManualClock } from '../../../platform/clock';
import { FakePaypal, type PayoutFault } from '../../../platform/paypal/fake-paypal';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser, type TestUser } from '../../../test/test-users';
import { paypalEnv } from '../../debts/debt-test-helpers';
import { loadUserBalances } from '../../ledger/ledger.repository';
import { type Customer, call, customerWithUsd, withdrawUsd } from '../withdrawal-test-helpers';
import { claimUsdPayout } from './claim-usd-payout';
import { createPaypalPayouts } from './payout-provider';
import { sendUsdPayouts } from './send-usd-payouts';

/**
 * Issue 43, item 2: a USD payout is paid or refunded, exactly once, whatever races it. The job claims a
 * withdrawal (SENDING) before it asks PayPal, PayPal keys the payout by the withdrawal's id, and an
 * unclear answer is looked up, never taken as a refusal. The fake PayPal is the judge: its own record
 * of the payouts it made must match the COMPLETED withdrawals one to one.
 */
const paypal = new FakePaypal();
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  await paypal.start();
  t = await createTestApp({
    env: {
      ...paypalEnv(paypal.url),
      ACCESS_TOKEN_TTL_SECONDS: '86400',
      WITHDRAWAL_AUTO_APPROVE_BELOW_USD: '200',
      // The app's own payout job runs once at start, then 10 minutes out: the tests drive every tick.
      WITHDRAWAL_USD_PAYOUT_MS: '600000',
    },
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(async () => {
  await t.close();
  await paypal.stop();
});
afterEach(() => {
  paypal.onPayoutCall = undefined;
  paypal.forgetRequestIds = false;
  paypal.payoutFaults.clear();
});

/** The job's PayPal client, with a short time-out so a hanging PayPal costs the tests little. */
const payouts = createPaypalPayouts({
  get baseUrl() {
    return paypal.url;
  },
  clientId: 'client-id',
  clientSecret: 'client-secret',
  now: () => clock.now().getTime(),
  timeoutMs: 1000,
});
const tick = () => sendUsdPayouts(t.ctx, payouts);

async function rowsOf(ids: readonly string[]) {
  const rows = await t.ctx.db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

async function statusOf(id: string) {
  return (await rowsOf([id])).get(id)!.status;
}

async function usd(userId: string) {
  const balances = await loadUserBalances(t.ctx.db, userId);
  const of = (kind: string) => balances.find((b) => b.asset === 'USD' && b.kind === kind)?.balance ?? 0n;
  return { available: of('AVAILABLE'), locked: of('LOCKED') };
}

const reject = (id: string) =>
  call(t, 'POST', '/admin/withdrawals/reject', admin.headers, {
    withdrawal_id: id,
    reason: 'Stopped by an admin',
  });

/** Ticks until none of `ids` is waiting on PayPal any more (each tick may leave some for the next). */
async function tickUntilSettled(ids: readonly string[], jobsAtOnce = 1): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const open = [...(await rowsOf(ids)).values()].filter((row) =>
      ['APPROVED', 'SENDING', 'SENT'].includes(row.status),
    );
    if (open.length === 0) return;
    await Promise.all(Array.from({ length: jobsAtOnce }, () => tick()));
  }
  throw new Error('payouts still open after 40 ticks');
}

/**
 * Each withdrawal ended once: COMPLETED exactly when the fake PayPal paid it (its batch id kept, the
 * amount less the fee paid), REJECTED or FAILED exactly when it did not; one pay-out entry for each
 * COMPLETED one, one refund for each other, never both; then the ledger check.
 */
async function expectEachEndedOnce(ids: readonly string[]): Promise<void> {
  const rows = await rowsOf(ids);
  const entries = await t.ctx.db
    .select({ reference: journalEntries.reference })
    .from(journalEntries)
    .where(like(journalEntries.reference, 'withdrawal:%'));
  const references = new Set(entries.map((e) => e.reference));
  for (const id of ids) {
    const row = rows.get(id)!;
    const paid = paypal.payouts.get(id);
    expect(['COMPLETED', 'REJECTED', 'FAILED'], id).toContain(row.status);
    if (row.status === 'COMPLETED') {
      expect(paid, `${id} COMPLETED but not paid`).toBeDefined();
      expect(row.providerRef).toBe(paid!.batchId);
      expect(paid!.value).toBe(formatMinor(BigInt(row.amount) - BigInt(row.fee), 2));
    } else {
      expect(paid, `${id} ${row.status} (refunded) but PayPal paid it`).toBeUndefined();
    }
    expect(references.has(`withdrawal:payout:${id}`), id).toBe(row.status === 'COMPLETED');
    expect(references.has(`withdrawal:refund:${id}`), id).toBe(row.status !== 'COMPLETED');
  }
  await expectLedgerConsistent(t.ctx.db);
}

/** `count` approved USD withdrawals of `amount` USD by `customer` (below the auto-approval limit). */
async function approvedWithdrawals(customer: Customer, count: number, amount: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { id, confirmed } = await withdrawUsd(t, clock, customer, amount);
    expect(confirmed.data.status).toBe('APPROVED');
    ids.push(id);
  }
  return ids;
}

describe('a claimed USD payout', () => {
  it('answers an admin rejection and a customer cancel 409 while PayPal is paying it, and completes once', async () => {
    const alice = await customerWithUsd(t, 100_00n);
    const [id] = await approvedWithdrawals(alice, 1, '50');
    const during: Record<string, unknown> = {};
    paypal.onPayoutCall = async (sender, kind) => {
      if (sender !== id || kind !== 'create') return;
      // PayPal has made the payout and not answered yet: the admin and the customer try to stop it.
      const rejected = await reject(id!);
      const cancelled = await call(t, 'POST', '/withdrawals/cancel', alice.headers, { withdrawal_id: id });
      const queue = await call(t, 'POST', '/admin/withdrawals', admin.headers, {
        status: 'SENDING',
        search: alice.email,
      });
      const history = await call(t, 'GET', '/withdrawals?page=1&limit=10', alice.headers);
      Object.assign(during, {
        rejected: [rejected.statusCode, rejected.json().message],
        cancelled: [cancelled.statusCode, cancelled.json().message],
        queue: queue.json().data,
        history: history.json().data.content,
        balance: await usd(alice.id),
      });
    };
    await tick();
    expect(during).toEqual({
      rejected: [409, m.withdrawalBeingSentNoReject],
      cancelled: [409, m.withdrawalBeingSentNoCancel],
      queue: expect.objectContaining({
        total: 1,
        content: [expect.objectContaining({ _id: id, status: 'SENDING' })],
      }),
      history: [expect.objectContaining({ _id: id, status: 'SENDING' })],
      // Nothing changed: the amount is still held.
      balance: { available: 50_00n, locked: 50_00n },
    });
    await tickUntilSettled([id!]);
    expect(await statusOf(id!)).toBe('COMPLETED');
    expect(await usd(alice.id)).toEqual({ available: 50_00n, locked: 0n });
    await expectEachEndedOnce([id!]);
  });

  it('ends each of 50 withdrawals once, paid or refunded, with an admin rejection racing two jobs and PayPal misbehaving', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => customerWithUsd(t, 200_00n)));
    const ids: string[] = [];
    for (const customer of customers) ids.push(...(await approvedWithdrawals(customer, 5, '20')));
    const index = new Map(ids.map((id, i) => [id, i]));
    // PayPal has forgotten every request id: a second call for a payout it made answers 'already exists'.
    paypal.forgetRequestIds = true;
    const faults: PayoutFault[][] = [
      [],
      [{ when: 'after', answer: 500 }],
      [{ when: 'after', answer: 'hang' }],
      [{ when: 'after', answer: 'reset' }],
      [{ when: 'after', answer: 'garbled' }],
      [{ when: 'before', answer: 500 }],
      [
        { when: 'after', answer: 500 },
        { when: 'after', answer: 500 },
        { when: 'after', answer: 'hang' },
      ],
    ];
    ids.forEach((id, i) => {
      const of = faults[i % faults.length]!;
      if (of.length > 0) paypal.fault(id, ...of);
    });
    const rejections = new Map<string, Promise<{ statusCode: number; message: string }>>();
    const fire = (id: string) => {
      if (!rejections.has(id))
        rejections.set(
          id,
          reject(id).then((r) => ({ statusCode: r.statusCode, message: r.json().message as string })),
        );
      return rejections.get(id)!;
    };
    // The 50 ways: each withdrawal's rejection lands at another moment of the job's work.
    const way = (id: string) => index.get(id)! % 5;
    paypal.onPayoutCall = async (sender, kind) => {
      const i = index.get(sender)!;
      // 0: while PayPal is making its own payout (awaited, so PayPal answers only after it).
      if (kind === 'create' && way(sender) === 0) await fire(sender);
      // 2: while PayPal makes the payout of the withdrawal before it (its own claim may come first).
      const following = ids[i + 1];
      if (kind === 'create' && following && way(following) === 2) void fire(following);
      // 3: while the job asks PayPal how its payout went.
      if (kind === 'lookup' && way(sender) === 3) await fire(sender);
    };
    // 1: at the same moment as the job starts, unsynchronised; 4: after a crash left it claimed.
    const crashed = ids.filter((id) => way(id) === 4).slice(0, 3);
    for (const id of crashed) expect(await claimUsdPayout(t.ctx, id)).toBeDefined();
    for (const id of crashed) void fire(id);
    const first = Promise.all([tick(), tick(), ...ids.filter((id) => way(id) === 1).map(fire)]);
    await first;
    await tickUntilSettled(ids, 2);
    // Any rejection not yet fired (its moment never came) goes now, against the settled rows.
    for (const id of ids) void fire(id);
    const answers = new Map<string, { statusCode: number; message: string }>();
    for (const [id, answer] of rejections) answers.set(id, await answer);

    const rows = await rowsOf(ids);
    for (const id of ids) {
      const answer = answers.get(id)!;
      const status = rows.get(id)!.status;
      // An accepted rejection is the only way to REJECTED; a refused one changed nothing.
      if (answer.statusCode === 200) expect(status, id).toBe('REJECTED');
      else {
        expect(answer.statusCode, id).toBe(409);
        expect([m.withdrawalBeingSentNoReject, m.withdrawalAlreadyDecided], id).toContain(answer.message);
        expect(status, id).toBe('COMPLETED');
      }
    }
    // Those rejected while PayPal was making or reporting their payout, or after a crash left them
    // claimed, could not be rejected: PayPal had them.
    for (const id of ids.filter((id) => [0, 3, 4].includes(way(id)) && paypal.payouts.has(id)))
      expect(answers.get(id)!.statusCode, id).toBe(409);
    for (const id of crashed) expect(rows.get(id)!.status, id).toBe('COMPLETED');
    // The fake PayPal paid exactly the COMPLETED ones, each once.
    const completed = ids.filter((id) => rows.get(id)!.status === 'COMPLETED').sort();
    expect(ids.filter((id) => paypal.payouts.has(id)).sort()).toEqual(completed);
    for (const customer of customers) {
      const mine = ids.filter((id) => rows.get(id)!.userId === customer.id);
      const paidOut = mine.filter((id) => rows.get(id)!.status === 'COMPLETED').length;
      expect(await usd(customer.id)).toEqual({ available: 200_00n - BigInt(paidOut) * 20_00n, locked: 0n });
    }
    await expectEachEndedOnce(ids);
  }, 180_000);
});

describe('unclear answers from PayPal', () => {
  it('looks a payout up after a 5xx, a time-out, a reset or an unreadable body, and after "already exists", never refunding it', async () => {
    const bob = await customerWithUsd(t, 500_00n);
    const cases: PayoutFault[][] = [
      [{ when: 'after', answer: 500 }],
      [{ when: 'after', answer: 'hang' }],
      [{ when: 'after', answer: 'reset' }],
      [{ when: 'after', answer: 'garbled' }],
      [{ when: 'before', answer: 500 }],
      [{ when: 'before', answer: 'hang' }],
    ];
    const withKeys = await approvedWithdrawals(bob, cases.length, '20');
    for (const [i, id] of withKeys.entries()) paypal.fault(id, ...cases[i]!);
    // PayPal remembers the request ids: asking again answers the first request's payout.
    await tick();
    for (const id of withKeys) expect(await statusOf(id), id).toMatch(/^(SENT|COMPLETED)$/);
    await tickUntilSettled(withKeys);
    await expectEachEndedOnce(withKeys);

    // PayPal has forgotten them: asking again answers 'already exists', with a link to the batch.
    paypal.forgetRequestIds = true;
    const forgotten = await approvedWithdrawals(bob, cases.length, '20');
    for (const [i, id] of forgotten.entries()) paypal.fault(id, ...cases[i]!);
    await tick();
    for (const id of forgotten) expect(await statusOf(id), id).toMatch(/^(SENT|COMPLETED)$/);
    await tickUntilSettled(forgotten);
    for (const id of [...withKeys, ...forgotten]) expect(await statusOf(id), id).toBe('COMPLETED');
    expect(await usd(bob.id)).toEqual({ available: 260_00n, locked: 0n });
    await expectEachEndedOnce([...withKeys, ...forgotten]);
  }, 60_000);

  it('keeps a payout SENDING while the lookup is unclear too, then settles it on a later run', async () => {
    const carol = await customerWithUsd(t, 100_00n);
    const [id] = await approvedWithdrawals(carol, 1, '30');
    paypal.forgetRequestIds = true;
    // Made at PayPal, the answer lost; asked again: 'already exists', and reading that batch fails.
    paypal.fault(
      id!,
      { on: 'create', when: 'after', answer: 'hang' },
      { on: 'lookup', when: 'after', answer: 500 },
    );
    await tick();
    expect(await statusOf(id!)).toBe('SENDING');
    expect((await reject(id!)).statusCode).toBe(409);
    // The next run: an unreadable answer, and its lookup (the same request again) is cut off.
    paypal.fault(id!, { when: 'after', answer: 'garbled' }, { when: 'after', answer: 'reset' });
    await tick();
    expect(await statusOf(id!)).toBe('SENDING');
    expect(paypal.payouts.has(id!)).toBe(true);
    await tick();
    expect(await statusOf(id!)).toBe('COMPLETED');
    expect(await usd(carol.id)).toEqual({ available: 70_00n, locked: 0n });
    await expectEachEndedOnce([id!]);
  });

  it('resumes a payout a crash left SENDING, before or after PayPal made it, under the same key', async () => {
    const dave = await customerWithUsd(t, 100_00n);
    const [beforeCall, afterCall] = await approvedWithdrawals(dave, 2, '25');
    // A crash between the claim and the call: claimed, PayPal never asked.
    expect(await claimUsdPayout(t.ctx, beforeCall!)).toMatchObject({ status: 'SENDING' });
    // A crash after PayPal made it: claimed, asked, the answer never read.
    expect(await claimUsdPayout(t.ctx, afterCall!)).toMatchObject({ status: 'SENDING' });
    await payouts
      .submit({ withdrawalId: afterCall!, email: dave.email, amountCents: 24_00n })
      .then(() => undefined);
    expect(paypal.payouts.has(afterCall!)).toBe(true);
    // A second claim finds nothing to claim.
    expect(await claimUsdPayout(t.ctx, afterCall!)).toBeUndefined();
    for (const id of [beforeCall!, afterCall!]) {
      const rejected = await reject(id);
      expect([rejected.statusCode, rejected.json().message]).toEqual([409, m.withdrawalBeingSentNoReject]);
    }
    await tickUntilSettled([beforeCall!, afterCall!]);
    expect(await statusOf(beforeCall!)).toBe('COMPLETED');
    expect(await statusOf(afterCall!)).toBe('COMPLETED');
    expect(await usd(dave.id)).toEqual({ available: 50_00n, locked: 0n });
    await expectEachEndedOnce([beforeCall!, afterCall!]);
  });

  it('refunds a payout PayPal refuses for certain, once, with two jobs at once', async () => {
    const erin = await customerWithUsd(t, 100_00n);
    const [id] = await approvedWithdrawals(erin, 1, '67'); // 66.00 after the fee: insufficient funds
    await Promise.all([tick(), tick()]);
    const row = (await rowsOf([id!])).get(id!)!;
    expect(row.status).toBe('FAILED');
    expect(row.reason).toContain('Sender does not have sufficient funds');
    expect(await usd(erin.id)).toEqual({ available: 100_00n, locked: 0n });
    await expectEachEndedOnce([id!]);
  });

  it('settles a payout from its item only: a SUCCESS batch answered without items, its item UNCLAIMED, stays held', async () => {
    const fran = await customerWithUsd(t, 100_00n);
    const [id] = await approvedWithdrawals(fran, 1, '41');
    paypal.itemStatuses.set(id!, 'UNCLAIMED');
    // A crash after PayPal made it and its batch was read (SUCCESS, the item UNCLAIMED): the next run asks
    // again under the same request id, and PayPal answers the batch, now SUCCESS, without its items.
    expect(await claimUsdPayout(t.ctx, id!)).toMatchObject({ status: 'SENDING' });
    const made = await payouts.submit({ withdrawalId: id!, email: fran.email, amountCents: 40_00n });
    expect(made).toMatchObject({ outcome: 'submitted', state: { status: 'PENDING' } });
    if (made.outcome !== 'submitted') throw new Error('not submitted');
    expect(await payouts.state(made.batchId)).toEqual({ status: 'PENDING' });
    await tick();
    expect(await statusOf(id!)).toBe('SENT');
    await tick();
    expect(await statusOf(id!)).toBe('SENT');
    expect(await usd(fran.id)).toEqual({ available: 59_00n, locked: 41_00n });
    // The receiver claims it: paid.
    paypal.itemStatuses.set(id!, 'SUCCESS');
    await tick();
    expect(await statusOf(id!)).toBe('COMPLETED');
    expect(await usd(fran.id)).toEqual({ available: 59_00n, locked: 0n });
    await expectEachEndedOnce([id!]);
  });

  it('asks a newer claimed payout again while 25 older ones stay unclear or are past the resubmit guard', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => customerWithUsd(t, 100_00n)));
    const stuck: string[] = [];
    for (const customer of customers.slice(0, 5))
      stuck.push(...(await approvedWithdrawals(customer, 5, '11')));
    for (const id of stuck) {
      expect(await claimUsdPayout(t.ctx, id)).toMatchObject({ status: 'SENDING' });
      // PayPal answers every call about it with a 5xx, run after run.
      paypal.fault(id, ...Array.from({ length: 20 }, (): PayoutFault => ({ when: 'before', answer: 500 })));
    }
    // Five were claimed 26 days ago: too long to ask PayPal again, they wait for a person.
    const old = new Date(clock.now().getTime() - 26 * 24 * 3600_000);
    await t.ctx.db
      .update(withdrawals)
      .set({ sentAt: old })
      .where(inArray(withdrawals.id, stuck.slice(0, 5)));
    const [newer] = await approvedWithdrawals(customers[5]!, 1, '12');
    expect(await claimUsdPayout(t.ctx, newer!)).toMatchObject({ status: 'SENDING' });
    await tick();
    await tick();
    await tick();
    expect(await statusOf(newer!)).toBe('COMPLETED');
    expect(paypal.payouts.get(newer!)?.value).toBe('11.00');
    const rows = await rowsOf(stuck);
    for (const id of stuck) expect(rows.get(id)!.status, id).toBe('SENDING');
    expect(rows.get(stuck[0]!)!.payoutAskedAt).toBeNull();
    await expectLedgerConsistent(t.ctx.db);
  });
});
