/** The database schema, one file per feature; drizzle-kit reads this index. */
export * from './accounts';
export * from './api-keys';
export * from './audit';
export * from './deposits';
export * from './history-counts';
export * from './kyc';
export * from './ledger';
export * from './market-data';
export * from './newsletter';
export * from './security';
export * from './sessions';
export * from './staking';
export * from './support';
export * from './swap-p2p';
export * from './trading';
export * from './two-factor';
export * from './uploads';
