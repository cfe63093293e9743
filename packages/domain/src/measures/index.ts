export * from './instruments.js';
export * from './scoring.js';
export * from './schemas.js';
export * from './flag-text.js';
