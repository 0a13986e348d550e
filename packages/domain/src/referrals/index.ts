export * from './reward';
