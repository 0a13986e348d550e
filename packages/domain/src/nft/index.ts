export * from './nft-chain-rules';
export * from './nft-chain-state';
export * from './nft-rules';
