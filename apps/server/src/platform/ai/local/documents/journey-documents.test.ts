import { aiDocumentMessages, aiDocumentSchemas, type AiDocuments } from '@mindledger/domain';
import { describe, expect, it } from 'vitest';
import { journeyTopics } from '../../journey-topics.js';
import type { JourneyInput } from '../../port.js';
import { LocalAi } from '../engine.js';
import { localDocument } from './index.js';
import { journeyFacts } from './journey-facts.js';
import {
  emptyJourneyInput,
  fullAnswers,
  fullConversation,
  journeyInput,
  thinJourneyInput,
} from './test-fixtures.js';
import { expectFilled, expectNoInventedNames, expectQuotesFrom, stringsOf } from './test-grounding.js';

const kinds = ['therapistProfile', 'interviewGuide', 'emailTemplate', 'selfReflectionSummary'] as const;
type JourneyKind = (typeof kinds)[number];

/** What the client wrote: the only text a document may quote. */
const userSources = (input: JourneyInput) => [
  ...input.conversation.filter((m) => m.role === 'user').map((m) => m.text),
  ...input.goals.map((g) => g.text),
];
/** Everything in the input a document may name. */
const allSources = (input: JourneyInput) => [
  ...userSources(input),
  input.firstName,
  input.timeZone,
  ...input.recentEmotions.map((e) => e.name),
];
const build = <K extends JourneyKind>(kind: K, input: JourneyInput) =>
  localDocument(kind, input) as AiDocuments[K];
const textOf = (doc: unknown) => stringsOf(doc).join('\n');

describe.each(kinds)('local %s', (kind) => {
  for (const [name, input] of [
    ['full', journeyInput],
    ['thin', thinJourneyInput],
    ['empty', emptyJourneyInput],
  ] as const) {
    it(`validates against its schema with every field filled (${name} input)`, () => {
      const doc = build(kind, input);
      expect(aiDocumentSchemas[kind].safeParse(doc).success).toBe(true);
      expectFilled(doc);
    });

    it(`is deterministic (${name} input)`, () => {
      expect(JSON.stringify(build(kind, structuredClone(input)))).toBe(JSON.stringify(build(kind, input)));
    });

    it(`quotes only the client's own words and names nothing that is not in the input (${name})`, () => {
      const doc = build(kind, input);
      expectQuotesFrom(doc, userSources(input));
      expectNoInventedNames(doc, allSources(input));
    });
  }

  it('carries the AI disclaimer', () => {
    const doc = build(kind, journeyInput) as { disclaimer?: unknown };
    const disclaimer =
      kind === 'selfReflectionSummary' ? (doc.disclaimer as { personal: string }).personal : doc.disclaimer;
    expect(disclaimer).toBe(aiDocumentMessages.disclaimer);
  });

  it('uses the first name only, never the rest of the name', () => {
    const text = textOf(build(kind, journeyInput));
    expect(text).not.toMatch(/Rodriguez/);
  });

  it('never quotes the assistant’s questions', () => {
    const quotes = [...textOf(build(kind, journeyInput)).matchAll(/“([^”]*)”/g)].map((m) => m[1]!);
    for (const q of quotes) {
      for (const topic of journeyTopics) expect(topic.question).not.toContain(q.replace(/…/g, ''));
    }
  });
});

describe('grounding in the Initial Journey answers', () => {
  it('reads every topic of a full conversation', () => {
    const facts = journeyFacts(journeyInput);
    expect(facts.missing).toEqual([]);
    expect(facts.format?.kind).toBe('online');
    expect(facts.languages.map((l) => l.label)).toEqual(['English', 'Spanish']);
    expect(facts.approaches.map((a) => a.label)).toEqual(['cognitive behavioural therapy (CBT)', 'EMDR']);
    expect(facts.concerns.map((c) => c.label)).toContain('anxiety and worry');
    expect(facts.times.map((t) => t.label)).not.toContain('Mondays'); // "except Mondays"
    expect(facts.budget.map((b) => b.label)).toContain('insurance');
  });

  it('says plainly what a thin conversation has not said, instead of inventing it', () => {
    const profile = build('therapistProfile', thinJourneyInput);
    expect(profile.logistical_factors.format.requirements).toEqual([
      "You haven't said yet which session format you prefer.",
    ]);
    expect(profile.logistical_factors.scheduling.preferred_times[0]).toMatch(/You haven't said yet/);
    expect(profile.match_priorities.communication_style.preferences[0]).toMatch(/You haven't said yet/);
    expect(profile.logistical_factors.language[0]).toMatch(/You haven't said/);
    expect(profile.provider_parameters.expertise_areas).toEqual([
      "What you shared about why you're looking: “Things have been hard lately.”",
    ]);
    const text = textOf(profile);
    expect(text).not.toMatch(/online \(video\)|in-person sessions|CBT|Spanish|evenings/i);
    const reflection = build('selfReflectionSummary', thinJourneyInput);
    expect(reflection.narrativeSummary.content).toMatch(/shared only a little so far/);
  });

  it('keeps the time zone from the profile and the answers about location as said', () => {
    const profile = build('therapistProfile', journeyInput);
    expect(profile.logistical_factors.location.time_zone).toBe('America/Denver');
    expect(profile.logistical_factors.location.preferences).toEqual([
      "In your words: “I'm in Denver, so Mountain time.”",
    ]);
  });

  it('reads a negated format as the other one, and "either" as either', () => {
    const answers = [...fullAnswers];
    answers[2] = "I'd rather not do online, my home is too busy. In person please.";
    expect(journeyFacts({ ...journeyInput, conversation: fullConversation(answers) }).format?.kind).toBe(
      'in person',
    );
    answers[2] = 'Honestly either would work for me.';
    expect(journeyFacts({ ...journeyInput, conversation: fullConversation(answers) }).format?.kind).toBe(
      'either',
    );
  });

  it('treats a skipped answer as not said', () => {
    const answers = [...fullAnswers];
    answers[8] = 'skip';
    const facts = journeyFacts({ ...journeyInput, conversation: fullConversation(answers) });
    expect(facts.missing).toEqual(['budget']);
    expect(
      textOf(build('interviewGuide', { ...journeyInput, conversation: fullConversation(answers) })),
    ).not.toMatch(/Aetna|skip/);
  });

  it('quotes an answer the lexicon has no words for rather than guessing', () => {
    const answers = [...fullAnswers];
    answers[6] = 'Someone who reminds me of my grandmother.';
    const profile = build('therapistProfile', { ...journeyInput, conversation: fullConversation(answers) });
    expect(profile.match_priorities.communication_style.preferences).toEqual([
      'In your words: “Someone who reminds me of my grandmother.”',
    ]);
  });
});

describe('with nothing said and no name', () => {
  it('invents no name and says what is missing', () => {
    const email = build('emailTemplate', emptyJourneyInput);
    expect(email.email_content.signature.name).toBe('[Your name]');
    expect(email.email_content.opening_paragraph).toMatch(/^I am looking for a therapist/);
    expect(email.email_content.personal_context).toBe(
      '[Add a sentence or two about what brings you to therapy.]',
    );
    expect(build('therapistProfile', emptyJourneyInput).profile_info.client_name).toBe('You');
    expect(build('selfReflectionSummary', emptyJourneyInput).sections[0]?.primaryItems).toEqual([
      "You haven't said yet what brings you to therapy.",
    ]);
  });
});

describe('the email template', () => {
  it('uses placeholders, never a made-up therapist, and signs with the first name', () => {
    const email = build('emailTemplate', journeyInput);
    expect(email.email_content.greeting).toBe("Dear [Therapist's name],");
    expect(email.email_content.signature.name).toBe('Maya');
    expect(email.email_content.signature.contact_placeholder).toBe('[Your phone or email]');
    expect(email.email_template.creation_date).toBe('Mar 4, 2026');
    expect(email.email_content.connection_request).toMatch(/online sessions/);
    expect(email.email_content.connection_request).toMatch(/America\/Denver/);
  });
});

describe('the interview guide', () => {
  it('numbers its questions and asks about what the client raised', () => {
    const guide = build('interviewGuide', journeyInput);
    expect(guide.questions.map((q) => q.number)).toEqual(guide.questions.map((_, i) => i + 1));
    const text = textOf(guide);
    expect(text).toMatch(/anxiety and worry/);
    expect(text).toMatch(/Can we hold our sessions in Spanish\?/);
    expect(guide.conclusion).toMatch(/bring this guide to your consultation/);
  });
});

describe('LocalAi.generate', () => {
  it('returns the validated document with the engine, version and clock', async () => {
    const at = new Date('2026-03-04T18:00:00Z');
    const generated = await new LocalAi({ now: () => at }).generate({
      kind: 'interviewGuide',
      input: journeyInput,
    });
    expect(generated).toMatchObject({
      model: 'local-engine',
      promptVersion: 'local-documents-v1',
      generatedAt: at,
    });
    expect(generated.document).toEqual(build('interviewGuide', journeyInput));
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    const reason = new Error('gone');
    controller.abort(reason);
    await expect(
      new LocalAi().generate({ kind: 'therapistProfile', input: journeyInput, signal: controller.signal }),
    ).rejects.toBe(reason);
  });
});

describe('the grounding checks themselves', () => {
  it('catch a made-up name and a quote that is not in the input', () => {
    expect(() => expectNoInventedNames({ a: 'You could ask Dr Hartwell.' }, ['I feel anxious.'])).toThrow(
      /Hartwell/,
    );
    expect(() => expectQuotesFrom({ a: 'You said “I love my job”.' }, ['I feel anxious.'])).toThrow();
  });
});
