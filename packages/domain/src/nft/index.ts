export * from './nft-chain-rules';
export * from './nft-rules';
