/**
 * Structured documents through an OpenAI-compatible endpoint (issue 14): ask for the domain's JSON
 * schema, validate the answer with zod, repair once, then ground the result (disclaimers, dates,
 * entry ids and placeholders are the app's, never the model's). Nothing here logs: the caller
 * reports only the kind of failure.
 */
import {
  aiDocumentMessages,
  crisisResourcesFor,
  formatShortDay,
  notesSummaryMessages,
  type AiDocuments,
} from '@mindledger/domain';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { emailPlaceholders } from './local/documents/email-template.js';
import { reflectionDisclaimer } from './local/documents/self-reflection.js';
import { analyseWeek } from './local/documents/weekly-analysis.js';
import { supportSection } from './local/documents/weekly-report.js';
import { journeyTopics } from './journey-topics.js';
import {
  clinicalKinds,
  generationSchemas,
  type CarePlanInput,
  type DocumentInputs,
  type DocumentRequest,
  type GeneratedDocument,
  type GeneratedShapes,
  type GenerationKind,
  type JourneyInput,
  type NotesSummaryInput,
  type WeeklyInput,
} from './port.js';

export const documentsPromptVersion = 'documents-v1';

export const documentInvalid = () =>
  new AppError('UNAVAILABLE', 'The AI service did not return a valid document. Please try again.');

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

const jsonSchemas = new Map<GenerationKind, Record<string, unknown>>();

/** The JSON schema of a kind (from the zod schema, zod 4's toJSONSchema), as response_format asks for it. */
export function documentJsonSchema(kind: GenerationKind): Record<string, unknown> {
  let schema = jsonSchemas.get(kind);
  if (!schema) {
    schema = z.toJSONSchema(generationSchemas[kind], { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    delete schema.$schema;
    jsonSchemas.set(kind, schema);
  }
  return schema;
}

const common = [
  'You write structured documents for MindLedger, a private mental-health journal. Reply with one JSON object only, no prose and no code fences.',
  "Use only facts found in the input below: quote and summarise the client's own words (short quotes, in curly quotes “like this”), and never invent events, preferences, names, diagnoses or treatments.",
  'Where the input does not say something a field asks for, say so plainly in that field (for example: "You haven\'t said yet which session format you prefer.").',
  'Write to the client in the second person, plainly and warmly. Never present anything as a diagnosis or as treatment advice.',
  `Every disclaimer field holds exactly: "${aiDocumentMessages.disclaimer}"`,
];

/** The provider's clinical documents: written for the therapist, from their notes. */
const clinicalCommon = [
  'You write structured clinical documents for a therapist using MindLedger. Reply with one JSON object only, no prose and no code fences.',
  "Use only facts found in the input below (the therapist's own notes, the client's goals and what the client shared); never invent events, symptoms, scores, diagnoses or diagnosis codes.",
  'Write plainly for the therapist, in the third person about the client. Nothing you write is a diagnosis or a treatment decision: the therapist reviews, edits and signs.',
];

const clinicalInstructions = {
  notesSummary: `A summary of the therapist's notes about the client over range.start..range.end: an overview, sections (heading and points) with each point's sources ({type: "note", id, label} naming the notes it came from; "journal" or "document" for what the client shared). basedOn holds the counts of the input. The disclaimer is exactly: "${notesSummaryMessages.disclaimer}". When "refine" is given, rewrite its "previous" summary as its "instruction" asks, keeping the sources.`,
  carePlan:
    'A treatment plan draft: title, date and time as given, diagnosis with code "" and no description unless "previous" has one (keep it), justification, problem (from the notes, naming each note), discharge criteria only if the notes state them, goals from the client\'s goals with measurable objectives (id, title, objectiveValue, duration, strategy list of intervention, modality and frequency, completion 0, status "not-started"), frequency one of the follow-up frequencies in the notes. When "refine" is given, rewrite its "previous" plan as its "instruction" asks.',
};

const instructions: Record<GenerationKind, string> = {
  ...clinicalInstructions,
  therapistProfile:
    "A target therapist profile: the kind of therapist who would suit the client, from their Initial Journey answers. profile_info.client_name is the client's first name; logistical_factors.location.time_zone is the client's time zone; search_context explains how to use the profile when searching.",
  interviewGuide:
    'Questions the client can ask a therapist in a first consultation: 6 to 12 questions from what the client said, each with what to listen for and a priority (high, medium or low). The conclusion ends with a tip about bringing the guide to the consultation.',
  emailTemplate: `An email the client can send to a therapist to ask for a consultation. The greeting is "Dear ${emailPlaceholders.therapist},"; never write a therapist's or practice's name. The signature name is the client's first name and contact_placeholder is "${emailPlaceholders.contact}". Anything the client must fill in goes in square brackets. notes tells them what to fill in.`,
  selfReflectionSummary: `A self-reflection summary of the Initial Journey: a narrative summary, 3 to 6 numbered sections (id, title, a short icon name, primaryHeading and primaryItems, optional secondaryHeading and secondaryItems), reflection questions drawn from what the client said, and a conclusion. The disclaimer is {"personal": "${reflectionDisclaimer.personal}", "provider": "${reflectionDisclaimer.provider}", "privacy": "${reflectionDisclaimer.privacy}"}.`,
  weeklyReport:
    'A report on the client\'s week titled "Your Week in Reflection", with the date range as subtitle and a summary paragraph. Use only the figures in "analysis" (counts, averages, comparisons): state a relation between sleep or an activity and mood only where its "enough" is true, and say on how many days it rests; otherwise say there is not enough data yet. Sections (title, a short icon name such as trending-up, heart, target, sun, moon, activity or calendar, a hex colour) hold items whose "dates" are the local days they are about (within startDate..endDate) and whose "entryIds" are the ids of the entries they came from. Reflection questions come from the week\'s own themes.',
};

function journeyPayload(input: JourneyInput) {
  return {
    firstName: input.firstName,
    timeZone: input.timeZone,
    today: input.today,
    topics: journeyTopics.map((t) => t.about),
    conversation: input.conversation.map((m) => ({ role: m.role, text: m.text })),
    goals: input.goals.map((g) => g.text),
    recentEmotions: input.recentEmotions,
  };
}

function weeklyPayload(input: WeeklyInput) {
  const { entries, ...analysis } = analyseWeek(input);
  return { ...input, entries, analysis };
}

/** For endpoints without json_schema support: the schema spelled out in the system prompt. */
export const schemaInstruction = (kind: GenerationKind) =>
  `The JSON object must follow this JSON Schema: ${JSON.stringify(documentJsonSchema(kind))}`;

const isClinical = (kind: GenerationKind) => (clinicalKinds as readonly string[]).includes(kind);

function payloadOf(kind: GenerationKind, input: DocumentInputs[GenerationKind]): unknown {
  if (kind === 'weeklyReport') return weeklyPayload(input as WeeklyInput);
  if (kind === 'notesSummary' || kind === 'carePlan') return input as NotesSummaryInput | CarePlanInput;
  return journeyPayload(input as JourneyInput);
}

export function documentMessages<K extends GenerationKind>(kind: K, input: DocumentInputs[K]): ChatTurn[] {
  const system = [...(isClinical(kind) ? clinicalCommon : common), instructions[kind]];
  const payload = payloadOf(kind, input);
  return [
    { role: 'system', content: system.join('\n') },
    { role: 'user', content: `Input (JSON):\n${JSON.stringify(payload)}` },
  ];
}

type Parsed<K extends GenerationKind> =
  { ok: true; document: GeneratedShapes[K] } | { ok: false; problems: string };

/** The answer as a document of `kind`, or what is wrong with it (paths and messages, no content). */
export function parseDocument<K extends GenerationKind>(kind: K, text: string): Parsed<K> {
  const json = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, problems: 'The answer was not valid JSON.' };
  }
  const result = generationSchemas[kind].safeParse(value);
  if (result.success) return { ok: true, document: result.data as GeneratedShapes[K] };
  const issues = result.error.issues
    .slice(0, 15)
    .map((i) => `- ${i.path.join('.') || '(root)'}: ${i.message}`);
  return { ok: false, problems: `The JSON does not match the schema:\n${issues.join('\n')}` };
}

/** What the app decides, whatever the model wrote: disclaimers, names, placeholders, dates, ids. */
export function groundDocument<K extends GenerationKind>(
  kind: K,
  doc: GeneratedShapes[K],
  input: DocumentInputs[K],
): GeneratedShapes[K] {
  const d = doc as GeneratedShapes[GenerationKind];
  const name = 'firstName' in input ? input.firstName : '';
  const first = (name.trim().split(/\s+/)[0] ?? '') || undefined;
  switch (kind) {
    case 'notesSummary': {
      const n = d as GeneratedShapes['notesSummary'];
      const i = input as NotesSummaryInput;
      const ids = new Set(i.notes.map((note) => note.id));
      const docs = new Set(i.documents.map((x) => x.id));
      n.range = { start: i.start, end: i.end };
      n.basedOn = {
        notes: i.notes.length,
        journalEntries: i.journal.entries,
        sharedDocuments: i.documents.length,
      };
      for (const section of n.sections)
        for (const point of section.points)
          point.sources = point.sources.filter((s) =>
            s.type === 'note' ? ids.has(s.id) : s.type === 'document' ? docs.has(s.id) : true,
          );
      n.disclaimer = notesSummaryMessages.disclaimer;
      break;
    }
    case 'carePlan': {
      const c = d as GeneratedShapes['carePlan'];
      const i = input as CarePlanInput;
      const base = i.refine?.previous ?? i.previous;
      // A code is the provider's to choose: the model may keep the previous plan's, never invent one.
      c.diagnosis = base?.diagnosis ?? { code: '', description: undefined };
      c.date = i.today;
      c.time = i.time;
      break;
    }
    case 'therapistProfile': {
      const p = d as AiDocuments['therapistProfile'];
      p.profile_info.client_name = first ?? 'You';
      p.logistical_factors.location.time_zone = (input as JourneyInput).timeZone;
      p.disclaimer = aiDocumentMessages.disclaimer;
      break;
    }
    case 'interviewGuide': {
      const g = d as AiDocuments['interviewGuide'];
      g.questions.forEach((q, i) => (q.number = i + 1));
      g.disclaimer = aiDocumentMessages.disclaimer;
      break;
    }
    case 'emailTemplate': {
      const e = d as AiDocuments['emailTemplate'];
      e.email_template.creation_date = formatShortDay((input as JourneyInput).today);
      e.email_content.signature.name = first ?? '[Your name]';
      e.email_content.signature.contact_placeholder = emailPlaceholders.contact;
      e.disclaimer = aiDocumentMessages.disclaimer;
      break;
    }
    case 'selfReflectionSummary':
      (d as AiDocuments['selfReflectionSummary']).disclaimer = { ...reflectionDisclaimer };
      break;
    case 'weeklyReport': {
      const w = d as AiDocuments['weeklyReport'];
      const week = input as WeeklyInput;
      const inPeriod = (day: string) => day >= week.startDate && day <= week.endDate;
      const ids = new Set(week.entries.filter((e) => inPeriod(e.day)).map((e) => e.id));
      w.startDate = week.startDate;
      w.endDate = week.endDate;
      for (const section of w.sections) {
        for (const item of section.items) {
          item.dates = item.dates.filter(inPeriod);
          item.entryIds = item.entryIds.filter((id) => ids.has(id));
        }
      }
      // Ruling 12: risk in the week's entries shows the help lines first, whatever the model wrote.
      const support = supportSection(analyseWeek(week), crisisResourcesFor({ timeZone: week.timeZone }));
      if (support)
        w.sections = [support, ...w.sections.filter((s) => s.title !== support.title).slice(0, 11)];
      w.disclaimer = aiDocumentMessages.disclaimer;
      break;
    }
  }
  return generationSchemas[kind].parse(d) as GeneratedShapes[K];
}

export interface DocumentTransport {
  /** One completion of `messages` in a JSON mode; its text. */
  ask(messages: ChatTurn[], kind: GenerationKind): Promise<string>;
  model: string;
  now: () => Date;
  onInvalid: () => void;
}

/** Asks, validates, repairs once; a second invalid answer is an AppError('UNAVAILABLE'). */
export async function generateDocument<K extends GenerationKind>(
  request: DocumentRequest<K>,
  transport: DocumentTransport,
): Promise<GeneratedDocument<K>> {
  const { kind, input } = request;
  const messages = documentMessages(kind, input);
  let answer = await transport.ask(messages, kind);
  let parsed = parseDocument(kind, answer);
  if (!parsed.ok) {
    messages.push(
      { role: 'assistant', content: answer },
      {
        role: 'user',
        content: `${parsed.problems}\nReply with the corrected JSON object only, following the same schema and the same rules.`,
      },
    );
    answer = await transport.ask(messages, kind);
    parsed = parseDocument(kind, answer);
  }
  if (!parsed.ok) {
    transport.onInvalid();
    throw documentInvalid();
  }
  return {
    document: groundDocument(kind, parsed.document, input),
    model: transport.model,
    promptVersion: documentsPromptVersion,
    generatedAt: transport.now(),
  };
}
