import type { TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/test-users';

/**
 * A fresh access token for the user: tests move the injected clock by days, which expires the token
 * the user was created with.
 */
export async function fresh(t: Pick<TestApp, 'ctx'>, user: TestUser): Promise<TestUser> {
  const token = await t.ctx.tokens.signAccessToken({
    userId: user.id,
    role: 'USER',
    sessionId: user.sessionId,
  });
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}

/** The user's balance and locked amount of one coin, from GET /wallet. */
export async function coinBalance(t: Pick<TestApp, 'app' | 'ctx'>, user: TestUser, symbol: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/wallet',
    headers: (await fresh(t, user)).headers,
  });
  const row = res.json().data.wallet.currencies.find((c: { symbol: string }) => c.symbol === symbol);
  return { balance: row.balance, locked: row.locked, interest_earned: row.interest_earned };
}

/** The id of the stake option of a coin, from GET /stake/options. */
export async function optionId(t: Pick<TestApp, 'app'>, user: TestUser, symbol: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/stake/options', headers: user.headers });
  const option = res.json().data.find((o: { symbol: string }) => o.symbol === symbol);
  if (!option) throw new Error(`no stake option for ${symbol}`);
  return option._id;
}

export async function createStakeRequest(
  t: Pick<TestApp, 'app' | 'ctx'>,
  user: TestUser,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/stake/create',
    headers: { ...(await fresh(t, user)).headers, ...headers },
    payload,
  });
}

export async function stakeAction(
  t: Pick<TestApp, 'app' | 'ctx'>,
  user: TestUser,
  action: 'close' | 're-stake',
  stakeId: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/stake/${action}`,
    headers: (await fresh(t, user)).headers,
    payload: { stake_id: stakeId, user_id: user.id },
  });
}

export async function userStakes(t: Pick<TestApp, 'app' | 'ctx'>, user: TestUser, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/stake/user/all${query}`,
    headers: (await fresh(t, user)).headers,
  });
  return res.json();
}
