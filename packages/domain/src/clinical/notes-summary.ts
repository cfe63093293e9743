import { z } from 'zod';
import { optionalMultilineText, optionalPlainText } from '../platform/fields.js';
import { lengths, messages } from '../platform/messages.js';
import { dayField } from './notes.js';

/**
 * AI summaries of a client's notes (Part 2 §7 generate-notes-summary, get-patient-notes-summary,
 * update-patient-notes-summary; docs/API-clinical-notes.md): one JSON shape (`jsonSummary`) and
 * its markup for the summary renderer (`noteSum`). Every point names where it came from; nothing in
 * it is a diagnosis.
 */
export const summaryRanges = [
  { label: '1 Week', days: 7 },
  { label: '2 Weeks', days: 14 },
  { label: '30 Days', days: 30 },
  { label: '90 Days', days: 90 },
] as const;
export type SummaryRangeLabel = (typeof summaryRanges)[number]['label'];
export const summaryRangeLabels = summaryRanges.map((r) => r.label) as [
  SummaryRangeLabel,
  ...SummaryRangeLabel[],
];
export const defaultSummaryRange: SummaryRangeLabel = '30 Days';

export const summarySourceTypes = ['note', 'journal', 'document'] as const;
export type SummarySourceType = (typeof summarySourceTypes)[number];

const text = (max = 4000) => z.string().trim().min(1).max(max);

export const summarySourceSchema = z.object({
  type: z.enum(summarySourceTypes),
  id: z.string().max(64),
  /** How the source reads in a list: 'Progress Note, 12 Nov 2026'. */
  label: text(300),
});
export type SummarySource = z.infer<typeof summarySourceSchema>;

export const summaryPointSchema = z.object({
  text: text(2000),
  sources: z.array(summarySourceSchema).max(20),
});

export const notesSummarySchema = z.object({
  title: text(200),
  range: z.object({ start: z.string().max(10), end: z.string().max(10) }),
  overview: text(4000),
  sections: z.array(z.object({ heading: text(200), points: z.array(summaryPointSchema).max(20) })).max(12),
  basedOn: z.object({
    notes: z.number().int().min(0),
    journalEntries: z.number().int().min(0),
    sharedDocuments: z.number().int().min(0),
  }),
  disclaimer: text(2000),
});
export type NotesSummary = z.infer<typeof notesSummarySchema>;

export const notesSummaryMessages = {
  notFound: 'Summary not found',
  generated: 'Notes summary generated.',
  updated: 'Summary updated.',
  refined: 'Summary refined.',
  nothingToSummarise: 'There are no notes in this range to summarise.',
  refinementRequired: 'Say how the summary should be refined.',
  summaryRequired: 'Summary is required',
  rangeOrder: 'Start date must be before end date',
  disclaimer:
    'Generated from your notes and what the client shared with you, to help you review them. It is not a diagnosis or a treatment recommendation; check it against the records before relying on it.',
  /** Under a summary a provider shared, as the client reads it. */
  clientDisclaimer:
    'Your provider shared this summary of their notes from your sessions to support your care. It was prepared with the help of AI and reviewed by your provider; it is not a diagnosis. Ask your provider about anything in it.',
  /** The local engine's refinements; an OpenAI-compatible endpoint takes any instruction. */
  unknownRefinement:
    'The built-in summariser can make a summary shorter, more detailed, or focused on a topic (for example "focus on sleep").',
} as const;

export const summaryEditModes = ['manual', 'refine'] as const;
export type SummaryEditMode = (typeof summaryEditModes)[number];

/** POST generate-notes-summary. */
export const generateNotesSummarySchema = z
  .object({
    patientId: z.string({ error: messages.fieldRequired('Patient id') }).uuid(messages.invalidFormat),
    range: z.enum(summaryRangeLabels, { error: messages.oneOf(summaryRangeLabels) }).optional(),
    startDate: dayField.optional(),
    endDate: dayField.optional(),
  })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    message: 'Start date must be before end date',
    path: ['startDate'],
  });

/** PUT update-patient-notes-summary/{id} {noteSum, jsonSummary, editMode, refinmentDetails}. */
export const updateNotesSummarySchema = z.object({
  noteSum: optionalMultilineText(lengths.longText),
  jsonSummary: notesSummarySchema.optional(),
  editMode: z.enum(summaryEditModes, { error: messages.oneOf(summaryEditModes) }).default('manual'),
  refinmentDetails: optionalPlainText(lengths.mediumText),
});

function sourceList(sources: readonly SummarySource[]): string {
  if (sources.length === 0) return '';
  const shown = sources.slice(0, 3).map((s) => s.label);
  const more = sources.length > 3 ? ` and ${sources.length - 3} more` : '';
  return ` (from ${shown.join('; ')}${more})`;
}

/** The summary as markup for the summary renderer (headings '#', bullets '-', bold '**'). */
export function notesSummaryMarkup(summary: NotesSummary): string {
  const lines = [
    `# ${summary.title}`,
    `**${summary.range.start} to ${summary.range.end}**`,
    summary.overview,
  ];
  for (const section of summary.sections) {
    lines.push(`## ${section.heading}`);
    for (const point of section.points) lines.push(`- ${point.text}${sourceList(point.sources)}`);
  }
  // The disclaimer is the reader's (provider or client), shown under the text by the viewer.
  return lines.join('\n');
}

/** Local day range of a preset ending `today` (inclusive): '1 Week' is today and the 6 days before. */
export function summaryRangeDays(label: SummaryRangeLabel, today: string): { start: string; end: string } {
  const days = summaryRanges.find((r) => r.label === label)?.days ?? 30;
  const end = new Date(`${today}T00:00:00Z`);
  const start = new Date(end.getTime() - (days - 1) * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: today };
}
