export * from './ip.ts';
export * from './names.ts';
export * from './punycode.ts';
export * from './record.ts';
export * from './txt.ts';
export * from './zone-rules.ts';
export * from './zone-file/index.ts';
export * from './apply-profile.ts';
