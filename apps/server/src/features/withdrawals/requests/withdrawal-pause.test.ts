import { formatMessage, messages as m } from '@exchange/contracts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, users, withdrawals } from '../../../db/schema';
import { ManualClock } from '../../../platform/clock';
import { AppError } from '../../../platform/errors';
import { expectLedgerConsistent } from '../../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/test-users';
import { replaceRecoveryCodes } from '../../account-security/account-security.repository';
import { newRecoveryCodes, typedRecoveryCodeHash } from '../../accounts/recovery-codes';
import { loadUserBalances } from '../../ledger/ledger.repository';
import { type Customer, call, customerWithUsd, freshTotp } from '../withdrawal-test-helpers';
import { placeWithdrawal } from './request-withdrawal';

// Issue 45, point 1: the pause after turning two-factor on is told up front, the form is still
// checked during it, a refused withdrawal keeps its recovery code, and a wrong code is no 401.

const clock = new ManualClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { ACCESS_TOKEN_TTL_SECONDS: '86400', WITHDRAWAL_DAILY_LIMIT_USD: '50' },
    clock,
  });
});
afterAll(async () => {
  await t.close();
});

/** A customer who turned two-factor on just now (so inside the pause), with ten recovery codes. */
async function justEnrolled(usd: bigint): Promise<Customer & { codes: string[]; pausedUntil: Date }> {
  const customer = await customerWithUsd(t, usd);
  const now = clock.now();
  await t.ctx.db.update(users).set({ totpEnabledAt: now }).where(eq(users.id, customer.id));
  const pausedUntil = new Date(now.getTime() + t.ctx.config.withdrawals.coolDownMs);
  return { ...customer, codes: await giveRecoveryCodes(customer.id), pausedUntil };
}

async function giveRecoveryCodes(userId: string): Promise<string[]> {
  const codes = newRecoveryCodes(t.ctx.config, userId);
  await replaceRecoveryCodes(t.ctx.db, userId, codes.hashes, clock.now());
  return codes.shown;
}

async function spentCodes(userId: string): Promise<number> {
  const rows = await t.ctx.db
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNotNull(recoveryCodes.spentAt)));
  return rows.length;
}

async function withdrawalsOf(userId: string) {
  return t.ctx.db.select().from(withdrawals).where(eq(withdrawals.userId, userId));
}

async function usd(userId: string) {
  const balances = await loadUserBalances(t.ctx.db, userId);
  const of = (kind: string) => balances.find((b) => b.asset === 'USD' && b.kind === kind)?.balance ?? 0n;
  return { available: of('AVAILABLE'), locked: of('LOCKED') };
}

describe('the withdrawal pause is told up front', () => {
  it('the terms and the two-factor status name its end; both are empty once it is over', async () => {
    const ann = await justEnrolled(100_00n);
    const until = ann.pausedUntil.toISOString();
    const terms = await call(t, 'GET', '/withdrawals/terms?asset=USD', ann.headers);
    expect(terms.statusCode).toBe(200);
    expect(terms.json().data.paused_until).toBe(until);
    const status = await call(t, 'POST', '/auth/2fa/status', ann.headers, {});
    expect(status.json().data.withdrawals_paused_until).toBe(until);

    const settled = await customerWithUsd(t, 100_00n);
    const settledTerms = await call(t, 'GET', '/withdrawals/terms?asset=USD', settled.headers);
    expect(settledTerms.json().data.paused_until).toBeNull();
  });

  it('the enrolment says how long the pause will be, before the code is confirmed', async () => {
    const newcomer = await createTestUser(t, { kyc: true });
    const enrol = await call(t, 'POST', '/auth/2fa/enrol', newcomer.headers, {});
    expect(enrol.json().data.withdrawal_pause_hours).toBe(
      Math.round(t.ctx.config.withdrawals.coolDownMs / 3_600_000),
    );
  });

  it('keeps the terms behind sign-in and KYC', async () => {
    expect((await call(t, 'GET', '/withdrawals/terms?asset=USD', {})).statusCode).toBe(401);
    const unverified = await createTestUser(t, { kyc: false });
    expect((await call(t, 'GET', '/withdrawals/terms?asset=USD', unverified.headers)).statusCode).toBe(403);
  });
});

describe('during the pause the form is still checked first', () => {
  it('answers each mistake with its own message, and the pause only for a form that is otherwise right', async () => {
    const bea = await justEnrolled(100_00n);
    const post = (body: object) => call(t, 'POST', '/withdrawals', bea.headers, { asset: 'USD', ...body });

    const small = await post({ amount: '9.99', totp: await freshTotp(t, clock) });
    expect(small.json().message).toBe('The smallest withdrawal is 10.00 USD');
    const much = await post({ amount: '100.01', totp: await freshTotp(t, clock) });
    expect(much.statusCode).toBe(422);
    expect(much.json()).toMatchObject({ code: 'insufficient_funds', message: m.insufficientAmount });
    const overLimit = await post({ amount: '100', recovery_code: bea.codes[0] });
    expect(overLimit.json().code).toBe('daily_limit');

    // A missing or wrong code: 400 / 403 with the code's own message, never 401 ('signed out').
    const none = await post({ amount: '20' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'totp_required', message: m.totpCodeRequired });
    const wrong = await post({ amount: '20', totp: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'totp_invalid', message: m.totpCodeWrong });
    const wrongRecovery = await post({ amount: '20', recovery_code: 'aaaaa-aaaaa' });
    expect(wrongRecovery.statusCode).toBe(403);
    expect(wrongRecovery.json()).toMatchObject({ code: 'recovery_code_wrong' });

    // Right in every other way: now the pause, with its end.
    const paused = await post({ amount: '20', recovery_code: bea.codes[0] });
    expect(paused.statusCode).toBe(403);
    expect(paused.json().code).toBe('security_cool_down');
    expect(paused.json().message).toBe(
      formatMessage(m.withdrawalCoolDown, {
        until: `${bea.pausedUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      }),
    );
    // Nothing happened: no withdrawal, no hold, and the recovery code sent with the refusals is unspent.
    expect(await withdrawalsOf(bea.id)).toHaveLength(0);
    expect(await usd(bea.id)).toEqual({ available: 100_00n, locked: 0n });
    expect(await spentCodes(bea.id)).toBe(0);

    // Once the pause is over the same code is accepted, and spent.
    const dayAgo = new Date(clock.now().getTime() - t.ctx.config.withdrawals.coolDownMs);
    await t.ctx.db.update(users).set({ totpEnabledAt: dayAgo }).where(eq(users.id, bea.id));
    const accepted = await post({ amount: '20', recovery_code: bea.codes[0] });
    expect(accepted.statusCode).toBe(200);
    expect(await spentCodes(bea.id)).toBe(1);
    const again = await post({ amount: '20', recovery_code: bea.codes[0] });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('recovery_code_wrong');
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('a recovery code is spent only by an accepted withdrawal', () => {
  it('10 parallel requests with one code place one withdrawal and spend one code', async () => {
    const cal = await customerWithUsd(t, 500_00n);
    const [code] = await giveRecoveryCodes(cal.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t, 'POST', '/withdrawals', cal.headers, { asset: 'USD', amount: '20', recovery_code: code }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    expect(accepted).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('recovery_code_wrong');
    }
    expect(await withdrawalsOf(cal.id)).toHaveLength(1);
    expect(await spentCodes(cal.id)).toBe(1);
    expect(await usd(cal.id)).toEqual({ available: 480_00n, locked: 20_00n });
    await expectLedgerConsistent(t.ctx.db);
  });

  it('a refusal inside the placing transaction rolls the spending back', async () => {
    const dan = await customerWithUsd(t, 30_00n);
    const [code] = await giveRecoveryCodes(dan.id);
    const hash = typedRecoveryCodeHash(t.ctx.config, dan.id, code!);
    const place = (amount: bigint) =>
      placeWithdrawal(t.ctx, {
        userId: dan.id,
        asset: 'USD',
        amount,
        fee: 1_00n,
        valueCents: amount,
        destination: dan.email,
        flags: [],
        code: '123456',
        secondFactor: { recoveryCodeHash: hash },
        now: clock.now(),
      });
    const refused = await place(40_00n).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('insufficient_funds');
    expect(await spentCodes(dan.id)).toBe(0);
    await place(20_00n);
    expect(await spentCodes(dan.id)).toBe(1);
    await expectLedgerConsistent(t.ctx.db);
  });
});

describe('a wrong second factor is never 401 on a signed-in request', () => {
  // Sign-in's own code step keeps its 401 (two-factor.test.ts: two sign-ins racing with one code).
  it('turning two-factor off and creating an API key answer 403', async () => {
    const eve = await customerWithUsd(t, 0n);
    const off = await call(t, 'POST', '/auth/2fa/disable', eve.headers, { totp: '000000' });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'totp_invalid', message: m.totpCodeWrong });
    const key = await call(t, 'POST', '/security/api-keys', eve.headers, {
      label: 'bot',
      permissions: ['read'],
      totp: '000000',
    });
    expect(key.statusCode).toBe(403);
    expect(key.json().code).toBe('totp_invalid');
  });
});
