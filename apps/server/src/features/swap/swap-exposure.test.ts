import { randomUUID } from 'node:crypto';
import { type AssetCode, depositPostings, getAsset, parseDecimal } from '@exchange/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { postEntry } from '../ledger/post-entries';

let t: TestApp;
beforeAll(async () => {
  // A $100,000 cap per coin: at the test prices one BTC is $60,000, one ETH $3,000, one BNB $600.
  t = await createTestApp({ env: { HOUSE_MAX_EXPOSURE_USD: '100000' } });
});
afterAll(async () => {
  await t.close();
});

/** Coins from outside (as a deposit would bring them), so the house's position starts flat. */
async function deposit(user: TestUser, asset: AssetCode, amount: string): Promise<void> {
  const minor = parseDecimal(amount, getAsset(asset).scale)!;
  const posted = await postEntry(t.ctx.db, {
    kind: 'TEST_FUNDING',
    reference: `test-funding:${randomUUID()}`,
    userId: user.id,
    postings: depositPostings(user.id, asset, minor),
  });
  expect(posted.ok).toBe(true);
}

const post = (user: TestUser, url: string, from: string, to: string, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: user.headers,
    payload: { from_crypto_currency_code: from, to_crypto_currency_code: to, from_amount: amount },
  });

describe('swaps and the house exposure cap', () => {
  it('refuses a swap whose leg takes the house past the cap in a coin, and always lets it unwind', async () => {
    const user = await createTestUser(t, { kyc: true });
    await deposit(user, 'BTC', '3');
    await deposit(user, 'ETH', '100');
    await deposit(user, 'BNB', '100');
    // The house would buy 2 BTC ($120,000): past the cap, refused at the quote and at the swap.
    for (const url of ['/swap/quote', '/swap']) {
      const refused = await post(user, url, 'BTC', 'ETH', '2');
      expect(refused.statusCode, url).toBe(422);
      expect(refused.json().code).toBe('house_exposure_limit');
    }
    // 1 BTC ($60,000) fits: the house now holds 1 BTC and is short 20 ETH ($60,000).
    expect((await post(user, '/swap', 'BTC', 'ETH', '1')).statusCode).toBe(200);
    // 75 BNB ($45,000) would fit on the BNB leg, but selling 15 ETH more takes the house 35 ETH
    // ($105,000) short: the ETH leg refuses the swap.
    expect((await post(user, '/swap', 'BNB', 'ETH', '75')).json().code).toBe('house_exposure_limit');
    // Swapping back what the house bought unwinds both positions.
    expect((await post(user, '/swap', 'ETH', 'BTC', '19')).statusCode).toBe(200);
    await expectLedgerConsistent(t.ctx.db);
  });
});
