import { z } from 'zod';
import {
  aiDocumentSchemas,
  interviewGuideSchema,
  reflectionQuestionSchema,
  reflectionSectionSchema,
  selfReflectionSummarySchema,
  weeklyReportSchema,
  weeklySectionSchema,
  type ChatHistoryLine,
  type ReflectionQuestion,
  type RenderableDocuments,
  type RenderableKind,
} from '@mindledger/domain';

/**
 * Reads a stored document, given parsed or as the JSON text the server keeps. Whole documents are
 * checked against the shared schemas; items of a list that do not fit (a weekly section, an
 * interview question, a reflection section or question) are skipped instead of losing the rest.
 */
export type ParsedDocument<K extends RenderableKind> =
  { ok: true; doc: RenderableDocuments[K] } | { ok: false; reason: 'empty' | 'json' | 'shape' };

const documentNames: Record<RenderableKind, string> = {
  therapistProfile: 'therapist profile',
  interviewGuide: 'interview guide',
  emailTemplate: 'email template',
  selfReflectionSummary: 'self-reflection summary',
  weeklyReport: 'weekly report',
  chatHistory: 'chat history',
};

function validItems<T>(schema: z.ZodType<T>, items: readonly unknown[]): T[] {
  return items.flatMap((item) => {
    const result = schema.safeParse(item);
    return result.success ? [result.data] : [];
  });
}

const anyList = z.array(z.unknown());

const lenientReaders: { [K in RenderableKind]: (value: unknown) => RenderableDocuments[K] | null } = {
  therapistProfile: (value) => aiDocumentSchemas.therapistProfile.safeParse(value).data ?? null,
  emailTemplate: (value) => aiDocumentSchemas.emailTemplate.safeParse(value).data ?? null,
  interviewGuide: (value) => {
    const doc = interviewGuideSchema.extend({ questions: anyList }).safeParse(value).data;
    if (!doc) return null;
    return { ...doc, questions: validItems(interviewGuideSchema.shape.questions.element, doc.questions) };
  },
  selfReflectionSummary: (value) => {
    const shape = selfReflectionSummarySchema.shape;
    const doc = selfReflectionSummarySchema
      .extend({
        sections: anyList,
        reflectionQuestions: shape.reflectionQuestions.extend({ questions: anyList }),
      })
      .safeParse(value).data;
    if (!doc) return null;
    return {
      ...doc,
      sections: validItems(reflectionSectionSchema, doc.sections),
      reflectionQuestions: {
        ...doc.reflectionQuestions,
        questions: validItems<ReflectionQuestion>(
          reflectionQuestionSchema,
          doc.reflectionQuestions.questions,
        ),
      },
    };
  },
  weeklyReport: (value) => {
    const doc = weeklyReportSchema
      .extend({ sections: anyList, reflectionQuestions: anyList })
      .safeParse(value).data;
    if (!doc) return null;
    return {
      ...doc,
      sections: validItems(weeklySectionSchema, doc.sections),
      reflectionQuestions: validItems<ReflectionQuestion>(reflectionQuestionSchema, doc.reflectionQuestions),
    };
  },
  chatHistory: readChat,
};

const userRoles = new Set(['user', 'human', 'client', 'patient']);
const assistantRoles = new Set(['assistant', 'ai', 'bot', 'model']);

/** A chat saved as lines of { role, text } (or content/message), or an object holding them. */
function readChat(value: unknown): ChatHistoryLine[] | null {
  const holder = value as { messages?: unknown; chat?: unknown; history?: unknown } | null;
  const list = Array.isArray(value) ? value : (holder?.messages ?? holder?.chat ?? holder?.history);
  if (!Array.isArray(list)) return null;
  return list.flatMap((item: unknown): ChatHistoryLine[] => {
    if (typeof item !== 'object' || item === null) return [];
    const line = item as { role?: unknown; text?: unknown; content?: unknown; message?: unknown };
    const role = typeof line.role === 'string' ? line.role.toLowerCase() : '';
    const text = [line.text, line.content, line.message].find((t): t is string => typeof t === 'string');
    if (!text?.trim()) return [];
    if (userRoles.has(role)) return [{ role: 'user', text }];
    if (assistantRoles.has(role)) return [{ role: 'assistant', text }];
    return [];
  });
}

export function parseDocument<K extends RenderableKind>(kind: K, input: unknown): ParsedDocument<K> {
  let value = input;
  if (value === null || value === undefined) return { ok: false, reason: 'empty' };
  if (typeof value === 'string') {
    if (!value.trim()) return { ok: false, reason: 'empty' };
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, reason: 'json' };
    }
  }
  const doc = lenientReaders[kind](value);
  return doc ? { ok: true, doc } : { ok: false, reason: 'shape' };
}

/**
 * Logs why a document could not be shown. Never the content: it is the client's health information.
 */
export function logUnreadable(kind: RenderableKind, reason: 'json' | 'shape'): void {
  const what = reason === 'json' ? 'is not valid JSON' : 'does not have the expected shape';
  console.error(`The ${documentNames[kind]} ${what}; showing the empty view.`);
}
