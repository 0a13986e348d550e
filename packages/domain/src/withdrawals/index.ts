export * from './account-standing';
export * from './withdrawal-address';
export * from './withdrawal-approval';
export * from './withdrawal-request';
export * from './withdrawal-status';
