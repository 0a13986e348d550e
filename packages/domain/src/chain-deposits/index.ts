export * from './custody-accounts';
export * from './decide-chain-deposit';
