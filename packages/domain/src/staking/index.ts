export * from './stake';
