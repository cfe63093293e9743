import { z } from 'zod';
import { nameText } from '../platform/fields.js';
import { acceptanceDocumentIds } from './documents.js';

/** The marketing authorization lasts three years from signing unless revoked first. */
export const marketingAuthorizationYears = 3;

/** When an authorization signed at `signedAt` ends by itself: the same instant three years later. */
export function marketingAuthorizationExpiry(signedAt: Date): Date {
  const end = new Date(signedAt.getTime());
  end.setUTCFullYear(end.getUTCFullYear() + marketingAuthorizationYears);
  // 29 February signed: JavaScript rolls to 1 March, which is the day after the 28th's anniversary.
  if (end.getUTCDate() !== signedAt.getUTCDate()) end.setUTCDate(0);
  return end;
}

export const marketingStatuses = ['none', 'active', 'revoked', 'expired'] as const;
export type MarketingStatus = (typeof marketingStatuses)[number];

/** Where an authorization stands at `now`: never signed, active, revoked, or past its three years. */
export function marketingStatus(
  row: { grantedAt: Date | null; expiresAt: Date | null; revokedAt: Date | null } | null | undefined,
  now: Date,
): MarketingStatus {
  if (!row?.grantedAt || !row.expiresAt) return 'none';
  if (row.revokedAt) return 'revoked';
  return now.getTime() < row.expiresAt.getTime() ? 'active' : 'expired';
}

export const legalMessages = {
  termsRequired: 'Please accept the Terms of Use and Privacy Policy to continue.',
  accepted: 'Thank you. Your acceptance is recorded.',
  versionNotCurrent:
    'This is not the current version of the document. Reload the page to read the current version.',
  researchOptedOut: 'You opted out: your de-identified data is no longer used for research.',
  researchOptedIn: 'Your de-identified data may be used for research again.',
  marketingGranted: 'Marketing authorization granted.',
  marketingRevoked: 'Marketing authorization revoked.',
  marketingAlreadyActive: 'Your marketing authorization is already active.',
  marketingNotActive: 'There is no active marketing authorization to revoke.',
  marketingAgreeRequired: 'Please confirm that you have read the authorization.',
  signatureRequired: 'Type your full name to sign',
} as const;

const version = z
  .string({ error: 'Version is required' })
  .trim()
  .min(1, 'Version is required')
  .max(20, 'Must not exceed 20 characters');

/** POST legal/accept: the documents and the versions the user read and accepts. */
export const acceptLegalSchema = z.object({
  documents: z
    .array(
      z.object({
        document: z.enum(acceptanceDocumentIds, {
          error: `Must be one of: ${acceptanceDocumentIds.join(', ')}`,
        }),
        version,
      }),
      { error: 'Documents are required' },
    )
    .min(1, 'Documents are required')
    .max(acceptanceDocumentIds.length, `At most ${acceptanceDocumentIds.length} documents`),
});
export type AcceptLegalInput = z.input<typeof acceptLegalSchema>;

/** PUT consents/research: opt out of (true) or back into (false) research use of de-identified data. */
export const researchConsentSchema = z.object({
  optOut: z.boolean({ error: 'optOut must be true or false' }),
});
export type ResearchConsentInput = z.input<typeof researchConsentSchema>;

/**
 * POST consents/marketing-authorization: the version of the authorization read, the confirmation
 * that it was read, and the signature (the typed full name, through the name sanitiser).
 */
export const marketingAuthorizationSchema = z.object({
  version,
  agree: z
    .boolean({ error: legalMessages.marketingAgreeRequired })
    .refine((agreed) => agreed, legalMessages.marketingAgreeRequired),
  signature: nameText('Signature'),
});
export type MarketingAuthorizationInput = z.input<typeof marketingAuthorizationSchema>;

/** What a client's consents look like in answers (GET consents and every change). */
export interface ConsentsView {
  research: { optedOut: boolean; updatedAt: string | null };
  marketing: {
    status: MarketingStatus;
    version: string | null;
    signature: string | null;
    grantedAt: string | null;
    expiresAt: string | null;
    revokedAt: string | null;
  };
  history: ConsentEventView[];
}

export const consentEventKinds = [
  'research_opt_out',
  'research_opt_in',
  'marketing_granted',
  'marketing_revoked',
] as const;
export type ConsentEventKind = (typeof consentEventKinds)[number];

export interface ConsentEventView {
  kind: ConsentEventKind;
  at: string;
  version: string | null;
  expiresAt: string | null;
}

/** One accepted document version (GET legal/acceptance). */
export interface AcceptedDocumentView {
  document: (typeof acceptanceDocumentIds)[number];
  title: string;
  version: string;
  acceptedAt: string;
  /** Whether this is the version in effect now. */
  current: boolean;
}

/** A document whose current version the user has not accepted yet. */
export interface PendingDocumentView {
  document: (typeof acceptanceDocumentIds)[number];
  title: string;
  version: string;
  effectiveDate: string;
}
