export * from './attestation';
export * from './sum-tree';
export * from './sum-tree-bytes';
export * from './verify-inclusion';
