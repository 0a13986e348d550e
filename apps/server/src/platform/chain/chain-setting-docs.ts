import { bitcoinChainSettingDocs } from './bitcoin/bitcoin-chain-config';
import type { chainEnv } from './chain-config';
import { chainListSettingDocs } from './chain-list-config';
import { chainSenderSettingDocs } from './chain-sender-config';
import { signerClientSettingDocs } from './signer-client-config';

/** What each chain setting does, for docs/operations.md (config-reference.ts spreads these in). */
export const chainSettingDocs: Record<keyof typeof chainEnv, string> = {
  CHAIN_MODE:
    "`embedded` starts a local development chain (hardhat's node, offline) with a test USDT; `external` watches CHAIN_RPC_URL; `off` offers no coin deposits. Default: `external` when CHAIN_RPC_URL or CHAINS is set, else `embedded` in development and `off` otherwise. **Production refuses `embedded`.**",
  CHAIN_KEY: 'Our name of the chain (the deposit rows and routes use it), e.g. `ethereum` or `bsc`.',
  CHAIN_NAME: 'What a customer reads for the chain.',
  CHAIN_ID: 'The EVM chain id (1 Ethereum mainnet, 56 BNB Smart Chain, 137 Polygon, 31337 the local chain).',
  CHAIN_RPC_URL: "The chain node's JSON-RPC URL (external mode).",
  CHAIN_CONFIRMATIONS: "Blocks on top of (and including) a deposit's block before it is credited.",
  CHAIN_EXPLORER_URL: 'Base URL of a block explorer; a transaction links to `<url>/tx/<hash>`.',
  CHAIN_NATIVE_ASSET: "The chain's native coin (ETH, BNB, MATIC).",
  CHAIN_MIN_DEPOSIT_NATIVE: 'Least native-coin deposit credited; less is recorded as below minimum.',
  CHAIN_USDT_ADDRESS: 'The USDT token contract on the chain (external mode); unset: no USDT deposits.',
  CHAIN_USDT_DECIMALS:
    "Decimals of the USDT contract on the chain (6 on Ethereum, 18 on BNB Smart Chain). The start reads the contract's `decimals()` and refuses to start when they differ.",
  CHAIN_MIN_DEPOSIT_USDT: 'Least USDT deposit credited; less is recorded as below minimum.',
  CHAIN_XPUB:
    "Extended public key at m/44'/60'/0' that deposit addresses are derived from (the seed stays with the operator). **Production refuses the development key.**",
  CHAIN_MNEMONIC:
    'Seed words instead of CHAIN_XPUB, for development and tests: the web process then signs in process. With CHAIN_XPUB alone and no SIGNER_URL nothing is sent (watch-only). Unset in development: made up on the first start and kept in `DATA_DIR/secrets/chain-seed`, which only the signer process `npm start` runs as its child reads. **Production refuses seed words in the web process**: give them to the signer process (SIGNER_MNEMONIC).',
  CHAIN_POLL_MS: 'How often the deposit watcher looks for new blocks.',
  CHAIN_EMBEDDED_BLOCK_MS: 'Block time of the embedded development chain (0: a block per transaction only).',
  CHAIN_EMBEDDED_NETWORKS:
    'The other local EVM networks the embedded start runs beside its Ethereum (chain id 31337), each its own hardhat node (default `bsc,polygon`): `bsc` (BNB Smart Chain, chain id 31338, 5 confirmations, BNB, test USDT, USDC and BUSD) and `polygon` (Polygon, chain id 31339, 6 confirmations, MATIC, test USDT and USDC); empty: Ethereum alone (less memory). A network CHAINS lists with the same key is watched there instead.',
  ...chainListSettingDocs,
  ...bitcoinChainSettingDocs,
  ...chainSenderSettingDocs,
  ...signerClientSettingDocs,
};
