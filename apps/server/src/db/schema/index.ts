export * from './users.js';
export * from './connections.js';
export * from './platform.js';
export * from './goals.js';
export * from './journal.js';
export * from './jobs.js';
export * from './billing.js';
export * from './notifications.js';
