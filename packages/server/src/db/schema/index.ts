export * from './accounts.ts';
export * from './basket.ts';
export * from './catalogue.ts';
export * from './domains.ts';
export * from './platform.ts';
