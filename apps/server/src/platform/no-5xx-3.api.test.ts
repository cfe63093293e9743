import { registerNo5xxTests } from '../../test/property/no-5xx.js';

/**
 * No route answers 5xx, whatever a caller sends (issue 10): share 3 of 3 of the routes of the
 * OpenAPI document, so the shares can run in parallel. PROPERTY_RUNS sets the cases per route.
 */
await registerNo5xxTests(2, 3);
