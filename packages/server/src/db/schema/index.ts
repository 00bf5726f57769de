export * from './accounts.ts';
export * from './basket.ts';
export * from './catalogue.ts';
export * from './dns.ts';
export * from './domains.ts';
export * from './platform.ts';
export * from './whois.ts';
