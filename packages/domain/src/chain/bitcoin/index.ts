export * from './bech32';
export * from './segwit-address';
