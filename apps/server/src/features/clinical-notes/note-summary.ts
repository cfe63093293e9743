import type { FastifyRequest } from 'fastify';
import { noteDefaults, noteMessages, type NotesSummary } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import type { NotesSummaryInput } from '../../platform/ai/index.js';
import { badRequest } from '../../platform/errors.js';
import type { AccessClaims } from '../../platform/tokens.js';
import type { ClinicalNotesService } from './service.js';

/** The points of a one-note summary as a short paragraph (the note's AIsummary field). */
export function summaryParagraph(summary: NotesSummary, fallback: string): string {
  const points = summary.sections
    .filter((s) => s.heading !== 'Recommendations and follow-up')
    .flatMap((s) => s.points.map((p) => p.text.trim()))
    .filter((p, i, all) => p && all.indexOf(p) === i)
    .slice(0, 4)
    .map((p) => (/[.!?]$/.test(p) ? p : `${p}.`));
  return points.length ? points.join(' ') : fallback;
}

/**
 * POST generate-ai-summary: a short summary of one note (the draft's words, or a saved note of the
 * provider's) for its AIsummary field, through the AI port's notes summary. Extractive offline:
 * sentences of the note itself.
 */
export class NoteSummaryWriter {
  constructor(
    private readonly ctx: AppContext,
    private readonly notes: ClinicalNotesService,
  ) {}

  async summarise(
    request: FastifyRequest,
    actor: AccessClaims,
    body: { noteId?: string; notes?: string; additionalNotes?: string },
    signal: AbortSignal,
  ): Promise<{ summary: string; AIsummary: string }> {
    let text = [body.notes, body.additionalNotes].filter(Boolean).join('\n');
    let title: string = noteDefaults.title;
    let date = this.ctx.clock.now().toISOString().slice(0, 10);
    let id = 'draft';
    if (body.noteId) {
      const note = await this.notes.get(request, actor, body.noteId);
      text = [note.notes, note.additionalNotes].filter(Boolean).join('\n');
      ({ title, date, id } = note);
    }
    if (!text.trim()) throw badRequest(noteMessages.noteTextRequired);
    const input: NotesSummaryInput = {
      clientFirstName: 'the client',
      today: date,
      start: date,
      end: date,
      notes: [
        {
          id,
          date,
          time: '',
          title,
          text,
          recommendations: [],
          frequency: noteDefaults.frequency,
          signed: false,
          priority: 'normal',
        },
      ],
      journal: { entries: 0, emotions: [], sentiment: { positive: 0, neutral: 0, negative: 0 } },
      documents: [],
    };
    const generated = await this.ctx.ai.generate({ kind: 'notesSummary', input, signal });
    const fallback = text.replace(/\s+/g, ' ').trim().slice(0, 400);
    const summary = summaryParagraph(generated.document, fallback);
    return { summary, AIsummary: summary };
  }
}
