import { messages as m } from '@exchange/contracts';
import { DAY_MS } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, signInAs, type TestUser } from '../../test/test-users';
import { balances, fund } from '../trading/trading-test-helpers';

/**
 * A sender's P2P budgets (P2P_* settings): transfer tries per minute, transfers made per day (each one
 * mails its recipient a receipt), and recipient look-ups per minute, which the look-up route and every
 * transfer's recipient spend alike, so neither route enumerates accounts. Past a budget the answer is
 * 429 and nothing moves; other users keep their own budgets.
 */
const PER_MINUTE = 3;
const PER_DAY = 5;
const LOOKUPS = 4;
const MINUTE_MS = 60_000;

const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      P2P_TRANSFER_LIMIT_PER_MINUTE: String(PER_MINUTE),
      P2P_TRANSFER_LIMIT_PER_DAY: String(PER_DAY),
      P2P_LOOKUP_LIMIT_PER_MINUTE: String(LOOKUPS),
    },
  });
});
afterAll(async () => t.close());

const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user.headers, payload });
const transfer = (from: TestUser, to: string, amount = '0.1') =>
  post(from, '/p2p/transfer', { to_email: to, amount, from_crypto_currency_code: 'ETH' });
const lookUp = (user: TestUser, email: string) => post(user, '/common/user/userInfo', { email });
const receipts = async (to: TestUser) =>
  (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to.email))).length;
const eth = async (user: TestUser) => (await balances(t, user)).ETH?.balance;
const history = async (user: TestUser) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/p2p/p2phistory', headers: user.headers })).json().total;
// Access tokens expire while the clock moves on: a new sign-in, same user, same budgets.
const signedInAgain = async (user: TestUser): Promise<TestUser> => ({
  ...user,
  headers: (await signInAs(t, user.id, 'USER')).headers,
});

describe('P2P transfers per sender', () => {
  it('refuses the transfer past the minute’s budget with 429: nothing moves, no receipt is mailed', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    for (let i = 0; i < PER_MINUTE; i += 1) expect((await transfer(alice, carol.email)).statusCode).toBe(200);
    const refused = await transfer(alice, carol.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: false,
      message: m.p2pTransferTooFrequent,
      code: 'rate_limited',
    });
    expect(await eth(alice)).toBe('0.70000000');
    expect(await eth(carol)).toBe('0.30000000');
    expect(await history(alice)).toBe(PER_MINUTE);
    expect(await receipts(carol)).toBe(PER_MINUTE);

    // Another sender has a budget of their own; the next minute gives the sender a new one.
    const bob = await createTestUser(t, { kyc: true });
    await fund(t, bob, 'ETH', '1');
    expect((await transfer(bob, carol.email)).statusCode).toBe(200);
    clock.advance(MINUTE_MS);
    expect((await transfer(alice, carol.email)).statusCode).toBe(200);
    expect(await eth(carol)).toBe('0.50000000');
    await expectLedgerConsistent(t.ctx.db);
  });

  it('counts the transfers made in a day, not the refused tries, and refuses the one past it', async () => {
    let alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    const made = [200, 200, 404, 200, 200, 422, 200];
    const answers: number[] = [];
    for (const [i, expected] of made.entries()) {
      if (i % PER_MINUTE === 0) clock.advance(MINUTE_MS);
      const to = expected === 404 ? 'nobody-here@example.com' : carol.email;
      const res = await transfer(alice, to, expected === 422 ? '0' : '0.1');
      answers.push(res.statusCode);
    }
    expect(answers).toEqual(made);
    clock.advance(MINUTE_MS);
    const refused = await transfer(alice, carol.email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ status: false, message: m.p2pTransferDailyLimit, code: 'rate_limited' });
    expect(await eth(alice)).toBe('0.50000000');
    expect(await receipts(carol)).toBe(PER_DAY);
    await expectLedgerConsistent(t.ctx.db);

    clock.advance(DAY_MS);
    alice = await signedInAgain(alice);
    expect((await transfer(alice, carol.email)).statusCode).toBe(200);
    expect(await eth(await signedInAgain(carol))).toBe('0.60000000');
  });

  it('parallel transfers against the day’s budget make exactly that many', async () => {
    const alice = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, alice, 'ETH', '1');
    // Spread over minutes so the per-minute budget is not what refuses them.
    const codes: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      clock.advance(MINUTE_MS);
      const fresh = await signedInAgain(alice);
      const answers = await Promise.all(
        Array.from({ length: PER_MINUTE }, () => transfer(fresh, carol.email)),
      );
      codes.push(...answers.map((r) => r.statusCode));
    }
    expect(codes.filter((c) => c === 200)).toHaveLength(PER_DAY);
    expect(codes.filter((c) => c !== 200).every((c) => c === 429)).toBe(true);
    expect(await eth(carol)).toBe('0.50000000');
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('recipient look-ups per sender', () => {
  it('transfers to unknown recipients spend the look-up budget; past it both routes answer 429', async () => {
    clock.advance(MINUTE_MS);
    const mallory = await createTestUser(t, { kyc: true });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, mallory, 'ETH', '1');
    // Each unknown address costs one try, by the transfer route as by the look-up route.
    expect((await transfer(mallory, 'guess-1@example.com')).statusCode).toBe(404);
    expect((await transfer(mallory, 'guess-2@example.com')).statusCode).toBe(404);
    expect((await lookUp(mallory, 'guess-3@example.com')).statusCode).toBe(404);
    expect((await lookUp(mallory, 'guess-4@example.com')).statusCode).toBe(404);
    // Spent: a real address and an unknown one get the same answer, and nothing moves.
    for (const answer of [
      await transfer(mallory, carol.email),
      await lookUp(mallory, carol.email),
      await lookUp(mallory, 'guess-5@example.com'),
    ]) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json()).toEqual({ status: false, message: m.p2pLookupTooFrequent, code: 'rate_limited' });
    }
    expect(await eth(mallory)).toBe('1.00000000');
    expect(await eth(carol)).toBe('0.00000000');

    // Another user has a budget of their own, and the next minute gives a new one.
    const other = await createTestUser(t, { kyc: true });
    expect((await lookUp(other, carol.email)).statusCode).toBe(200);
    clock.advance(MINUTE_MS);
    const again = await signedInAgain(mallory);
    expect((await transfer(again, carol.email)).statusCode).toBe(200);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('the look-up route alone: the fifth look-up in a minute is refused, malformed ones count', async () => {
    clock.advance(MINUTE_MS);
    const user = await createTestUser(t, { kyc: true });
    const codes: number[] = [];
    for (const email of ['', 'not-an-email', 'x1@example.com', 'x2@example.com', 'x3@example.com'])
      codes.push((await lookUp(user, email)).statusCode);
    expect(codes).toEqual([422, 422, 404, 404, 429]);
  });
});

describe('the receipt mail', () => {
  it('names the sender only by a letters-only name: an older name with a link is left out', async () => {
    clock.advance(MINUTE_MS);
    const honest = await createTestUser(t, { kyc: true, name: 'Alice Honest' });
    // Taken before sign-up names followed the letters-only rule (straight into the table).
    const phisher = await createTestUser(t, { kyc: true, name: 'Bob\nClick http://x.example to claim' });
    const carol = await createTestUser(t, { kyc: true });
    await fund(t, honest, 'ETH', '1');
    await fund(t, phisher, 'ETH', '1');
    expect((await transfer(honest, carol.email)).statusCode).toBe(200);
    expect((await transfer(phisher, carol.email)).statusCode).toBe(200);
    const texts = (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, carol.email)))
      .map((mail) => mail.text)
      .sort();
    expect(texts).toEqual([
      'A user sent you 0.1 ETH. It is in your wallet now.',
      'Alice Honest sent you 0.1 ETH. It is in your wallet now.',
    ]);
  });
});
