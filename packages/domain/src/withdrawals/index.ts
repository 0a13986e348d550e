export * from './account-standing';
export { keccak256Hex } from './keccak256';
export * from './withdrawal-address';
export * from './withdrawal-approval';
export * from './withdrawal-request';
export * from './withdrawal-status';
