/**
 * `npm run chain:faucet -- <address> <amount> [ETH|USDT]`: sends development coins to an address on
 * the local chain that `npm start` runs (CHAIN_MODE=embedded), from the first development account,
 * which the node funds with ETH and which holds the test USDT's supply. It finds the chain through
 * DATA_DIR/dev-chain.json; no other chain is ever touched.
 */
import { readFileSync } from 'node:fs';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddress,
  parseEther,
  parseUnits,
} from 'viem';
import { DEV_CHAIN_ID, devChainDefinition, devFunder, TEST_USDT_ABI } from '../platform/chain/dev-chain';
import { devChainInfoFile } from '../platform/chain/embedded-chain';

const [to, amount, coin = 'ETH'] = process.argv.slice(2);
if (
  !to ||
  !isAddress(to) ||
  !amount ||
  !/^\d+(\.\d+)?$/.test(amount) ||
  !['ETH', 'USDT'].includes(coin.toUpperCase())
) {
  process.stderr.write('usage: npm run chain:faucet -- <address> <amount> [ETH|USDT]\n');
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? './data';
let info: { rpcUrl: string; chainId: number; usdt: `0x${string}` };
try {
  info = JSON.parse(readFileSync(devChainInfoFile(dataDir), 'utf8'));
} catch {
  process.stderr.write(`no development chain is running (start it with npm start; looked in ${dataDir})\n`);
  process.exit(1);
}
if (info.chainId !== DEV_CHAIN_ID) {
  process.stderr.write('refusing: that is not the development chain\n');
  process.exit(1);
}
const chain = devChainDefinition(info.rpcUrl);
const wallet = createWalletClient({ account: devFunder(), chain, transport: http(info.rpcUrl) });
const client = createPublicClient({ chain, transport: http(info.rpcUrl) });
const recipient = getAddress(to);
const hash =
  coin.toUpperCase() === 'USDT'
    ? await wallet.writeContract({
        address: info.usdt,
        abi: TEST_USDT_ABI,
        functionName: 'transfer',
        args: [recipient, parseUnits(amount, 6)],
      })
    : await wallet.sendTransaction({ to: recipient, value: parseEther(amount) });
const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 200 });
process.stdout.write(
  `sent ${amount} ${coin.toUpperCase()} to ${recipient} in block ${receipt.blockNumber} (tx ${hash})\n`,
);
