import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NEWSLETTER_LIMIT_PER_MINUTE } from './newsletter.routes';

describe('newsletter subscribe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  // Each request comes from its own address, so the per-address limit stays out of these scenarios.
  let address = 1;
  const subscribe = (payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/public/newsletter/subscribe',
      remoteAddress: `10.0.0.${address++}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('subscribes an address once, whatever its letter case, and says so the second time', async () => {
    const first = await subscribe({ email: '  Reader@Example.COM ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: true, message: 'Subscribed successfully' });

    const again = await subscribe({ email: 'reader@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: false, message: 'You are already subscribed' });

    const rows = await t.ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('asks for an e-mail when it is empty or missing, with the spec’s message', async () => {
    for (const payload of [{ email: '' }, { email: '   ' }, {}, undefined]) {
      const res = await subscribe(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: false,
        message: 'Please enter Email',
        code: 'validation_failed',
      });
    }
  });

  it('refuses a malformed address with the spec’s message, two spaces included', async () => {
    for (const email of ['not-an-email', 'a@', '@b.com', 'a b@c.com']) {
      const res = await subscribe({ email });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: false, message: 'Please enter  valid email' });
    }
    const wrongType = await subscribe({ email: 42 });
    expect(wrongType.statusCode).toBe(400);
  });

  it('limits how often one address may subscribe', async () => {
    const from = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/public/newsletter/subscribe',
        remoteAddress: '10.9.9.9',
        payload: { email },
      });
    for (let i = 0; i < NEWSLETTER_LIMIT_PER_MINUTE; i += 1) {
      expect((await from(`burst-${i}@example.com`)).statusCode).toBe(200);
    }
    const over = await from('one-too-many@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ status: false, code: 'rate_limited' });
    // Another address is unaffected.
    expect((await subscribe({ email: 'someone-else@example.com' })).statusCode).toBe(200);
  });
});
