export * from './custody-accounts';
export * from './decide-chain-deposit';
export * from './decide-sweep';
