export * from './p2p-transfer';
export * from './swap-quote';
