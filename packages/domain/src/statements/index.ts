export * from './csv';
export * from './statement';
