import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { eq } from 'drizzle-orm';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { inject } from 'vitest';
import { chainTransactions } from '../../db/schema';
import { devChainDefinition } from '../../platform/chain/dev-chain';
import { localChainSigner } from '../../platform/chain/local-chain-signer';
import { deployExchangeNft, EXCHANGE_NFT_ABI } from '../../platform/chain/nft-contract';
import type { TestApp } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';

/**
 * A test file's own NFT contract on the run's chain: seed words of its own (so its hot wallet is its
 * own), the contract deployed by a throwaway account with that hot wallet as the minter, and the
 * settings that point the app at both. Files never share a minter, a nonce or a token id space.
 */
export async function nftChainTestEnv(overrides: Record<string, string> = {}) {
  const mnemonic = generateMnemonic(wordlist, 256);
  const hot = localChainSigner(mnemonic).address({ kind: 'hot' });
  const rpcUrl = inject('chainRpcUrl');
  const chain = devChainDefinition(rpcUrl);
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const deployer = privateKeyToAccount(generatePrivateKey());
  await client.request({
    method: 'hardhat_setBalance' as never,
    params: [deployer.address, `0x${parseEther('10').toString(16)}`] as never,
  });
  const contract = await deployExchangeNft(rpcUrl, chain, deployer, { minter: hot });
  const env = chainTestEnv({
    CHAIN_MNEMONIC: mnemonic,
    CHAIN_NFT_ADDRESS: contract,
    // The app's own scheduler would send at start and then every 10 minutes: the tests drive the sender.
    CHAIN_POLL_MS: '600000',
    NFT_PUBLIC_URL: 'https://nft.example',
    // Send-outs go to fresh addresses here: the outflow controls a send-out shares with coin withdrawals
    // (cool-downs for a security change and a new address) are tested in nft-send-out-controls.test.ts.
    WITHDRAWAL_COOL_DOWN_HOURS: '0',
    ...overrides,
  });
  const read = {
    ownerOf: (tokenId: bigint) =>
      client.readContract({
        address: contract,
        abi: EXCHANGE_NFT_ABI,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    tokenURI: (tokenId: bigint) =>
      client.readContract({
        address: contract,
        abi: EXCHANGE_NFT_ABI,
        functionName: 'tokenURI',
        args: [tokenId],
      }),
    balanceOf: (owner: Address) =>
      client.readContract({
        address: contract,
        abi: EXCHANGE_NFT_ABI,
        functionName: 'balanceOf',
        args: [owner],
      }),
    mine: (blocks: number) =>
      client.request({ method: 'hardhat_mine' as never, params: [`0x${blocks.toString(16)}`] as never }),
  };
  return { env, hot, contract, client, read };
}

/** Runs the app's chain sender (mining a block between runs) until no outbox row is open. */
export async function runSenderUntilIdle(t: TestApp, mine: (blocks: number) => Promise<unknown>) {
  for (let i = 0; i < 20; i++) {
    await t.ctx.chainSender.jobs[0]!.run(new Date());
    const open = await t.ctx.db
      .select({ id: chainTransactions.id, status: chainTransactions.status })
      .from(chainTransactions);
    if (open.every((row) => row.status === 'CONFIRMED' || row.status === 'FAILED')) return open;
    await mine(1);
  }
  throw new Error('the chain sender did not finish its rows');
}

/** The outbox rows of one purpose. */
export async function outboxRows(t: TestApp, purpose: 'NFT_MINT' | 'NFT_TRANSFER') {
  return t.ctx.db.select().from(chainTransactions).where(eq(chainTransactions.purpose, purpose));
}
