export * from './rules.js';
export * from './document.js';
export * from './other-apps.js';
export * from './templates.js';
