export * from './plans.js';
export * from './money.js';
export * from './promo.js';
export * from './schemas.js';
export * from './responses.js';
export * from './messages.js';
export * from './trial.js';
