import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type AssetCode, chainAmountToMinor } from '@exchange/domain';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { eq } from 'drizzle-orm';
import { type Address, createWalletClient, http, type PublicClient, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainDeposits, chainTransactions, nftItems } from './db/schema';
import { restoreEmbeddedChain } from './dev-chain-restore';
import { watchOnce } from './features/chain-deposits/chain-watcher';
import { createChainSender } from './features/chain-sender/chain-sender';
import { bookHouseFloat } from './features/custody/book-house-float';
import { reconcileCustody } from './features/custody/reconcile-custody';
import { runSenderUntilIdle } from './features/nft/nft-chain-test-helpers';
import { createNft } from './features/nft/nft-test-helpers';
import type { ChainTxOutcome } from './platform/chain/chain-sender-types';
import { devChainDefinition, HOT_WALLET_FUNDS, TEST_USDT_ABI } from './platform/chain/dev-chain';
import { type EmbeddedChain, startEmbeddedChain } from './platform/chain/embedded-chain';
import { devFloatOf } from './platform/chain/embedded-networks';
import { chainClient } from './platform/chain/evm/evm-client';
import { evmNode } from './platform/chain/evm/evm-node';
import { EXCHANGE_NFT_ABI, nftTransferData } from './platform/chain/nft-contract';
import { createLogger } from './platform/logger';
import { expectLedgerConsistent } from './test/expect-ledger';
import { createTestApp, type TestApp, testConfig } from './test/test-app';
import { createTestUser } from './test/test-users';

// Two embedded starts on one database, as `npm start` run twice: the first chain gets deposits and
// NFTs, then stops; the second starts empty (its own node) and the restore puts back what the ledger
// says the product held.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-dev-chain-restore-'));
const config = testConfig({
  CHAIN_MODE: 'embedded',
  CHAIN_MNEMONIC: generateMnemonic(wordlist, 256),
  CHAIN_EMBEDDED_BLOCK_MS: '0',
  // The first chain alone: the other networks are restored by the same code, one chain at a time.
  CHAIN_EMBEDDED_NETWORKS: '',
  CHAIN_CONFIRMATIONS: '3',
  CHAIN_MIN_DEPOSIT_NATIVE: '0.01',
  CHAIN_MIN_DEPOSIT_USDT: '1',
  // The tests drive the watcher and the sender; the app's scheduler runs them once at start only.
  CHAIN_POLL_MS: '600000',
  NFT_PUBLIC_URL: 'https://nft.example',
  UPLOAD_LIMIT_PER_MINUTE: '1000',
  DATA_DIR: dataDir,
});
const logLines: string[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  }),
);
const hot = config.chainSigner!.address({ kind: 'hot' });
let first: EmbeddedChain;
let second: EmbeddedChain | undefined;
let t: TestApp;

beforeAll(async () => {
  first = await startEmbeddedChain(config, logger);
  t = await createTestApp({ deps: { config: first.config } });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await first?.stop();
  await second?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

function on(chain: EmbeddedChain) {
  const settings = chain.config.chains[0]!;
  const client = chainClient(settings);
  const usdt = settings.tokens.find((token) => token.asset === 'USDT')!.contract as Address;
  const nft = chain.config.nftContractAddress as Address;
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never });
  return {
    settings,
    client,
    usdt,
    nft,
    mine: (blocks: number) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]),
    rpc,
    ownerOf: (tokenId: bigint) =>
      client.readContract({ address: nft, abi: EXCHANGE_NFT_ABI, functionName: 'ownerOf', args: [tokenId] }),
    tokenURI: (tokenId: bigint) =>
      client.readContract({ address: nft, abi: EXCHANGE_NFT_ABI, functionName: 'tokenURI', args: [tokenId] }),
    holdings: async () => ({
      eth: await client.getBalance({ address: hot }),
      usdt: await client.readContract({
        address: usdt,
        abi: TEST_USDT_ABI,
        functionName: 'balanceOf',
        args: [hot],
      }),
    }),
    reconcile: () =>
      reconcileCustody(t.ctx.db, settings, evmNode(settings, client as PublicClient), { hot, cold: null }),
    watch: () => watchOnce({ db: t.ctx.db, logger, chains: chain.config.chains }, settings, client),
  };
}

const outcomes: ChainTxOutcome[] = [];

/** A chain sender of the test's own on `chain`, recording how its withdrawals and NFT sends end. */
function senderOn(chain: EmbeddedChain) {
  const sender = createChainSender({
    db: t.ctx.db,
    logger,
    clock: t.ctx.clock,
    chains: chain.config.chains,
    signer: config.chainSigner,
    settings: { replaceAfterMs: 600_000, feeBumpPercent: 25, maxAttempts: 5 },
    pollMs: 1000,
  });
  const record = {
    onConfirmed: async (_tx: unknown, outcome: ChainTxOutcome) => void outcomes.push(outcome),
    onFailed: async (_tx: unknown, outcome: ChainTxOutcome) => void outcomes.push(outcome),
  };
  sender.handle('WITHDRAWAL', record);
  sender.handle('NFT_TRANSFER', record);
  return sender;
}

/**
 * Records a start's float (100 ETH, 1,000,000 of each test token) as the house's, as an operator
 * records a funding.
 */
async function bookFloat(reference: string) {
  for (const token of first.config.chains[0]!.tokens) {
    const asset = token.asset as AssetCode;
    const amount = chainAmountToMinor(devFloatOf(token, HOT_WALLET_FUNDS), token.decimals, 8);
    expect(await bookHouseFloat(t.ctx.db, { chain: 'ethereum', asset, amount, reference })).toMatchObject({
      ok: true,
    });
  }
}

describe('a restarted embedded chain', () => {
  it('gets back the coins and the NFTs the ledger remembers, once, and works on', async () => {
    const a = on(first);
    // On a first start the database has no earlier chain: nothing is restored.
    expect(await restoreEmbeddedChain(t.ctx.db, first)).toMatchObject({ fresh: false, nftsMinted: 0 });
    await bookFloat('start-1');

    // Two NFTs minted by the sender; the second is then sent out, as a send-out leaves its row.
    const admin = await createTestUser(t, { role: 'ADMIN' });
    const kept = await createNft(t, admin, { name: 'Restored Robin', price: '1', coin: 'ETH' });
    const sent = await createNft(t, admin, { name: 'Sent Sparrow', price: '1', coin: 'ETH' });
    await runSenderUntilIdle(t, a.mine);
    const outsider = privateKeyToAccount(generatePrivateKey()).address;
    await t.ctx.db
      .update(nftItems)
      .set({ chainState: 'WITHDRAWN', withdrawnTo: outsider })
      .where(eq(nftItems.id, sent));
    const tokenOf = async (id: string) =>
      BigInt((await t.ctx.db.select().from(nftItems).where(eq(nftItems.id, id)))[0]!.tokenId!);
    const keptToken = await tokenOf(kept);
    const sentToken = await tokenOf(sent);
    const uri = await a.tokenURI(keptToken);

    // A customer's deposits: ETH with wei finer than the ledger keeps, USDT, and ETH below the minimum.
    const customer = await createTestUser(t, { kyc: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit-address',
      headers: customer.headers,
      payload: { asset: 'ETH', chain: 'ethereum' },
    });
    const address = res.json().data.address as Address;
    const payer = privateKeyToAccount(generatePrivateKey());
    await a.rpc('hardhat_setBalance', [payer.address, `0x${parseEther('10').toString(16)}`]);
    const wallet = createWalletClient({
      account: payer,
      chain: devChainDefinition(a.settings.rpcUrl),
      transport: http(a.settings.rpcUrl),
    });
    await a.watch();
    await wallet.sendTransaction({ to: address, value: parseEther('1.234567891234567891') });
    await wallet.sendTransaction({ to: address, value: parseEther('0.005') });
    await wallet.writeContract({
      address: a.usdt,
      abi: TEST_USDT_ABI,
      functionName: 'mint',
      args: [address, 250_000_000n],
    });
    await a.watch();
    await a.mine(3);
    await a.watch();
    for (const line of await a.reconcile()) expect(line, line.asset).toMatchObject({ matches: true });
    const before = await a.reconcile();

    // Left under way on the first chain: a deposit seen but not confirmed, and a withdrawal mined but
    // not deep enough.
    const pendingTx = await wallet.sendTransaction({ to: address, value: parseEther('0.3') });
    await a.watch();
    const early = privateKeyToAccount(generatePrivateKey()).address;
    const senderA = senderOn(first);
    await t.ctx.db.transaction((tx) =>
      senderA.enqueue(tx, {
        chain: 'ethereum',
        purpose: 'WITHDRAWAL',
        reference: 'before-restart',
        from: { kind: 'hot' },
        to: early,
        value: parseEther('0.5'),
      }),
    );
    await senderA.jobs[0]!.run(new Date());
    expect(
      await t.ctx.db
        .select({ status: chainTransactions.status })
        .from(chainTransactions)
        .where(eq(chainTransactions.reference, 'before-restart')),
    ).toEqual([{ status: 'BROADCAST' }]);

    // The restart: the first chain is gone, the second starts empty beside the same database.
    await first.stop();
    second = await startEmbeddedChain(config, logger);
    const b = on(second);
    expect(b.nft).toBe(a.nft);
    expect(b.usdt).toBe(a.usdt);
    await expect(b.ownerOf(keptToken)).rejects.toThrow();
    expect((await b.reconcile()).every((line) => line.matches)).toBe(false);

    const restored = await restoreEmbeddedChain(t.ctx.db, second);
    expect(restored).toMatchObject({ fresh: true, nftsMinted: 2, nftsSkipped: 0 });
    expect(await b.ownerOf(keptToken)).toBe(hot);
    expect(await b.ownerOf(sentToken)).toBe(outsider);
    expect(await b.tokenURI(keptToken)).toBe(uri);
    // The watcher drops the deposit whose block went with the first chain; the restore did not count it.
    await b.watch();
    expect(
      await t.ctx.db
        .select({ status: chainDeposits.status })
        .from(chainDeposits)
        .where(eq(chainDeposits.txHash, pendingTx)),
    ).toEqual([{ status: 'DROPPED' }]);
    const said = logLines.filter((line) => line.includes('development chain restored from the ledger'));
    expect(said).toHaveLength(1);
    expect(JSON.parse(said[0]!)).toMatchObject({ chain: 'ethereum', hotWallet: hot, nftsMinted: 2 });
    // All in the hot wallet: what the ledger says plus this start's float, which is not booked yet.
    const after = await b.reconcile();
    expect(after.map((line) => [line.asset, line.custody, line.uncredited, line.depositAddresses])).toEqual(
      before.map((line) => [line.asset, line.custody, line.uncredited, 0n]),
    );
    expect(after.every((line) => line.matches)).toBe(false);
    await bookFloat('start-2');
    for (const line of await b.reconcile()) expect(line, line.asset).toMatchObject({ matches: true });

    // Again: the watcher's cursor is on this chain now, so nothing changes, not even a block.
    const held = await b.holdings();
    const head = await b.client.getBlockNumber({ cacheTime: 0 });
    expect(await restoreEmbeddedChain(t.ctx.db, second)).toMatchObject({
      fresh: false,
      nftsMinted: 0,
      coins: [],
    });
    expect(await b.holdings()).toEqual(held);
    expect(await b.client.getBlockNumber({ cacheTime: 0 })).toBe(head);

    // The sender works on: a coin withdrawal and an NFT send out of the hot wallet are mined, and the
    // withdrawal still out from the first chain is sent from its stored bytes: its nonce is the hot
    // wallet's next on the new chain (the restore's two mints took the first two), so it is mined there.
    const sender = senderOn(second);
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    await t.ctx.db.transaction(async (tx) => {
      await sender.enqueue(tx, {
        chain: 'ethereum',
        purpose: 'WITHDRAWAL',
        reference: 'after-restart',
        from: { kind: 'hot' },
        to: receiver,
        value: parseEther('1'),
      });
      await sender.enqueue(tx, {
        chain: 'ethereum',
        purpose: 'NFT_TRANSFER',
        reference: 'after-restart',
        from: { kind: 'hot' },
        to: b.nft,
        value: 0n,
        data: nftTransferData(hot, receiver, keptToken),
      });
    });
    for (let round = 0; round < 20 && outcomes.length < 3; round++) {
      await sender.jobs[0]!.run(new Date());
      await b.mine(1);
    }
    expect(outcomes.map((outcome) => [outcome.purpose, outcome.reference, outcome.status])).toEqual(
      expect.arrayContaining([
        ['WITHDRAWAL', 'before-restart', 'CONFIRMED'],
        ['WITHDRAWAL', 'after-restart', 'CONFIRMED'],
        ['NFT_TRANSFER', 'after-restart', 'CONFIRMED'],
      ]),
    );
    expect(await b.client.getBalance({ address: receiver })).toBe(parseEther('1'));
    expect(await b.client.getBalance({ address: early })).toBe(parseEther('0.5'));
    expect(await b.ownerOf(keptToken)).toBe(receiver);
    await expectLedgerConsistent(t.ctx.db);
  }, 240_000);
});
