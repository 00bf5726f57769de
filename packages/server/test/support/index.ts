export * from './test-database.ts';
export * from './test-app.ts';
export * from './http-client.ts';
export * from './sse.ts';
export * from './recording-mailer.ts';
export * from './accounts.ts';
export * from './smtp-catcher.ts';
export * from './services.ts';
