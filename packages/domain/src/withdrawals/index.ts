export * from './account-standing';
export * from './four-eyes';
export * from './withdrawal-address';
export * from './withdrawal-approval';
export * from './withdrawal-request';
export * from './withdrawal-status';
