import { type APIRequestContext, expect } from '@playwright/test';
import { generate } from 'otplib';
import { mailbox, usdOnlyCustomer } from './customers';
import { letAFewHoursPass } from './time-passes';

/**
 * A verified customer whose USD withdrawal of `amount` waits in the admin's queue, set up through the
 * API the web app calls: `deposit` USD in through the sandbox, two-factor on, a day passed (the pause
 * after turning it on), the withdrawal requested with an authenticator code and confirmed with the
 * mailed one. A deposit in the last day flags it, so it always waits for an admin.
 */
export async function queuedUsdWithdrawal(
  request: APIRequestContext,
  tag: string,
  deposit: string,
  amount: string,
): Promise<{ email: string; password: string }> {
  const customer = await usdOnlyCustomer(request, tag, deposit);
  const login = await request.post('/api/v1/auth/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.ok()).toBe(true);
  const token = ((await login.json()) as { token: string }).token;
  const send = async <T>(url: string, data: unknown): Promise<T> => {
    const response = await request.post(`/api/v1${url}`, {
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': `${tag}-${url.replace(/\W/g, '')}-${Date.now()}`,
      },
      data,
    });
    const body = await response.text();
    expect(response.ok(), `POST ${url}: ${response.status()} ${body}`).toBe(true);
    return JSON.parse(body) as T;
  };
  const code = (secret: string, stepsAhead: number) =>
    generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
  const enrolled = await send<{ data: { secret: string } }>('/auth/2fa/enrol', {});
  const secret = enrolled.data.secret;
  await send('/auth/2fa/confirm', { code: await code(secret, 0) });
  await letAFewHoursPass(customer.email);
  const requested = await send<{ data: { _id: string } }>('/withdrawals', {
    asset: 'USD',
    amount,
    totp: await code(secret, 1),
  });
  let mailed = '';
  await expect
    .poll(async () => {
      const mail = (await mailbox(request, customer.email)).find(
        (m) => m.subject === 'Confirm your withdrawal',
      );
      mailed = /is (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
      return mailed;
    })
    .toMatch(/^\d{6}$/);
  await send('/withdrawals/confirm', { withdrawal_id: requested.data._id, code: mailed });
  return customer;
}
