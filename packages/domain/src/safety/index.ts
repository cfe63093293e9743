export * from './risk.js';
export * from './crisis-lines.js';
export * from './resources.js';
