import { parseArgs } from 'node:util';
import { type Address, getAddress, type Hex, isAddress, isHex, type PrivateKeyAccount } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { DEV_CHAIN_MNEMONIC } from './chain-config';
import { DEV_CHAIN_ID } from './dev-chain';
import type { NftRoles } from './nft-contract';

/**
 * What `npm run nft:deploy` (scripts/deploy-nft.ts) is asked to do, read from its arguments and the
 * environment and checked before anything touches a chain:
 *
 *   npm run nft:deploy -- --minter <hot wallet> [--admin <address>] [--unsigned]
 *
 * The minter is the chain's hot wallet (`--minter`, else CHAIN_HOT_ADDRESS); the admin, who grants and
 * revokes the minter role, is `--admin`, else the deployer. With NFT_DEPLOYER_KEY and CHAIN_RPC_URL the
 * script deploys; with `--unsigned` it only prints the creation data for a wallet elsewhere (a hardware
 * wallet, a multisig) to send, and `--admin` is required. Under NODE_ENV=production the public
 * development accounts are refused as deployer, admin or minter, and so is the development chain.
 */

export type NftDeployPlan =
  | { readonly kind: 'unsigned'; readonly roles: NftRoles }
  | {
      readonly kind: 'deploy';
      readonly rpcUrl: string;
      /** CHAIN_ID when set: the script refuses a node on another chain. */
      readonly chainId: number | null;
      readonly deployer: PrivateKeyAccount;
      readonly roles: NftRoles;
    };

export type NftDeployEnv = Readonly<Record<string, string | undefined>>;

/** hardhat's 20 accounts of the public development seed words: anyone holds their keys. */
const DEVELOPMENT_ACCOUNTS_COUNT = 20;

export function isDevelopmentAccount(address: Address): boolean {
  for (let index = 0; index < DEVELOPMENT_ACCOUNTS_COUNT; index++)
    if (mnemonicToAccount(DEV_CHAIN_MNEMONIC, { addressIndex: index }).address === getAddress(address))
      return true;
  return false;
}

export const NFT_DEPLOY_USAGE =
  'usage: NFT_DEPLOYER_KEY=0x… CHAIN_RPC_URL=… npm run nft:deploy -- --minter <hot wallet address> [--admin <address>]\n' +
  '       npm run nft:deploy -- --unsigned --minter <hot wallet address> --admin <address>\n';

/** The plan, or what is wrong with the request (one line each). */
export function nftDeployPlan(
  argv: readonly string[],
  env: NftDeployEnv,
): { ok: true; plan: NftDeployPlan } | { ok: false; problems: string[] } {
  let values: { minter?: string; admin?: string; unsigned?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { minter: { type: 'string' }, admin: { type: 'string' }, unsigned: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    return { ok: false, problems: [error instanceof Error ? error.message : String(error)] };
  }
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const addressOf = (what: string, text: string | undefined): Address | null => {
    if (!text) return null;
    if (!isAddress(text, { strict: false })) {
      problems.push(`${what}: ${text} is not an address`);
      return null;
    }
    const address = getAddress(text);
    if (production && isDevelopmentAccount(address))
      problems.push(`${what}: is a public development account; anyone holds its key`);
    return address;
  };

  const minter = addressOf('--minter', values.minter ?? (env.CHAIN_HOT_ADDRESS || undefined));
  if (!values.minter && !env.CHAIN_HOT_ADDRESS)
    problems.push("--minter: the chain's hot wallet address is required (or CHAIN_HOT_ADDRESS)");
  const admin = addressOf('--admin', values.admin);

  if (values.unsigned) {
    if (!values.admin)
      problems.push('--admin: is required with --unsigned (there is no deployer to default to)');
    return problems.length > 0 || !minter || !admin
      ? { ok: false, problems }
      : { ok: true, plan: { kind: 'unsigned', roles: { admin, minter } } };
  }

  const key = env.NFT_DEPLOYER_KEY;
  let deployer: PrivateKeyAccount | null = null;
  if (!key || !isHex(key) || key.length !== 66)
    problems.push("NFT_DEPLOYER_KEY: the deploying account's private key (0x and 64 hex digits) is required");
  else {
    deployer = privateKeyToAccount(key as Hex);
    if (production && isDevelopmentAccount(deployer.address))
      problems.push('NFT_DEPLOYER_KEY: is a public development account; anyone holds its key');
  }
  const rpcUrl = env.CHAIN_RPC_URL;
  if (!rpcUrl) problems.push("CHAIN_RPC_URL: the chain node's JSON-RPC URL is required");
  const chainId = env.CHAIN_ID ? Number(env.CHAIN_ID) : null;
  if (chainId !== null && !Number.isSafeInteger(chainId)) problems.push('CHAIN_ID: is not a chain id');
  if (production && chainId === DEV_CHAIN_ID) problems.push('CHAIN_ID: is the development chain');
  if (problems.length > 0 || !deployer || !minter || !rpcUrl) return { ok: false, problems };
  return {
    ok: true,
    plan: { kind: 'deploy', rpcUrl, chainId, deployer, roles: { admin: admin ?? deployer.address, minter } },
  };
}
