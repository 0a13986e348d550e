import type { WalletTransaction } from '@exchange/contracts';

/** Turns an unknown enum name into words: 'SOME_THING' → 'Some thing'. */
function humanize(code: string): string {
  const words = code.toLowerCase().replace(/_/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : '-';
}

/**
 * What a wallet transaction was, in words a customer reads ('Bought BTC', 'Deposit', 'Limit buy
 * filled'), from its operation and the currencies it moved. Operations not known here still read as
 * words rather than an enum name.
 */
export function transactionLabel(row: Pick<WalletTransaction, 'operation' | 'from' | 'to'>): string {
  const from = row.from?.currency_code;
  const to = row.to?.currency_code;
  switch (row.operation) {
    case 'BUY':
      return to ? `Bought ${to}` : 'Bought';
    case 'SELL':
      return from ? `Sold ${from}` : 'Sold';
    case 'LIMIT_BUY':
      return 'Limit buy filled';
    case 'LIMIT_SELL':
      return 'Limit sell filled';
    case 'DEPOSIT':
      return 'Deposit';
    case 'WITHDRAW':
    case 'WITHDRAWAL':
      return 'Withdrawal';
    case 'SWAP':
      return from && to ? `Swapped ${from} to ${to}` : 'Swap';
    case 'MULTI_BUY':
      return 'Bought MultiCoin';
    case 'P2P_SEND':
      return from ? `Sent ${from}` : 'Sent';
    case 'P2P_RECEIVE':
      return to ? `Received ${to}` : 'Received';
    case 'REFERRAL_REWARD':
      return 'Referral reward';
    case 'STAKE':
      return from ? `Staked ${from}` : 'Staked';
    case 'STAKE_REDEEM':
      return 'Stake redeemed';
    case 'RESTAKE':
      return from ? `Restaked ${from}` : 'Restaked';
    case 'NFT_BUY':
      return 'Bought an NFT';
    case 'NFT_SALE':
      return 'Sold an NFT';
    default:
      return humanize(row.operation);
  }
}
