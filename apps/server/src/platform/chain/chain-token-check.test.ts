import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { type Address, createPublicClient, createWalletClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app';
import { chainTestEnv } from '../../test/test-chain';
import { freePort } from '../free-port';
import { createLogger } from '../logger';
import { checkTokenDecimals, TokenDecimalsError } from './chain-token-check';
import { devChainDefinition, TEST_USDT_ABI } from './dev-chain';
import { TEST_USDT_SOURCE } from './dev-chain-token';
import { compileSolidity } from './solidity';

// The start's check of every configured token's decimals against its contract (issue 43), on the run's
// local chain: its test USDT (6 decimals) and a token of the same code with 18, deployed here (a new
// contract changes no one's history).
const logger = createLogger('silent');
let eighteen: Address;

beforeAll(async () => {
  const { CHAIN_RPC_URL: rpcUrl } = chainTestEnv();
  const chain = devChainDefinition(rpcUrl!);
  const transport = http(rpcUrl);
  const client = createPublicClient({ chain, transport });
  const account = privateKeyToAccount(generatePrivateKey());
  await client.request({
    method: 'hardhat_setBalance' as never,
    params: [account.address, `0x${parseEther('1').toString(16)}`] as never,
  });
  const source = TEST_USDT_SOURCE.replace('decimals = 6;', 'decimals = 18;');
  expect(source).not.toBe(TEST_USDT_SOURCE);
  const wallet = createWalletClient({ account, chain, transport });
  const hash = await wallet.deployContract({
    abi: TEST_USDT_ABI,
    bytecode: compileSolidity('TestUSDT', source),
  });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  eighteen = receipt.contractAddress!;
}, 60_000);

const chainsOf = (env: Record<string, string>) => testConfig(chainTestEnv(env)).chains;

async function refusal(env: Record<string, string>): Promise<TokenDecimalsError> {
  const error = await checkTokenDecimals(chainsOf(env), logger, { attempts: 2, delayMs: 10 }).then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TokenDecimalsError);
  return error as TokenDecimalsError;
}

describe('the start checks each configured token against its contract', () => {
  it('starts when every token has the decimals its contract has', async () => {
    await expect(checkTokenDecimals(chainsOf({}), logger)).resolves.toBeUndefined();
    await expect(
      checkTokenDecimals(chainsOf({ CHAIN_USDT_ADDRESS: eighteen, CHAIN_USDT_DECIMALS: '18' }), logger),
    ).resolves.toBeUndefined();
  });

  it('refuses a token configured with other decimals than its contract, naming chain, token and both', async () => {
    const error = await refusal({ CHAIN_USDT_ADDRESS: eighteen });
    expect(error.problems).toEqual([
      `chain 'ethereum' (Ethereum, chain id 31337): USDT at ${eighteen}: configured with 6 decimals, the contract on the chain has 18`,
    ]);
    expect(error.message).toContain('configured with 6 decimals, the contract on the chain has 18');
  });

  it('refuses a mismatch on a chain CHAINS lists too, beside the first', async () => {
    const { CHAIN_RPC_URL: rpcUrl, CHAIN_USDT_ADDRESS: usdt } = chainTestEnv();
    const listed = {
      key: 'bsc',
      name: 'BNB Smart Chain',
      chainId: 56,
      rpcUrl,
      confirmations: 3,
      native: { asset: 'BNB', minDeposit: '0.01' },
      tokens: [
        { asset: 'USDT', contract: usdt, decimals: 6, minDeposit: '1' },
        { asset: 'USDC', contract: eighteen, decimals: 6, minDeposit: '1' },
      ],
    };
    const error = await refusal({ CHAINS: JSON.stringify([listed]) });
    expect(error.problems).toEqual([
      `chain 'bsc' (BNB Smart Chain, chain id 56): USDC at ${eighteen}: configured with 6 decimals, the contract on the chain has 18`,
    ]);
  });

  it('refuses an address with no contract behind it', async () => {
    const nobody = privateKeyToAccount(generatePrivateKey()).address;
    const error = await refusal({ CHAIN_USDT_ADDRESS: nobody });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toContain(`USDT at ${nobody}: its decimals() answered nothing`);
  });

  it('refuses to start, after its retries, when a chain node does not answer: never passes unchecked', async () => {
    const port = await freePort();
    const error = await refusal({ CHAIN_RPC_URL: `http://127.0.0.1:${port}` });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(
      /^chain 'ethereum' \(Ethereum\): its node did not answer after 2 attempts \(.+\), so its tokens' decimals could not be checked$/,
    );
  });

  it('is run by the start itself: the server refuses to start, saying why', async () => {
    const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exchange-token-check-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...chainTestEnv({ CHAIN_USDT_ADDRESS: eighteen }),
          CHAIN_MNEMONIC: generateMnemonic(wordlist, 256),
          NODE_ENV: 'development',
          DATA_DIR: dataDir,
          // Never reached: the check comes before the database.
          DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code, output).toBe(1);
      expect(output).toContain('failed to start: the configured tokens do not match their contracts');
      expect(output).toContain(
        `USDT at ${eighteen}: configured with 6 decimals, the contract on the chain has 18`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
