export {
  invalidContentText,
  formattingTags,
  sanitizeText,
  sanitizeName,
  type SanitizeTextOptions,
} from './text.js';
export {
  scanThreats,
  threatTypes,
  threatSeverities,
  type Threat,
  type ThreatScan,
  type ThreatSeverity,
  type ThreatType,
} from './threats.js';
export { isStorableText, storableText } from './storable.js';
// The email and phone checks of Part 1 §5 live with the other field rules; re-exported here so the
// sanitiser's callers find them in one place (the same bindings, so no duplicate export).
export { isValidEmail, isValidPhone } from '../platform/fields.js';
