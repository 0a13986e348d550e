export * from './decide-capture';
