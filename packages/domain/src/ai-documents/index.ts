export * from './schemas.js';
export * from './messages.js';
export * from './automation.js';
export * from './period.js';
export * from './render.js';
