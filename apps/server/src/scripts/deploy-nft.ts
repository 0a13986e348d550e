/**
 * `npm run nft:deploy -- --minter <hot wallet> [--admin <address>] [--unsigned]`: deploys the exchange's
 * ERC-721 from the committed artifact (no compiler needed) with NFT_DEPLOYER_KEY over CHAIN_RPC_URL and
 * writes the contract's address, alone, to stdout (set it as CHAIN_NFT_ADDRESS); or, with --unsigned,
 * prints the creation transaction's data and its constructor arguments as JSON for a wallet elsewhere
 * to send. Every check is in platform/chain/nft-deploy.ts (docs/operations.md, "The NFT contract").
 */
import { createPublicClient, defineChain, http } from 'viem';
import { DEV_CHAIN_ID } from '../platform/chain/dev-chain';
import {
  deployExchangeNft,
  EXCHANGE_NFT_BYTECODE,
  EXCHANGE_NFT_NAME,
  EXCHANGE_NFT_SYMBOL,
  nftDeployData,
} from '../platform/chain/nft-contract';
import { NFT_DEPLOY_USAGE, nftDeployPlan } from '../platform/chain/nft-deploy';

const asked = nftDeployPlan(process.argv.slice(2), process.env);
if (!asked.ok) {
  process.stderr.write(
    `${asked.problems.map((problem) => `refusing: ${problem}`).join('\n')}\n${NFT_DEPLOY_USAGE}`,
  );
  process.exit(2);
}
const { plan } = asked;
if (plan.kind === 'unsigned') {
  const data = nftDeployData(plan.roles);
  const constructorArgs = [EXCHANGE_NFT_NAME, EXCHANGE_NFT_SYMBOL, plan.roles.admin, plan.roles.minter];
  process.stdout.write(
    `${JSON.stringify(
      {
        constructor: 'constructor(string name_, string symbol_, address admin, address minter)',
        constructorArgs,
        bytecode: EXCHANGE_NFT_BYTECODE,
        encodedArgs: `0x${data.slice(EXCHANGE_NFT_BYTECODE.length)}`,
        data,
      },
      null,
      2,
    )}\n`,
  );
  process.exit(0);
}

const probe = createPublicClient({ transport: http(plan.rpcUrl) });
const chainId = await probe.getChainId();
if (plan.chainId !== null && chainId !== plan.chainId) {
  process.stderr.write(
    `refusing: the node at CHAIN_RPC_URL is chain ${chainId}, CHAIN_ID says ${plan.chainId}\n`,
  );
  process.exit(1);
}
if (process.env.NODE_ENV === 'production' && chainId === DEV_CHAIN_ID) {
  process.stderr.write('refusing: the node at CHAIN_RPC_URL is the development chain\n');
  process.exit(1);
}
const chain = defineChain({
  id: chainId,
  name: `chain ${chainId}`,
  nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
  rpcUrls: { default: { http: [plan.rpcUrl] } },
});
process.stderr.write(
  `deploying ExchangeNFT on chain ${chainId} from ${plan.deployer.address}: admin ${plan.roles.admin}, minter ${plan.roles.minter}\n`,
);
const address = await deployExchangeNft(plan.rpcUrl, chain, plan.deployer, plan.roles);
process.stdout.write(`${address}\n`);
