export * from './nft-rules';
