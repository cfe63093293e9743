/**
 * Legal documents and consents (issue 17; decision 094): the public legal pages, the Terms modal,
 * the gate that asks for a new version's acceptance after sign-in, and Privacy and consents.
 */
export { LegalGate, pathsOpenBeforeAcceptance } from './LegalGate';
export { TermsModal } from './TermsModal';
export { LegalFooterLinks } from './LegalFooterLinks';
