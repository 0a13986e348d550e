export * from './decide-sign';
