export * from './evm-address';
export { keccak256Hex } from './keccak256';
