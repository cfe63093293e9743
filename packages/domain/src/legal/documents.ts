/**
 * The legal documents (issue 17; decision 094): their texts are Markdown files in `./texts/`
 * (each with a front matter of document, title, version and effective date), bundled by the web
 * app into the lazily loaded legal pages. This registry is what the server and the app shell need
 * without the texts: versions, effective dates, where each is shown, and each text's SHA-256, so
 * an acceptance records exactly which text was accepted and a text never changes without a new
 * version (documents.test.ts). texts/CHANGELOG.md lists every version.
 */
export const legalDocumentIds = ['terms', 'privacy', 'hipaa-notice', 'marketing-authorization'] as const;
export type LegalDocumentId = (typeof legalDocumentIds)[number];

/** The documents a user accepts (at registration, and again when a new version comes). */
export const acceptanceDocumentIds = ['terms', 'privacy'] as const satisfies readonly LegalDocumentId[];
export type AcceptanceDocumentId = (typeof acceptanceDocumentIds)[number];

export interface LegalDocumentInfo {
  id: LegalDocumentId;
  /** The document's own title (its first heading). */
  title: string;
  /** A short name for links and lists. */
  shortTitle: string;
  version: string;
  /** The day it takes effect, YYYY-MM-DD. */
  effectiveDate: string;
  /** SHA-256 (hex) of the Markdown file, front matter included. */
  sha256: string;
  /** The public page that shows it, signed in or not. */
  path: string;
  requiresAcceptance: boolean;
}

export const legalDocuments: Record<LegalDocumentId, LegalDocumentInfo> = {
  terms: {
    id: 'terms',
    title: 'Terms of Service',
    shortTitle: 'Terms of Service',
    version: '1.0',
    effectiveDate: '2025-02-01',
    sha256: '93be4f05e41ac3f4eaa5ff4c6a62983c8ce08c59582d080439a252e9dc7c6ee0',
    path: '/legal/terms',
    requiresAcceptance: true,
  },
  privacy: {
    id: 'privacy',
    title: 'Privacy Policy and Data Protection Framework',
    shortTitle: 'Privacy Policy',
    version: '1.1',
    effectiveDate: '2026-11-28',
    sha256: 'afda93a71e1933873d73be6b48a8e13048d86cf84ba32acb86abb50278a05584',
    path: '/legal/privacy',
    requiresAcceptance: true,
  },
  'hipaa-notice': {
    id: 'hipaa-notice',
    title: 'Notice of HIPAA Privacy Practices',
    shortTitle: 'HIPAA Notice of Privacy Practices',
    version: '1.0',
    effectiveDate: '2024-02-01',
    sha256: 'daac18d03e9e8b70258645f027238bdc675d6f9ba0ef6fafe8fe39e50c23030f',
    path: '/legal/hipaa-notice',
    requiresAcceptance: false,
  },
  'marketing-authorization': {
    id: 'marketing-authorization',
    title: 'HIPAA Marketing Authorization',
    shortTitle: 'HIPAA Marketing Authorization',
    version: '1.0',
    effectiveDate: '2025-02-01',
    sha256: '11c73539b1bc9367fd7dee5266cabfc95acc32d7dc96c3b06d7f4f335ac57bbe',
    path: '/legal/marketing-authorization',
    requiresAcceptance: false,
  },
};

export const isLegalDocumentId = (value: unknown): value is LegalDocumentId =>
  typeof value === 'string' && (legalDocumentIds as readonly string[]).includes(value);

/** The title the Terms modal must carry to offer 'Accept' (Part 2 §2, legal texts). */
export const termsModalTitle = 'Terms of Use';

/** The Terms modal's one button: 'Accept' when its title is 'Terms of Use', otherwise 'Close'. */
export function termsModalAction(title: string): 'Accept' | 'Close' {
  return title === termsModalTitle ? 'Accept' : 'Close';
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** '2025-02-01' → 'February 1, 2025' (a calendar day, no zone involved). */
export function formatLegalDate(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  const month = monthNames[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}, ${match[1]}` : day;
}

/** 'Version 1.0 · Effective February 1, 2025'. */
export function versionLine(info: Pick<LegalDocumentInfo, 'version' | 'effectiveDate'>): string {
  return `Version ${info.version} · Effective ${formatLegalDate(info.effectiveDate)}`;
}
