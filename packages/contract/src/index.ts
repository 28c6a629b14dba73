export * from './limits.js';
export * from './common.js';
export * from './user.js';
export * from './auth.js';
export * from './song.js';
export * from './live.js';
export * from './catalog.js';
export * from './queue.js';
