export * from './decide-chain-deposit';
