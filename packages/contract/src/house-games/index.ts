export * from './fair.ts';
export * from './slot.ts';
export * from './slot-rtp.ts';
export * from './dragon-tiger.ts';
export * from './games.ts';
export * from './originals.ts';
export * from './originals-rtp.ts';
export * from './calls.ts';
