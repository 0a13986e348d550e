export * from './valuation';
