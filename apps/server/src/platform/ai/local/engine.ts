import { assessRisk } from '@mindledger/domain';
import {
  isClosingTurn,
  replyTurn,
  type AiChatRequest,
  type AiPort,
  type DocumentRequest,
  type GeneratedDocument,
  type GenerationKind,
} from '../port.js';
import { localDocument, localDocumentsVersion } from './documents/index.js';
import { journeyReply } from './initial-journey.js';
import { feelingNamed, feelingsIn, type Feeling, type Valence } from './lexicon.js';
import {
  acknowledgements,
  closingEnds,
  closingOpeners,
  closingSummaries,
  concernNoteFor,
  crisisReply,
  goalQuestions,
  heavy,
  listOf,
  questions,
  reflections,
  selectionReflections,
} from './phrasing.js';
import { hash, picker } from './seed.js';

function unique(list: Feeling[]): Feeling[] {
  return list.filter((f, i) => list.findIndex((g) => g.word === f.word) === i);
}

const shortName = (name: string | undefined) => name?.trim().split(/\s+/)[0] ?? '';

/**
 * The built-in assistant (spec ruling 10): reflective listening grounded only in what the user
 * wrote and selected. It reflects feelings back, asks one open question, can name the user's own
 * goals, never diagnoses or advises on treatment, and answers a crisis with help lines (ruling 12).
 */
export function localReply(request: AiChatRequest): string {
  const { context } = request;
  if (context.mode === 'initial-journey') return journeyReply(request);
  const userTexts = request.messages.filter((m) => m.role === 'user').map((m) => m.text);
  const last = userTexts.at(-1) ?? '';
  const turn = replyTurn(request);
  const seed = hash(`${turn}|${request.messages.map((m) => `${m.role}:${m.text}`).join('\n')}`);
  const pick = picker(seed);
  const first = shortName(context.firstName);
  const name = first ? `, ${first}` : '';

  const risk = assessRisk(last).level;
  if (risk === 'crisis') return crisisReply(name, context.crisisHelp);

  const emotion = context.emotion ?? {};
  const selectedName = (emotion.specificFeeling ?? emotion.secondaryEmotion ?? emotion.primaryEmotion)
    ?.trim()
    .toLowerCase();
  const selected = selectedName ? feelingNamed(selectedName) : undefined;
  const goals = (context.goals ?? []).map((g) => g.text.trim()).filter(Boolean);
  const goal = goals.length ? pick(goals, 7) : '';

  if (isClosingTurn(request)) {
    const spoken = unique(userTexts.flatMap(feelingsIn)).slice(0, 3);
    const summary = spoken.length
      ? closingSummaries.feelings(listOf(spoken.map((f) => f.word)), goal)
      : selectedName
        ? closingSummaries.selection(selectedName, goal)
        : closingSummaries.nothing(goal);
    return [pick(closingOpeners, 1)(name), summary, pick(closingEnds, 2)].join(' ');
  }

  const found = feelingsIn(last).slice(0, 2);
  const sentences: string[] = [];
  let valence: Valence | 'unknown' = found[0]?.valence ?? 'unknown';
  if (found.length) {
    sentences.push(pick(reflections, 3)(listOf(found.map((f) => f.word))));
  } else if (turn === 1 && selectedName) {
    const at = emotion.intensity ? `, at ${emotion.intensity} out of 10` : '';
    sentences.push(pick(selectionReflections, 4)(selectedName, at));
    valence = selected?.valence ?? 'unknown';
  } else {
    const thanks = pick(acknowledgements, 5);
    sentences.push(turn === 1 && name ? thanks.replace(/\.$/, `${name}.`) : thanks);
  }

  if (risk === 'concern') sentences.push(concernNoteFor(context.crisisHelp));
  else if (valence === 'negative' && (emotion.intensity ?? 0) >= 8) sentences.push(heavy);

  const askAboutGoal = goal && risk === 'none' && (turn === 2 || (turn > 2 && seed % 3 === 0));
  const asked = new Set(request.messages.filter((m) => m.role === 'assistant').map((m) => m.text));
  const pool = (askAboutGoal ? goalQuestions : questions[valence]).filter(
    (q) => ![...asked].some((text) => text.includes(q(found[0]?.word ?? goal))),
  );
  const question = pick(pool.length ? pool : questions.unknown, 6);
  sentences.push(question(askAboutGoal ? goal : (found[0]?.word ?? selectedName ?? '')));
  return sentences.join(' ');
}

function abortIfNeeded(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted');
}

export interface LocalAiOptions {
  /** The clock stamped on generated documents. */
  now?: () => Date;
}

/** Offline, deterministic: the default AI port. */
export class LocalAi implements AiPort {
  readonly kind = 'local' as const;
  static readonly model = 'local-engine';
  private readonly now: () => Date;

  constructor(options: LocalAiOptions = {}) {
    this.now = options.now ?? (() => new Date());
  }

  async *chat(request: AiChatRequest): AsyncIterable<string> {
    abortIfNeeded(request.signal);
    // Word by word, so the client's streaming path is the same for both engines.
    for (const piece of localReply(request).match(/\S+\s*/g) ?? []) {
      abortIfNeeded(request.signal);
      yield piece;
    }
  }

  async complete(request: AiChatRequest): Promise<string> {
    abortIfNeeded(request.signal);
    return localReply(request);
  }

  async generate<K extends GenerationKind>(request: DocumentRequest<K>): Promise<GeneratedDocument<K>> {
    abortIfNeeded(request.signal);
    return {
      document: localDocument(request.kind, request.input),
      model: LocalAi.model,
      promptVersion: localDocumentsVersion,
      generatedAt: this.now(),
    };
  }
}
