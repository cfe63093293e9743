import { registerNo5xxTests } from '../../test/property/no-5xx.js';

/**
 * No route answers 5xx, whatever a caller sends: share 4 of 6 of the routes of the OpenAPI document
 * (six files, so that the two test workers stay busy to the end). PROPERTY_RUNS sets the cases per
 * route.
 */
await registerNo5xxTests(3, 6);
