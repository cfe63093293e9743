export * from './documents.js';
export * from './markdown.js';
export * from './consents.js';
export * from './public-info.js';
