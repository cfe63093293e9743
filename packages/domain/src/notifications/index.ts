export * from './types.js';
export * from './messages.js';
export * from './phi-guard.js';
export * from './settings.js';
