import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransactions, nftItems, users } from '../../db/schema';
import { ManualClock } from '../../platform/clock';
import { expectLedgerConsistent } from '../../test/expect-ledger';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, type TestUser } from '../../test/test-users';
import { fund } from '../trading/trading-test-helpers';
import { customerWithUsd, freshTotp } from '../withdrawals/withdrawal-test-helpers';
import { nftChainTestEnv, runSenderUntilIdle } from './nft-chain-test-helpers';
import { createNft, postAs } from './nft-test-helpers';

// Who may send a token out, and what bad input gets: every refusal changes nothing.
const clock = new ManualClock(new Date());
let t: TestApp;
let admin: TestUser;
let chain: Awaited<ReturnType<typeof nftChainTestEnv>>;

beforeAll(async () => {
  chain = await nftChainTestEnv({ CHAIN_SENDER_REPLACE_AFTER_MS: '86400000' });
  t = await createTestApp({
    env: { ...chain.env, UPLOAD_LIMIT_PER_MINUTE: '1000', ACCESS_TOKEN_TTL_SECONDS: '86400' },
    clock,
  });
  admin = await createTestUser(t, { role: 'ADMIN' });
});
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, payload: object = {}) => postAs(t, user, url, payload);
const GOOD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('POST /nft/sendToWallet', () => {
  it('answers anonymous, another user, unverified, disabled and admin callers, and bad input, changing nothing', async () => {
    const id = await createNft(t, admin, { name: 'Guarded Gull', price: '0.1', coin: 'ETH' });
    const owner = await customerWithUsd(t, 0n);
    await fund(t, owner, 'ETH', '1');
    // Before its mint has gone through, the item cannot leave.
    await post(owner, '/nft/buy', { id, price: '0.1' });
    const early = await post(owner, '/nft/sendToWallet', {
      id,
      address: GOOD,
      totp: await freshTotp(t, clock),
    });
    expect([early.statusCode, early.json().message]).toEqual([
      409,
      'This NFT is not minted on a chain (yet), so it cannot leave the exchange',
    ]);
    await runSenderUntilIdle(t, chain.read.mine);

    const other = await customerWithUsd(t, 0n);
    const unverified = await customerWithUsd(t, 0n, { kyc: false });
    const disabled = await customerWithUsd(t, 0n);
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, disabled.id));
    const noTwoFactor = await customerWithUsd(t, 0n, { twoFactor: false });
    const send = async (user: TestUser | null, body: object = {}) =>
      post(user, '/nft/sendToWallet', { id, address: GOOD, totp: await freshTotp(t, clock), ...body });

    expect((await send(null)).statusCode).toBe(401);
    expect([401, 403]).toContain((await send(disabled)).statusCode);
    expect((await send(unverified)).statusCode).toBe(403);
    expect((await send(other)).json()).toMatchObject({ message: 'You do not own this NFT' });
    expect((await send(admin)).statusCode).toBe(403);
    expect((await send(noTwoFactor)).statusCode).toBe(403);

    // The owner without two-factor is refused as coin withdrawals are.
    await t.ctx.db.update(users).set({ totpEnabledAt: null }).where(eq(users.id, owner.id));
    const refused = await send(owner);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      'Turn on two-factor authentication on the Security page before you withdraw',
    ]);
    await t.ctx.db
      .update(users)
      .set({ totpEnabledAt: new Date(clock.now().getTime() - 10 * 86_400_000) })
      .where(eq(users.id, owner.id));

    const message = async (body: object) => {
      const res = await send(owner, body);
      return [res.statusCode, res.json().message];
    };
    expect(await message({ address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })).toEqual([
      400,
      'This address has a wrong checksum (a mistyped letter?): copy it again from where you got it',
    ]);
    expect((await message({ address: '0x0000000000000000000000000000000000000000' }))[0]).toBe(400);
    expect((await message({ address: 'not an address' }))[0]).toBe(400);
    expect((await message({ address: '' }))[0]).toBe(400);
    expect(await message({ address: chain.hot })).toEqual([
      400,
      "This is one of the exchange's addresses: enter your own wallet's address",
    ]);
    expect((await message({ address: chain.contract }))[0]).toBe(400);
    expect((await message({ totp: '000000' }))[0]).toBeGreaterThanOrEqual(400);
    expect((await post(owner, '/nft/sendToWallet', { id: 'not-a-uuid', address: GOOD })).statusCode).toBe(
      400,
    );
    expect((await post(owner, '/nft/sendToWallet', { id })).statusCode).toBe(400);
    expect((await post(owner, '/nft/sendToWallet', { id, address: 'x'.repeat(65) })).statusCode).toBe(400);
    expect((await post(owner, '/nft/sendToWallet', { id, address: GOOD, totp: 'abc' })).statusCode).toBe(400);
    const missing = await send(owner, { id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);

    // A listed item must come off sale first.
    await post(owner, '/nft/listForSale', { id, price: '2' });
    expect(await message({})).toEqual([409, 'Take this NFT off sale before you withdraw it to your wallet']);

    const [row] = await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, id));
    expect(row).toMatchObject({ ownerId: owner.id, listed: true, chainState: 'MINTED', withdrawnTo: null });
    const transfers = await t.ctx.db
      .select()
      .from(chainTransactions)
      .where(eq(chainTransactions.purpose, 'NFT_TRANSFER'));
    expect(transfers).toHaveLength(0);
    expect(await chain.read.ownerOf(BigInt(row!.tokenId!))).toBe(chain.hot);
    await expectLedgerConsistent(t.ctx.db);
  });

  it('shows other customers a masked owner name; the owner reads their own, admins the full one', async () => {
    const id = await createNft(t, admin, { name: 'Masked Mole', price: '0.1', coin: 'ETH' });
    const owner = await createTestUser(t, { kyc: true, name: 'Alice  Wonder Smith' });
    await fund(t, owner, 'ETH', '1');
    await post(owner, '/nft/buy', { id, price: '0.1' });
    const other = await createTestUser(t, { kyc: true });
    expect((await post(other, '/nftDetailById', { id })).json().data).toMatchObject({
      owner: 'Alice S.',
      is_mine: false,
      sent_to: null,
    });
    expect((await post(owner, '/nftDetailById', { id })).json().data).toMatchObject({
      owner: 'Alice  Wonder Smith',
      is_mine: true,
    });
    expect((await post(admin, '/nftDetailById', { id })).json().data.owner).toBe('Alice  Wonder Smith');
  });
});
