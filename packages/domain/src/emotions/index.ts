export * from './types.js';
export * from './catalogue.js';
export * from './simple.js';
export * from './moods.js';
export * from './core-words.js';
export * from './core-mapping.js';
export * from './sentiment.js';
export * from './prompts.js';
