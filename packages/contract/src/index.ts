export * from './envelope.ts';
export * from './call.ts';
export * from './constants.ts';
export * from './patterns.ts';
export * from './brand.ts';
export * from './system.ts';
export * from './notices.ts';
export * from './registry.ts';
