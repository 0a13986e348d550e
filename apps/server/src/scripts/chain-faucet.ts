/**
 * `npm run chain:faucet -- <address> <amount> [coin] [network]`: sends development coins to an address
 * on a local network that `npm start` runs (CHAIN_MODE=embedded): Ethereum by default, or `bsc` or
 * `polygon` (issue 47), from the first development account, which each node funds with its native coin;
 * a token is minted to that account first (the test tokens' mint is open) and then sent, as an outside
 * wallet would send it. It finds the networks through DATA_DIR/dev-chain.json; no other chain is ever
 * touched.
 */
import { readFileSync } from 'node:fs';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  isAddress,
  parseEther,
  parseUnits,
} from 'viem';
import { DEV_CHAIN_ID, devChainDefinition, devFunder } from '../platform/chain/dev-chain';
import { DEV_NETWORKS, TEST_TOKEN_ABI } from '../platform/chain/dev-networks';
import { devChainInfoFile } from '../platform/chain/embedded-chain';

interface NetworkInfo {
  key: string;
  rpcUrl: string;
  chainId: number;
  coins: { asset: string; contract: Address | null; decimals: number }[];
}

const usage =
  'usage: npm run chain:faucet -- <address> <amount> [coin] [network: ethereum, bsc or polygon]\n';
const [to, amount, coinArg = 'ETH', networkKey = 'ethereum'] = process.argv.slice(2);
if (!to || !isAddress(to) || !amount || !/^\d+(\.\d+)?$/.test(amount)) {
  process.stderr.write(usage);
  process.exit(2);
}
const coin = coinArg.toUpperCase();
const dataDir = process.env.DATA_DIR ?? './data';
let info: { rpcUrl: string; chainId: number; usdt: Address; networks?: NetworkInfo[] };
try {
  info = JSON.parse(readFileSync(devChainInfoFile(dataDir), 'utf8'));
} catch {
  process.stderr.write(`no development chain is running (start it with npm start; looked in ${dataDir})\n`);
  process.exit(1);
}
// Only the local chain ids: the first chain's and the development networks'.
const localIds = new Set([DEV_CHAIN_ID, ...DEV_NETWORKS.map((spec) => spec.chainId)]);
const networks = info.networks ?? [
  {
    key: 'ethereum',
    rpcUrl: info.rpcUrl,
    chainId: info.chainId,
    coins: [
      { asset: 'ETH', contract: null, decimals: 18 },
      { asset: 'USDT', contract: info.usdt, decimals: 6 },
    ],
  },
];
const network = networks.find((item) => item.key === networkKey);
const token = network?.coins.find((item) => item.asset === coin);
if (!network || !token) {
  process.stderr.write(
    `${coin} is not on ${networkKey} here; running: ${networks.map((item) => `${item.key} (${item.coins.map((c) => c.asset).join(', ')})`).join('; ')}\n${usage}`,
  );
  process.exit(2);
}
if (!localIds.has(network.chainId)) {
  process.stderr.write('refusing: that is not a development chain\n');
  process.exit(1);
}
const chain = devChainDefinition(network.rpcUrl, network.chainId);
const wallet = createWalletClient({ account: devFunder(), chain, transport: http(network.rpcUrl) });
const client = createPublicClient({ chain, transport: http(network.rpcUrl) });
const recipient = getAddress(to);
let hash: `0x${string}`;
if (token.contract === null)
  hash = await wallet.sendTransaction({ to: recipient, value: parseEther(amount) });
else {
  const units = parseUnits(amount, token.decimals);
  const contract = { address: token.contract, abi: TEST_TOKEN_ABI } as const;
  const minted = await wallet.writeContract({
    ...contract,
    functionName: 'mint',
    args: [devFunder().address, units],
  });
  await client.waitForTransactionReceipt({ hash: minted, pollingInterval: 200 });
  hash = await wallet.writeContract({ ...contract, functionName: 'transfer', args: [recipient, units] });
}
const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 200 });
process.stdout.write(
  `sent ${amount} ${coin} on ${network.key} to ${recipient} in block ${receipt.blockNumber} (tx ${hash})\n`,
);
