import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/test-app';
import {
  bearer,
  logIn,
  newestCode,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  registerVerified,
} from './auth-test-helpers';

/** Every argon2 call of the auth flows, and whether a database transaction was open when it ran. */
const calls: { fn: 'hash' | 'verify'; inTransaction: boolean }[] = [];
let insideTransaction: () => boolean = () => false;

/**
 * argon2 takes tens of milliseconds of CPU on purpose; inside a transaction it would hold the user's
 * row lock and a pooled connection all that time. Register, sign-in, password change and password
 * reset all hash or verify before their transaction begins.
 */
describe('argon2 runs outside database transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The server's test files share their modules (vitest's isolate: false), so the probe builds an
    // app of its own from a fresh module graph in which the password module is wrapped.
    vi.resetModules();
    vi.doMock('../../platform/passwords', async (importOriginal) => {
      const real = await importOriginal<typeof import('../../platform/passwords')>();
      return {
        hashPassword: (password: string) => {
          calls.push({ fn: 'hash', inTransaction: insideTransaction() });
          return real.hashPassword(password);
        },
        verifyPassword: (hash: string, password: string) => {
          calls.push({ fn: 'verify', inTransaction: insideTransaction() });
          return real.verifyPassword(hash, password);
        },
      };
    });
    ({ insideTransaction } = await import('../../platform/db'));
    const { createTestApp } = await import('../../test/test-app');
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => {
    await t.close();
    vi.doUnmock('../../platform/passwords');
    vi.resetModules();
  });

  it('the probe sees a transaction when there is one', async () => {
    expect(insideTransaction()).toBe(false);
    expect(await t.ctx.db.transaction(async () => insideTransaction())).toBe(true);
  });

  it('in register, sign-in, password change and password reset', async () => {
    calls.length = 0;
    await registerVerified(t, 'argon@example.com');
    const session = await logIn(t, 'argon@example.com');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/change',
      headers: bearer(session.accessToken),
      payload: { current_password: PASSWORD, new_password: 'Second#Pass2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await post(t, '/auth/password/forget', { email: 'argon@example.com' })).statusCode).toBe(200);
    // The third mail: the second told of the password change (security-mail.ts).
    const otp = await newestCode(t, 'argon@example.com', 3);
    const reset = await post(t, '/auth/password/reset', {
      email: 'argon@example.com',
      otp,
      password: 'Third#Pass2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (
        await post(t, '/auth/password/reset', {
          email: 'argon@example.com',
          otp: '000000',
          password: 'Fourth#Pass2026',
        })
      ).statusCode,
    ).not.toBe(200);
    await logIn(t, 'argon@example.com', 'Third#Pass2026');

    // sign-up hash, log-in verify, change verify+hash, reset hash (right and wrong code), log-in verify.
    expect(calls.filter((c) => c.fn === 'hash').length).toBeGreaterThanOrEqual(4);
    expect(calls.filter((c) => c.fn === 'verify').length).toBeGreaterThanOrEqual(3);
    expect(calls.filter((c) => c.inTransaction)).toEqual([]);
  });
});
