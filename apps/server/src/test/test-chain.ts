import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { type Address, createPublicClient, createWalletClient, type Hash, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { inject } from 'vitest';
import { devChainDefinition, TEST_USDT_ABI } from '../platform/chain/dev-chain';

/**
 * The run's one local chain (started by global-setup.ts beside PostgreSQL). Each test file takes the
 * settings below with seed words of its own, so its deposit addresses are its own, and sends from fresh
 * accounts funded here, so files never share a nonce.
 */
export function chainTestEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    CHAIN_MODE: 'external',
    CHAIN_RPC_URL: inject('chainRpcUrl'),
    CHAIN_USDT_ADDRESS: inject('chainUsdt'),
    CHAIN_CONFIRMATIONS: '3',
    CHAIN_MIN_DEPOSIT_NATIVE: '0.01',
    CHAIN_MIN_DEPOSIT_USDT: '1',
    CHAIN_EXPLORER_URL: 'https://explorer.example',
    CHAIN_MNEMONIC: generateMnemonic(wordlist, 256),
    // These files prove the chain's paths with one admin's approval; four eyes on a large withdrawal has
    // its own tests (features/withdrawals/review/four-eyes.test.ts), so its line sits out of their way.
    WITHDRAWAL_SECOND_APPROVAL_ABOVE_USD: '1000000',
    ...overrides,
  };
}

/**
 * Gives an address `eth` ETH (its balance is set to that) and mints it `usdt` test USDT from a throwaway
 * account, so no two files share a sender's nonce. createTestApp funds each app's hot wallet this way.
 */
export async function fundChainAddress(
  address: Address,
  funds: { eth: string; usdt: bigint },
): Promise<void> {
  const minter = await freshChainAccount({ eth: '1', usdt: 0n });
  await minter.rpc('hardhat_setBalance', [address, `0x${parseEther(funds.eth).toString(16)}`]);
  if (funds.usdt > 0n) await minter.mintUsdt(address, funds.usdt);
}

/** A fresh account on the test chain with `eth` ETH and `usdt` test USDT, and the chain's test controls. */
export async function freshChainAccount(funds: { eth: string; usdt: bigint }) {
  const rpcUrl = inject('chainRpcUrl');
  const usdt = inject('chainUsdt') as Address;
  const chain = devChainDefinition(rpcUrl);
  const account = privateKeyToAccount(generatePrivateKey());
  const transport = http(rpcUrl);
  const client = createPublicClient({ chain, transport });
  const wallet = createWalletClient({ account, chain, transport });
  const rpc = (method: string, params: unknown[] = []) =>
    client.request({ method: method as never, params: params as never }) as Promise<unknown>;
  await rpc('hardhat_setBalance', [account.address, `0x${parseEther(funds.eth).toString(16)}`]);
  const mined = async (hash: Hash) => client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (funds.usdt > 0n)
    await mined(
      await wallet.writeContract({
        address: usdt,
        abi: TEST_USDT_ABI,
        functionName: 'mint',
        args: [account.address, funds.usdt],
      }),
    );
  return {
    address: account.address,
    rpc,
    mintUsdt: async (to: Address, units: bigint) =>
      mined(
        await wallet.writeContract({
          address: usdt,
          abi: TEST_USDT_ABI,
          functionName: 'mint',
          args: [to, units],
        }),
      ),
    sendEth: async (to: string, amount: string) =>
      mined(await wallet.sendTransaction({ to: to as Address, value: parseEther(amount) })),
    sendUsdt: async (to: string, units: bigint) =>
      mined(
        await wallet.writeContract({
          address: usdt,
          abi: TEST_USDT_ABI,
          functionName: 'transfer',
          args: [to as Address, units],
        }),
      ),
    mine: (blocks: number) => rpc('hardhat_mine', [`0x${blocks.toString(16)}`]),
    snapshot: () => rpc('evm_snapshot') as Promise<string>,
    revert: (id: string) => rpc('evm_revert', [id]),
    balanceOf: (address: string) => client.getBalance({ address: address as Address }),
    usdtBalanceOf: (address: string) =>
      client.readContract({
        address: usdt,
        abi: TEST_USDT_ABI,
        functionName: 'balanceOf',
        args: [address as Address],
      }),
  };
}
