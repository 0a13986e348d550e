import { messages as m } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  bearer,
  logIn,
  PASSWORD,
  post,
  ROOMY_LIMITS,
  refreshWithCookie,
  registerVerified,
  userRow,
} from './auth-test-helpers';

const NEW_PASSWORD = 'Harvest#2031';

describe('changing the password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: ROOMY_LIMITS });
  });
  afterAll(async () => t.close());

  function change(accessToken: string, payload: Record<string, unknown>, refreshToken?: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/change',
      headers: bearer(accessToken),
      payload,
      ...(refreshToken ? { cookies: { refresh_token: refreshToken } } : {}),
    });
  }

  it('a customer changes the password: this device stays signed in, every other device is signed out', async () => {
    await registerVerified(t, 'laptop@example.com');
    const laptop = await logIn(t, 'laptop@example.com');
    const phone = await logIn(t, 'laptop@example.com');

    const res = await change(
      laptop.accessToken,
      { email: 'someone-else@example.com', current_password: PASSWORD, new_password: NEW_PASSWORD },
      laptop.refreshToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, message: m.passwordChanged });

    expect((await refreshWithCookie(t, laptop.refreshToken)).statusCode).toBe(200);
    expect((await refreshWithCookie(t, phone.refreshToken)).statusCode).toBe(401);
    expect(
      (await post(t, '/auth/login', { email: 'laptop@example.com', password: PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post(t, '/auth/login', { email: 'laptop@example.com', password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('signs out every device when the request names no sign-in to keep', async () => {
    await registerVerified(t, 'api-client@example.com');
    const session = await logIn(t, 'api-client@example.com');
    const res = await change(session.accessToken, { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(401);
  });

  it('keeps the sign-in an API client names in the body', async () => {
    await registerVerified(t, 'body-client@example.com');
    const session = await logIn(t, 'body-client@example.com');
    const res = await change(session.accessToken, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
      refresh_token: session.refreshToken,
    });
    expect(res.statusCode).toBe(200);
    expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(200);
  });

  it('cannot keep somebody else’s sign-in alive by presenting their token', async () => {
    await registerVerified(t, 'victim@example.com');
    await registerVerified(t, 'attacker@example.com');
    const victim = await logIn(t, 'victim@example.com');
    const attacker = await logIn(t, 'attacker@example.com');
    const res = await change(
      attacker.accessToken,
      { current_password: PASSWORD, new_password: NEW_PASSWORD },
      victim.refreshToken,
    );
    expect(res.statusCode).toBe(200);
    expect((await refreshWithCookie(t, attacker.refreshToken)).statusCode).toBe(401);
    expect((await refreshWithCookie(t, victim.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    await registerVerified(t, 'careful@example.com');
    const session = await logIn(t, 'careful@example.com');
    const before = (await userRow(t, 'careful@example.com'))!.passwordHash;
    const res = await change(
      session.accessToken,
      { current_password: 'Wrong#Guess1', new_password: NEW_PASSWORD },
      session.refreshToken,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      message: m.currentPasswordWrong,
      code: 'current_password_wrong',
    });
    expect((await userRow(t, 'careful@example.com'))!.passwordHash).toBe(before);
    expect((await refreshWithCookie(t, session.refreshToken)).statusCode).toBe(200);
  });

  it.each([
    [{ current_password: '', new_password: NEW_PASSWORD }, m.oldPasswordRequired],
    [{ current_password: PASSWORD, new_password: 'Ab#1' }, m.changePasswordMin],
    [{ current_password: PASSWORD, new_password: 'harvest#2031' }, m.changePasswordUppercase],
    [{ current_password: PASSWORD, new_password: 'Harvest#' }, m.changePasswordNumber],
    [{ current_password: PASSWORD, new_password: 'Harvest2031' }, m.changePasswordSpecial],
    [{ current_password: PASSWORD, new_password: PASSWORD }, m.newPasswordSameAsOld],
  ])('rejects %o with the screen message', async (payload, message) => {
    const email = `weak-${message.toLowerCase().replace(/\W+/g, '-')}@example.com`;
    await registerVerified(t, email);
    const session = await logIn(t, email);
    const before = (await userRow(t, email))!.passwordHash;
    const res = await change(session.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, message, code: 'validation_failed' });
    expect((await userRow(t, email))!.passwordHash).toBe(before);
  });
});
