import { z } from 'zod';
import { messages } from '../platform/messages.js';
import { dayField } from './notes.js';

/**
 * Clinical export (Part 2 §2, §6, §7 and §8 "Clinical export"; issue 16; decision 093): a provider
 * exports a connected client's record for a period as a PDF a colleague can read, as a FHIR R4
 * Bundle other clinical systems read, or both. Built by a job; the files expire.
 */
export const clinicalExportFormats = ['pdf', 'fhir', 'both'] as const;
export type ClinicalExportFormat = (typeof clinicalExportFormats)[number];
/** The formats of a file (an export in 'both' has one of each). */
export type ClinicalFileFormat = Exclude<ClinicalExportFormat, 'both'>;

/** What an export may hold, in the order the PDF shows it. */
export const clinicalExportParts = ['entries', 'measures', 'goals', 'carePlans', 'notes'] as const;
export type ClinicalExportPart = (typeof clinicalExportParts)[number];
export const clinicalExportPartLabels: Record<ClinicalExportPart, string> = {
  entries: 'Journal entries and emotions',
  measures: 'Questionnaires (PHQ-9, GAD-7)',
  goals: 'Goals',
  carePlans: 'Care plans',
  notes: 'Signed notes',
};

export const clinicalExportStatuses = ['queued', 'processing', 'completed', 'failed', 'expired'] as const;
export type ClinicalExportStatus = (typeof clinicalExportStatuses)[number];

/** How long the files of an export are kept (Part 2 §8: then 404 '…has expired'). */
export const clinicalExportTtlHours = 24;
/** The longest period one export covers. */
export const clinicalExportMaxDays = 5 * 366;

/** Texts of Part 2 §8 "Clinical export" (exact), and ours where the spec is silent. */
export const clinicalExportMessages = {
  serviceUnavailable: 'Clinical export service not available. Please contact support.',
  noPermission: "You don't have permission to export clinical data for this patient.",
  initiateServerError: 'Server error occurred during export initiation. Please try again later.',
  notFound: 'Export file not found or has expired. Please generate a new export.',
  noDownloadPermission: "You don't have permission to download this export.",
  downloadServerError: 'Server error occurred during download. Please try again later.',
  downloadFailed: 'Download failed',
  templateFailed: 'Template download failed',
  started: 'Export started. It will be ready to download in a moment.',
  nothingIncluded: 'Choose at least one part of the record to include.',
  rangeOrder: 'Start date must be before end date',
  rangeTooLong: 'An export can cover at most 5 years.',
  failed: 'The export could not be built. Please try again.',
  pdfDisclaimer:
    'Exported from MindLedger for continuity of care. Journal entries and questionnaires are what the client recorded; questionnaire scores are screening results, not a diagnosis. Private journal entries are never included in a provider export.',
  ownDisclaimer:
    'Your own record from MindLedger, including your private entries. Questionnaire scores are screening results, not a diagnosis. Keep this file somewhere safe: it holds what you wrote.',
} as const;

const part = z.boolean({ error: 'Must be true or false' }).default(true);

/** POST provider/clinical-export/initiate. Period in the client's days; both ends optional. */
export const clinicalExportSchema = z
  .object({
    patientId: z.string({ error: messages.fieldRequired('Patient id') }).uuid(messages.invalidFormat),
    startDate: dayField.optional(),
    endDate: dayField.optional(),
    include: z
      .object({
        entries: part,
        measures: part,
        goals: part,
        carePlans: part,
        notes: part,
      })
      .default({ entries: true, measures: true, goals: true, carePlans: true, notes: true }),
    format: z.enum(clinicalExportFormats, { error: messages.oneOf(clinicalExportFormats) }).default('both'),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: clinicalExportMessages.rangeOrder,
    path: ['startDate'],
  })
  .refine((v) => !v.startDate || !v.endDate || daysBetween(v.startDate, v.endDate) < clinicalExportMaxDays, {
    message: clinicalExportMessages.rangeTooLong,
    path: ['endDate'],
  })
  .refine((v) => clinicalExportParts.some((p) => v.include[p]), {
    message: clinicalExportMessages.nothingIncluded,
    path: ['include'],
  });
export type ClinicalExportRequest = z.output<typeof clinicalExportSchema>;
export type ClinicalExportInput = z.input<typeof clinicalExportSchema>;

/** GET my-record?format=: the client's own copy, one format at a time. */
export const ownRecordQuerySchema = z.object({
  format: z.enum(['pdf', 'fhir'], { error: messages.oneOf(['pdf', 'fhir']) }).default('pdf'),
});

function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}

/** The files' formats of a requested format. */
export function clinicalFileFormats(format: ClinicalExportFormat): ClinicalFileFormat[] {
  return format === 'both' ? ['pdf', 'fhir'] : [format];
}

/** A download's file name: `clinical-record-maya-patel-2026-01-01-to-2026-03-31.pdf`. */
export function clinicalExportFileName(
  name: string,
  range: { start: string; end: string },
  format: ClinicalFileFormat,
): string {
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'client';
  return `clinical-record-${slug}-${range.start}-to-${range.end}.${format === 'pdf' ? 'pdf' : 'fhir.json'}`;
}
