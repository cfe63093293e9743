export * from './risk.js';
export * from './resources.js';
