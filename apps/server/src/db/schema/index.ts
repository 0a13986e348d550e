/** The database schema, one file per feature; drizzle-kit reads this index. */
export * from './accounts';
export * from './deposits';
export * from './ledger';
export * from './market-data';
export * from './newsletter';
export * from './staking';
export * from './trading';
