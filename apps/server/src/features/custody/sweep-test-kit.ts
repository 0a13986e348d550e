import { chainAmountToMinor } from '@exchange/domain';
import { eq } from 'drizzle-orm';
import { type Address, erc20Abi, parseEther } from 'viem';
import { expect, inject } from 'vitest';
import { chainDeposits, chainSweeps, chainTransactions } from '../../db/schema';
import { chainClient } from '../../platform/chain/evm/evm-client';
import { evmNode } from '../../platform/chain/evm/evm-node';
import type { TestApp } from '../../test/test-app';
import { freshChainAccount } from '../../test/test-chain';
import { createTestUser } from '../../test/test-users';
import { watchOnce } from '../chain-deposits/chain-watcher';
import { bookHouseFloat } from './book-house-float';
import { reconcileCustody } from './reconcile-custody';
import { sweepOnce } from './sweep-deposit-addresses';

/**
 * The sweep tests' moves on the real local chain, for one app: deposits credited by the watcher, the
 * sweep job and the chain sender run as their jobs would (once per call), blocks mined in between.
 */
export function sweepKit(t: TestApp) {
  const settings = t.ctx.config.chains[0]!;
  const client = chainClient(settings);
  const usdt = inject('chainUsdt') as Address;
  const hot = () => t.ctx.chainSender.hotWalletAddress(settings.key)!;
  const deps = (app: TestApp = t) => ({
    db: app.ctx.db,
    logger: app.ctx.logger,
    chains: app.ctx.config.chains,
    sender: app.ctx.chainSender,
    settings: app.ctx.config.chainSweeps,
  });
  const watch = () =>
    watchOnce({ db: t.ctx.db, logger: t.ctx.logger, chains: t.ctx.config.chains }, settings, client);
  const usdtOf = (address: string) =>
    client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Address],
    });
  const ethOf = (address: string) => client.getBalance({ address: address as Address });

  /** Sends `address` a deposit from a fresh account and lets the watcher credit it (3 confirmations). */
  async function deposit(address: string, funds: { eth?: string; usdt?: bigint }) {
    const sender = await freshChainAccount({ eth: '10', usdt: funds.usdt ?? 0n });
    await watch();
    if (funds.eth) await sender.sendEth(address, funds.eth);
    if (funds.usdt) await sender.sendUsdt(address, funds.usdt);
    await watch();
    await sender.mine(3);
    await watch();
    return sender;
  }

  return {
    settings,
    usdt,
    deposit,
    client,
    hot,
    ethOf,
    usdtOf,
    watch,
    depositsAt: (address: string) =>
      t.ctx.db.select().from(chainDeposits).where(eq(chainDeposits.address, address)),
    sweep: (app: TestApp = t) => sweepOnce(deps(app), settings, chainClient(settings)),

    /** The hot wallet's balances (wei, token units). */
    hotBalances: async () => ({ eth: await ethOf(hot()), usdt: await usdtOf(hot()) }),

    /**
     * Books what the hot wallet gained since `since` as the house's float (custody → house), as an
     * operator records a funding: the test app funds the hot wallet as it starts.
     */
    async bookFloat(reference: string, since = { eth: 0n, usdt: 0n }) {
      const eth = chainAmountToMinor((await ethOf(hot())) - since.eth, 18, 8);
      const tokens = chainAmountToMinor((await usdtOf(hot())) - since.usdt, 6, 8);
      for (const [asset, amount] of [
        ['ETH', eth],
        ['USDT', tokens],
      ] as const)
        if (amount > 0n)
          expect(
            await bookHouseFloat(t.ctx.db, { chain: settings.key, asset, amount, reference }),
          ).toMatchObject({
            ok: true,
          });
    },

    /** A KYC-verified customer's deposit of `eth` ETH or `usdt` units, credited (3 confirmations). */
    async credited(funds: { eth?: string; usdt?: bigint }) {
      const user = await createTestUser(t, { kyc: true });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/deposit-address',
        headers: user.headers,
        payload: { asset: 'ETH', chain: settings.key },
      });
      expect(res.statusCode).toBe(200);
      const address = res.json().data.address as string;
      const sender = await deposit(address, funds);
      return { user, address, chain: sender };
    },

    /** Runs the chain sender (mining between runs) until nothing it holds is still under way. */
    async settle(app: TestApp = t) {
      const rpc = (method: string, params: unknown[] = []) =>
        client.request({ method: method as never, params: params as never });
      for (let round = 0; round < 30; round++) {
        await app.ctx.chainSender.jobs[0]!.run(new Date());
        const open = (await t.ctx.db.select().from(chainTransactions)).filter(
          (row) => row.status !== 'CONFIRMED' && row.status !== 'FAILED',
        );
        if (open.length === 0) return;
        await rpc('hardhat_mine', ['0x1']);
      }
      throw new Error('the chain sender did not settle');
    },

    sweepsAt: (address: string) =>
      t.ctx.db.select().from(chainSweeps).where(eq(chainSweeps.address, address)),

    async expectReconciled() {
      const lines = await reconcileCustody(t.ctx.db, settings, evmNode(settings, client), {
        hot: hot(),
        cold: null,
      });
      expect(lines.map((line) => line.asset)).toEqual(['ETH', 'USDT']);
      for (const line of lines)
        expect(line, `${line.asset}: ${line.difference} off`).toMatchObject({ matches: true });
      return lines;
    },

    parseEther,
  };
}
