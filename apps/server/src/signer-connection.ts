import type { Logger } from 'pino';
import { getAddress } from 'viem';
import { depositAddressAt } from './platform/chain/evm/hd-addresses';
import { fetchSignerIdentity, remoteChainSigner } from './platform/chain/remote-chain-signer';
import { type Config, ConfigError } from './platform/config';

/**
 * With SIGNER_URL (issue 43, item 5; docs/custody.md) the web process signs through the signer process:
 * at start it asks the signer who it is and refuses one whose seed words are not CHAIN_XPUB's or whose
 * hot wallet is not CHAIN_HOT_ADDRESS, then hands the features a ChainSigner that holds no key (deposit
 * addresses from the xpub, the hot wallet's from the signer's answer). Without SIGNER_URL: unchanged.
 */
export async function connectSignerProcess(config: Config, logger: Logger): Promise<Config> {
  if (!config.signer) return config;
  const endpoint = { url: config.signer.url, secret: config.signer.secret };
  const identity = await fetchSignerIdentity(endpoint);
  const problems: string[] = [];
  if (config.chainXpub && identity.xpub !== config.chainXpub)
    problems.push(
      "SIGNER_URL: the signer's seed words are not CHAIN_XPUB's (deposit addresses would not be its)",
    );
  if (config.signer.hotAddress && getAddress(config.signer.hotAddress) !== getAddress(identity.hot_address))
    problems.push(`CHAIN_HOT_ADDRESS: the signer's hot wallet is ${identity.hot_address}`);
  if (problems.length > 0) throw new ConfigError(problems, 'refusing to start:');
  logger.info({ signer: endpoint.url, hotWallet: identity.hot_address }, 'signer process reached');
  const xpub = config.chainXpub || identity.xpub;
  return {
    ...config,
    chainXpub: xpub,
    chainSigner: remoteChainSigner(endpoint, identity, (index) => depositAddressAt(xpub, index)),
  };
}
