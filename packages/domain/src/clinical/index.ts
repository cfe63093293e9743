export * from './notes.js';
export * from './todos.js';
export * from './care-plan.js';
export * from './notes-summary.js';
export * from './icd10.js';
export * from './icd10-f-codes.js';
export * from './export.js';
