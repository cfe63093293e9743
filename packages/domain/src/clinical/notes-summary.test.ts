import { describe, expect, it } from 'vitest';
import {
  generateNotesSummarySchema,
  notesSummaryMarkup,
  notesSummarySchema,
  summaryRangeDays,
  summaryRangeLabels,
  updateNotesSummarySchema,
  type NotesSummary,
} from './notes-summary.js';
import { parseSummaryMarkup } from '../ai-documents/render.js';

const summary: NotesSummary = {
  title: 'Notes Summary: Iris',
  range: { start: '2026-11-01', end: '2026-11-25' },
  overview: '3 notes (2 signed).',
  sections: [
    {
      heading: 'Across the sessions',
      points: [
        {
          text: 'Sleep improved after reducing screens.',
          sources: [{ type: 'note', id: 'n1', label: 'Progress Note, Nov 12, 2026' }],
        },
        { text: 'No source here.', sources: [] },
      ],
    },
  ],
  basedOn: { notes: 3, journalEntries: 0, sharedDocuments: 0 },
  disclaimer: 'Not a diagnosis.',
};

describe('notes summaries', () => {
  it('offers the spec ranges and computes them inclusively', () => {
    expect(summaryRangeLabels).toEqual(['1 Week', '2 Weeks', '30 Days', '90 Days']);
    expect(summaryRangeDays('1 Week', '2026-11-25')).toEqual({ start: '2026-11-19', end: '2026-11-25' });
    expect(summaryRangeDays('90 Days', '2026-03-01')).toEqual({ start: '2025-12-02', end: '2026-03-01' });
  });

  it('writes markup the summary renderer reads, naming the sources', () => {
    expect(notesSummarySchema.safeParse(summary).success).toBe(true);
    const markup = notesSummaryMarkup(summary);
    expect(markup.split('\n')[0]).toBe('# Notes Summary: Iris');
    expect(markup).toContain('- Sleep improved after reducing screens. (from Progress Note, Nov 12, 2026)');
    expect(markup).toContain('- No source here.');
    const lines = parseSummaryMarkup(markup);
    expect(lines.filter((l) => l.type === 'heading')).toHaveLength(2);
    expect(lines.filter((l) => l.type === 'bullet')).toHaveLength(2);
  });

  it('reads generation and update requests', () => {
    const id = '7c1b2b1e-8d8f-4d3a-9d51-6f0b8e1a2c3d';
    expect(generateNotesSummarySchema.safeParse({ patientId: id, range: '2 Weeks' }).success).toBe(true);
    expect(generateNotesSummarySchema.safeParse({ patientId: id, range: '1 Year' }).success).toBe(false);
    const reversed = generateNotesSummarySchema.safeParse({
      patientId: id,
      startDate: '2026-02-01',
      endDate: '2026-01-01',
    });
    expect(reversed.error!.issues[0]!.message).toBe('Start date must be before end date');
    expect(updateNotesSummarySchema.parse({ noteSum: '# Hi <script>x</script>' })).toEqual({
      noteSum: '# Hi',
      editMode: 'manual',
    });
    expect(updateNotesSummarySchema.parse({ noteSum: '# A\n- b **c**' }).noteSum).toBe('# A\n- b **c**');
  });
});
