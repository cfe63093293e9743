/**
 * What other features use of the Initial Journey: the calls and the document viewer the provider's
 * Summaries tab reads shared documents with. The page itself is loaded lazily by the router.
 */
export { journeyApi, journeyKeys, type GeneratedDocument, type SharedSummary } from './api';
export { DocumentView } from './DocumentView';
