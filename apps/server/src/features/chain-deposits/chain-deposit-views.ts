import type { ChainDeposit, DepositNetwork } from '@exchange/contracts';
import { formatMinor, getAsset, isAssetCode } from '@exchange/domain';
import type { ChainSettings, ChainToken } from '../../platform/chain/chain-config';
import type { ChainDepositRow } from './chain-deposits.repository';

/** A coin on a chain as the deposit screen shows it. */
export function depositNetworkView(
  settings: ChainSettings,
  token: ChainToken,
  withdrawable = true,
): DepositNetwork {
  const scale = isAssetCode(token.asset) ? getAsset(token.asset).scale : 0;
  return {
    chain: settings.key,
    name: token.contract ? `${settings.name} (${settings.tokenStandard ?? 'ERC-20'})` : settings.name,
    chain_id: settings.chainId,
    token_contract: token.contract,
    min_deposit: formatMinor(token.minDeposit, scale),
    confirmations: settings.confirmations,
    explorer_url: settings.explorerUrl,
    // A Bitcoin-family chain's coin leaves through the UTXO sender (issue 47) when a signer signs its
    // batches (in process, or the signer process's POST /sign-bitcoin-batch): else it comes in only.
    withdrawable,
    address_prefix: settings.bitcoin?.networkPrefix ?? null,
  };
}

/** A deposit row as the customer's list and the socket event show it. */
export function chainDepositView(row: ChainDepositRow, chains: readonly ChainSettings[]): ChainDeposit {
  const scale = isAssetCode(row.asset) ? getAsset(row.asset).scale : 0;
  const explorer = chains.find((chain) => chain.key === row.chain)?.explorerUrl ?? null;
  return {
    _id: row.id,
    asset: row.asset,
    chain: row.chain,
    amount: formatMinor(BigInt(row.amount), scale),
    tx_hash: row.txHash,
    log_index: row.logIndex,
    confirmations: row.confirmations,
    required_confirmations: row.requiredConfirmations,
    status: row.status,
    explorer_tx_url: explorer ? `${explorer}/tx/${row.txHash}` : null,
    createdAt: row.createdAt.toISOString(),
    credited_at: row.creditedAt ? row.creditedAt.toISOString() : null,
  };
}
