import {
  aiDocumentSchemas,
  carePlanSchema,
  notesSummarySchema,
  type AiDocuments,
  type CarePlanDocument,
  type NotesSummary,
  type Sentiment,
} from '@mindledger/domain';

/** One message of a journaling conversation, as the user's client sends it. */
export interface AiMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface AiEmotion {
  primaryEmotion?: string;
  secondaryEmotion?: string;
  specificFeeling?: string;
  /** 1–10. */
  intensity?: number;
}

/** What the assistant may draw on besides the conversation: only the user's own data. */
export interface AiContext {
  firstName?: string;
  /** Texts of the goals the user linked to this entry (their own, active). */
  goals?: { text: string }[];
  /** The emotion the user selected for this entry. */
  emotion?: AiEmotion;
  /**
   * 'initial-journey': the guided conversation of Part 2 §1 that asks what a person looking for a
   * therapist needs to know about themselves (what brings them, hopes, format, location and time
   * zone, language, timing, communication style, approaches heard of, budget or insurance).
   */
  mode: 'chat' | 'voice' | 'initial-journey';
  /** 1-based number of the reply being written; defaults to the assistant messages so far + 1. */
  turn?: number;
  /** Voice mode: from this turn on the reply is a closing statement, not a question. */
  maxTurns?: number;
  /**
   * Where this user can reach help (ruling 12): their crisis resources' sentences
   * (packages/domain/src/safety/crisis-lines.ts), which the local engine's crisis reply names.
   * Unset, the reply names the US lines.
   */
  crisisHelp?: string;
}

export interface AiChatRequest {
  messages: AiMessage[];
  context: AiContext;
  signal?: AbortSignal;
}

/**
 * The assistant behind journaling chat and voice (spec ruling 10): the built-in local engine or an
 * OpenAI-compatible endpoint. Failures are AppErrors ('UNAVAILABLE'); an aborted request rejects
 * with the abort reason.
 */
export interface AiPort extends AiDocumentPort {
  /** Streams the reply in chunks of text. */
  chat(request: AiChatRequest): AsyncIterable<string>;
  /** The whole reply at once. */
  complete(request: AiChatRequest): Promise<string>;
  /** 'local' or 'openai', for logs and the health of the feature. */
  readonly kind: 'local' | 'openai';
}

/** What the Initial Journey documents are made from: the client's own answers and data only. */
export interface JourneyInput {
  firstName: string;
  /** The client's profile time zone (IANA). */
  timeZone: string;
  /** The client's local day of generation, YYYY-MM-DD. */
  today: string;
  /** The Initial Journey conversation, oldest first. */
  conversation: AiMessage[];
  /** The client's active goals. */
  goals: { text: string }[];
  /**
   * The three most felt emotions of the last 30 days (primary names), most frequent first, with
   * counts; given only to the documents that speak of check-ins (decision 103), else empty.
   */
  recentEmotions: { name: string; count: number }[];
}

/** One journal entry of the week, as the weekly report may use it (never a private entry's words
 * leave the client: the report is the client's own document). */
export interface WeeklyEntryInput {
  id: string;
  /** Local day YYYY-MM-DD and time HH:MM. */
  day: string;
  time: string;
  /** The entry's notes and the user's own chat turns (assistant turns left out). */
  text: string;
  emotion?: { primary: string; secondary?: string; specific?: string; intensity: number };
  sentiment: Sentiment;
  activities: string[];
  /** Hours slept, when the day's details say. */
  sleepHours?: number;
  /** Ids of the goals the entry mentions. */
  goalIds: string[];
}

export interface WeeklyInput {
  firstName: string;
  timeZone: string;
  /** Local days, inclusive. */
  startDate: string;
  endDate: string;
  /** The current streak in days at generation time. */
  streak: number;
  entries: WeeklyEntryInput[];
  goals: { id: string; text: string }[];
}

/** One provider note as the clinical documents may use it (the provider's own record). */
export interface ClinicalNoteInput {
  id: string;
  /** Session day YYYY-MM-DD and time '3:30 PM'. */
  date: string;
  time: string;
  title: string;
  category?: string;
  priority: string;
  /** The notes and the additional notes. */
  text: string;
  recommendations: string[];
  frequency: string;
  signed: boolean;
}

/** A refinement request: the version to refine and the provider's instruction ("shorter"). */
export interface Refinement<T> {
  previous: T;
  instruction: string;
}

/**
 * What a notes summary is made from: the provider's notes about the client in the range and, where
 * the client shares them, figures of their (non-private) journal and the documents they shared.
 */
export interface NotesSummaryInput {
  clientFirstName: string;
  today: string;
  start: string;
  end: string;
  notes: ClinicalNoteInput[];
  journal: {
    entries: number;
    emotions: { name: string; count: number }[];
    sentiment: { positive: number; neutral: number; negative: number };
  };
  documents: { id: string; label: string }[];
  refine?: Refinement<NotesSummary>;
}

/** What a care-plan draft is made from: the provider's notes and the client's active goals. */
export interface CarePlanInput {
  clientFirstName: string;
  today: string;
  /** The local time of drafting. */
  time: { hour: number; minute: number; period: 'AM' | 'PM' };
  notes: ClinicalNoteInput[];
  goals: { id: string; text: string; type: 'personal' | 'therapist'; mentions: number }[];
  /** The client's latest plan, whose diagnosis the draft keeps (the engine never makes one up). */
  previous?: CarePlanDocument;
  refine?: Refinement<CarePlanDocument>;
}

export interface DocumentInputs {
  therapistProfile: JourneyInput;
  interviewGuide: JourneyInput;
  emailTemplate: JourneyInput;
  selfReflectionSummary: JourneyInput;
  weeklyReport: WeeklyInput;
  notesSummary: NotesSummaryInput;
  carePlan: CarePlanInput;
}

/** Every shape the AI port generates: the client's documents and the provider's clinical ones. */
export interface GeneratedShapes extends AiDocuments {
  notesSummary: NotesSummary;
  carePlan: CarePlanDocument;
}
export type GenerationKind = keyof GeneratedShapes;
export const generationSchemas = {
  ...aiDocumentSchemas,
  notesSummary: notesSummarySchema,
  carePlan: carePlanSchema,
} as const;
export const clinicalKinds = ['notesSummary', 'carePlan'] as const satisfies readonly GenerationKind[];

export interface DocumentRequest<K extends GenerationKind> {
  kind: K;
  input: DocumentInputs[K];
  signal?: AbortSignal;
}

/** A validated document and what made it, stored with it. */
export interface GeneratedDocument<K extends GenerationKind> {
  document: GeneratedShapes[K];
  /** 'local-engine' or the endpoint's model name. */
  model: string;
  /** Bumped when a prompt or the local engine's wording changes. */
  promptVersion: string;
  generatedAt: Date;
}

/**
 * Structured generation (issue 14): a document of the domain's zod shape for `kind`. The local
 * engine builds it from the input alone; the OpenAI-compatible adapter asks for the JSON schema,
 * validates and repairs once. Failures are AppErrors ('UNAVAILABLE').
 */
export interface AiDocumentPort {
  generate<K extends GenerationKind>(request: DocumentRequest<K>): Promise<GeneratedDocument<K>>;
}

/** The turn a reply is for, when the client did not say. */
export function replyTurn(request: AiChatRequest): number {
  return request.context.turn ?? request.messages.filter((m) => m.role === 'assistant').length + 1;
}

/** Voice mode's last turn is a closing statement (Part 1 §4 'Voice conversation'). */
export function isClosingTurn(request: AiChatRequest): boolean {
  const { mode, maxTurns } = request.context;
  return mode === 'voice' && maxTurns !== undefined && replyTurn(request) >= maxTurns;
}

export async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}
