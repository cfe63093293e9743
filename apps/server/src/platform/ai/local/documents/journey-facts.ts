import { answersByTopic, journeyTopics, type JourneyTopic } from '../../journey-topics.js';
import type { JourneyInput } from '../../port.js';
import { feelingsIn } from '../lexicon.js';
import {
  approachTerms,
  budgetTerms,
  communicationTerms,
  concernTerms,
  cultureTerms,
  flexibilityTerm,
  formatTerms,
  hopeTerms,
  languageTerms,
  negatedAt,
  skipPattern,
  timeTerms,
  type Term,
} from './journey-lexicon.js';
import { collapse, firstNameOf, quote, sentenceAt, uniqueBy } from './text.js';

/** A label the lexicon found and the user's own sentence it was found in. */
export interface Found {
  label: string;
  /** “…”: a quote of the user's words (a substring of the conversation). */
  quote: string;
}

export type SessionFormat = 'online' | 'in person' | 'either';

/** What the Initial Journey conversation says, read with the lexicon: the documents' only facts. */
export interface JourneyFacts {
  firstName: string;
  timeZone: string;
  today: string;
  /** Each topic's answer (the user's turns after that question), skipped answers left out. */
  answers: Partial<Record<JourneyTopic, string>>;
  /** Topics with no answer (never asked, or skipped). */
  missing: JourneyTopic[];
  concerns: Found[];
  culture: Found[];
  hopes: Found[];
  format?: { kind: SessionFormat; quote: string };
  languages: Found[];
  times: Found[];
  flexibility?: Found;
  communication: Found[];
  approaches: Found[];
  budget: Found[];
  /** Feeling words the user wrote (lexicon words, in order). */
  feelings: string[];
  goals: string[];
  recentEmotions: { name: string; count: number }[];
  /** All the user's turns, for a seed. */
  userText: string;
}

/** Terms found in `text`, each with the sentence it came from; negated mentions skipped. */
export function findTerms(text: string, terms: readonly Term[], max = 6): Found[] {
  const clean = collapse(text);
  const found: { at: number; found: Found }[] = [];
  for (const term of terms) {
    const pattern = new RegExp(term.pattern.source, term.pattern.flags.replace('g', '') + 'g');
    for (const match of clean.matchAll(pattern)) {
      if (term.negatable !== false && negatedAt(clean, match.index)) continue;
      found.push({ at: match.index, found: { label: term.label, quote: sentenceAt(clean, match.index) } });
      break;
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.found)
    .slice(0, max);
}

function sessionFormat(text: string): JourneyFacts['format'] {
  if (!text) return undefined;
  const [either] = findTerms(text, [formatTerms.either]);
  const [online] = findTerms(text, [formatTerms.online]);
  const [inPerson] = findTerms(text, [formatTerms.inPerson]);
  if (either || (online && inPerson)) {
    return { kind: 'either', quote: (either ?? online ?? inPerson)!.quote };
  }
  if (online) return { kind: 'online', quote: online.quote };
  if (inPerson) return { kind: 'in person', quote: inPerson.quote };
  return undefined;
}

const isSkip = (text: string) => skipPattern.test(text) && collapse(text).split(' ').length <= 6;

export function journeyFacts(input: JourneyInput): JourneyFacts {
  const turns = answersByTopic(input.conversation);
  const answers: Partial<Record<JourneyTopic, string>> = {};
  turns.forEach((turn, i) => {
    // An opening message before any question is an answer to "what brings you here" if it says something.
    const topic =
      turn.topic ?? (i === 0 && collapse(turn.text).split(' ').length >= 5 ? 'reasons' : undefined);
    if (!topic || isSkip(turn.text) || !collapse(turn.text)) return;
    answers[topic] = answers[topic] ? `${answers[topic]} ${collapse(turn.text)}` : collapse(turn.text);
  });
  const userText = turns.map((t) => collapse(t.text)).join(' ');
  const about = (...topics: JourneyTopic[]) =>
    topics
      .map((t) => answers[t] ?? '')
      .join(' ')
      .trim();
  const flexibility = findTerms(answers.timing ?? '', [flexibilityTerm])[0];

  return {
    firstName: firstNameOf(input.firstName),
    timeZone: input.timeZone,
    today: input.today,
    answers,
    missing: journeyTopics.map((t) => t.id).filter((id) => !answers[id]),
    concerns: findTerms(about('reasons', 'hopes') || userText, concernTerms),
    culture: findTerms(userText, cultureTerms, 4),
    hopes: findTerms(answers.hopes ?? '', hopeTerms, 4),
    format: sessionFormat(answers.format ?? '') ?? sessionFormat(about('location', 'timing')),
    languages: uniqueBy(findTerms(answers.language ?? '', languageTerms, 4), (f) => f.label),
    times: findTerms(answers.timing ?? '', timeTerms, 6),
    ...(flexibility ? { flexibility } : {}),
    communication: findTerms(answers.communication ?? '', communicationTerms, 5),
    approaches: findTerms(userText, approachTerms, 6),
    budget: findTerms(answers.budget ?? '', budgetTerms, 3),
    feelings: uniqueBy(feelingsIn(userText), (f) => f.word)
      .map((f) => f.word)
      .slice(0, 6),
    goals: input.goals.map((g) => collapse(g.text)).filter(Boolean),
    recentEmotions: input.recentEmotions.filter((e) => e.name.trim() && e.count > 0).slice(0, 3),
    userText,
  };
}

/** The user's answer to a topic as one short quote, or undefined. */
export function answerQuote(facts: JourneyFacts, topic: JourneyTopic, max = 140): string | undefined {
  const answer = facts.answers[topic];
  return answer ? quote(answer, max) : undefined;
}

/** "anxiety and worry, work and career" style labels of found terms. */
export const labelsOf = (found: readonly Found[]) => found.map((f) => f.label);

export const formatLabels: Record<SessionFormat, string> = {
  online: 'Online (video) sessions',
  'in person': 'In-person sessions',
  either: 'Either online or in-person sessions',
};

/** What each missing topic reads as in a "not said yet" sentence. */
export const notSaidYet: Record<JourneyTopic, string> = {
  reasons: "You haven't said yet what brings you to therapy.",
  hopes: "You haven't said yet what you hope to get from therapy.",
  format: "You haven't said yet which session format you prefer.",
  location: "You haven't said yet where you're located or where you'd like to meet.",
  language: "You haven't said yet which language you'd like your sessions in.",
  timing: "You haven't said yet when you're available for sessions.",
  communication: "You haven't said yet how you'd like a therapist to communicate with you.",
  approaches: "You haven't named any therapy approaches yet.",
  budget: "You haven't said anything about budget or insurance (that question is optional).",
};
