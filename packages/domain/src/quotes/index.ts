export * from './quote-use';
