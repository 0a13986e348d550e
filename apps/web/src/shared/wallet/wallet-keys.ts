/**
 * Query keys of the wallet's data. Everything a deposit changes sits under `wallet` or `dashboard`,
 * so one invalidation after a deposit refreshes the balances, the history and the dashboard figures.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  wallet: ['wallet', 'current'] as const,
  transactions: ['wallet', 'transactions'] as const,
  dashboard: ['dashboard'] as const,
};
