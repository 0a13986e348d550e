export * from './stake';
export * from './stake-request';
