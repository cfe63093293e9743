import { assessRisk, notesSummaryMessages, type NotesSummary } from '@mindledger/domain';
import { badRequest } from '../../../errors.js';
import type { NotesSummaryInput } from '../../port.js';
import {
  noteSource,
  recommendationsOf,
  scoredSentences,
  stem,
  topSentences,
  wordsOf,
} from './clinical-text.js';
import { listOf } from './text.js';

type Section = NotesSummary['sections'][number];
type Point = Section['points'][number];

export interface SummaryOptions {
  length: 'short' | 'normal' | 'long';
  /** Topic words to focus on ("sleep"). */
  focus?: string[];
}

const themeCounts = { short: 2, normal: 5, long: 9 } as const;

/**
 * What the built-in summariser understands of a refinement: shorter, more detailed, or a focus
 * ("focus on sleep"). Anything else is refused with the list of what it can do (an
 * OpenAI-compatible endpoint takes any instruction).
 */
export function refinementOptions(instruction: string): SummaryOptions {
  const text = instruction.toLowerCase();
  const focus = /\b(?:focus(?:ed|ing)?\s+(?:more\s+)?on|about|emphasi[sz]e|only)\s+(.+)$/.exec(text)?.[1];
  const short = /\b(short|shorter|brief|briefer|concise|condense|less|summari[sz]e)\b/.test(text);
  const long = /\b(long|longer|detail|detailed|more detail|expand|elaborate|fuller)\b/.test(text);
  const topic = focus ? wordsOf(focus).concat(focus.match(/\b[a-z]{3}\b/g) ?? []) : [];
  if (!short && !long && topic.length === 0) throw badRequest(notesSummaryMessages.unknownRefinement);
  return { length: short ? 'short' : long ? 'long' : 'normal', focus: topic.length ? topic : undefined };
}

function themes(input: NotesSummaryInput, options: SummaryOptions): Section | null {
  const sentences = scoredSentences(input.notes);
  const picked = topSentences(sentences, themeCounts[options.length]);
  if (picked.length === 0) return null;
  return {
    heading: 'Across the sessions',
    points: picked.map((s) => ({ text: s.text, sources: [noteSource(s.note)] })),
  };
}

function focusSection(input: NotesSummaryInput, topic: string[], options: SummaryOptions): Section {
  const stems = topic.map(stem);
  const about = scoredSentences(input.notes).filter((s) =>
    wordsOf(s.text).some((w) => stems.some((t) => w.startsWith(t))),
  );
  const picked = topSentences(about, themeCounts[options.length] + 2);
  const name = topic.join(' ');
  return {
    heading: `Focus: ${name}`,
    points: picked.length
      ? picked.map((s) => ({ text: s.text, sources: [noteSource(s.note)] }))
      : [{ text: `The notes in this range do not mention ${name}.`, sources: [] }],
  };
}

function flagged(input: NotesSummaryInput): Section | null {
  const points: Point[] = [];
  for (const note of input.notes) {
    const marks = [
      note.priority === 'urgent' || note.priority === 'high' ? `marked ${note.priority} priority` : '',
      note.category === 'emergency' ? 'filed as an emergency note' : '',
    ].filter(Boolean);
    if (marks.length) points.push({ text: `This note is ${listOf(marks)}.`, sources: [noteSource(note)] });
  }
  for (const s of scoredSentences(input.notes)) {
    if (assessRisk(s.text).level !== 'none') points.push({ text: s.text, sources: [noteSource(s.note)] });
  }
  return points.length ? { heading: 'Flagged in the notes', points: points.slice(0, 12) } : null;
}

function recommendations(input: NotesSummaryInput, options: SummaryOptions): Section | null {
  const found = recommendationsOf(input.notes).slice(0, options.length === 'short' ? 3 : 10);
  const latest = input.notes.at(-1);
  const points: Point[] = found.map((r) => ({ text: r.text, sources: r.notes.slice(0, 5).map(noteSource) }));
  if (latest)
    points.push({
      text: `Follow-up frequency in the latest note: ${latest.frequency}.`,
      sources: [noteSource(latest)],
    });
  return points.length ? { heading: 'Recommendations and follow-up', points } : null;
}

function journal(input: NotesSummaryInput): Section | null {
  const { entries, emotions, sentiment } = input.journal;
  if (entries === 0) return null;
  const points: Point[] = [
    {
      text: `${entries} journal ${entries === 1 ? 'entry' : 'entries'} shared in this range: ${sentiment.positive} positive, ${sentiment.neutral} neutral and ${sentiment.negative} negative.`,
      sources: [],
    },
  ];
  if (emotions.length)
    points.push({
      text: `Emotions checked in most often: ${listOf(emotions.slice(0, 4).map((e) => `${e.name} (${e.count})`))}.`,
      sources: [],
    });
  return { heading: 'From the client’s journal', points };
}

function documents(input: NotesSummaryInput): Section | null {
  if (input.documents.length === 0) return null;
  return {
    heading: 'Shared by the client',
    points: input.documents.slice(0, 10).map((d) => ({
      text: `${d.label} was shared with you.`,
      sources: [{ type: 'document', id: d.id, label: d.label }],
    })),
  };
}

function shorterVersion(previous: NotesSummary): NotesSummary {
  return {
    ...previous,
    overview: previous.overview.split(/(?<=[.!?])\s+/)[0] ?? previous.overview,
    sections: previous.sections.map((s) => ({
      ...s,
      points: s.points.slice(0, Math.max(1, Math.ceil(s.points.length / 2))),
    })),
  };
}

/**
 * A summary of the provider's notes about a client over a range, extractive: every point is a
 * sentence or recommendation of a note (named in its sources) or a count of what the client shared.
 */
export function notesSummary(input: NotesSummaryInput): NotesSummary {
  const options = input.refine ? refinementOptions(input.refine.instruction) : { length: 'normal' as const };
  if (input.refine && options.length === 'short' && !options.focus)
    return shorterVersion(input.refine.previous);
  const signed = input.notes.filter((n) => n.signed).length;
  const count = input.notes.length;
  const overview = [
    `${count} ${count === 1 ? 'note' : 'notes'} (${signed} signed) about ${input.clientFirstName} from ${input.start} to ${input.end}.`,
    count
      ? `Each point below is taken from the notes it names; read them for the full context.`
      : 'There are no notes in this range.',
  ].join(' ');
  const sections = [
    options.focus ? focusSection(input, options.focus, options) : null,
    themes(input, options.focus ? { length: 'short' } : options),
    flagged(input),
    recommendations(input, options),
    journal(input),
    documents(input),
  ].filter((s): s is Section => s !== null);
  return {
    title: `Notes Summary: ${input.clientFirstName}`,
    range: { start: input.start, end: input.end },
    overview,
    sections,
    basedOn: {
      notes: count,
      journalEntries: input.journal.entries,
      sharedDocuments: input.documents.length,
    },
    disclaimer: notesSummaryMessages.disclaimer,
  };
}
