export * from './p2p-request';
export * from './p2p-transfer';
