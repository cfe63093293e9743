import type { AiMessage } from './port.js';

/**
 * The Initial Journey conversation (Part 2 §1): what a person looking for a therapist needs to know
 * about themselves, asked one topic at a time, in this order. The local engine asks these questions
 * as written; the OpenAI-compatible prompt lists the same topics; the document builders read the
 * answers back by recognising which topic each assistant question was about.
 */
export const journeyTopicIds = [
  'reasons',
  'hopes',
  'format',
  'location',
  'language',
  'timing',
  'communication',
  'approaches',
  'budget',
] as const;
export type JourneyTopic = (typeof journeyTopicIds)[number];

export interface JourneyTopicInfo {
  id: JourneyTopic;
  /** What the topic is about, for prompts and "still to think about" lists. */
  about: string;
  /** The local engine's question. */
  question: string;
  /** Recognises the topic in any assistant question (the local one or a model's). */
  cue: RegExp;
}

export const journeyTopics: readonly JourneyTopicInfo[] = [
  {
    id: 'reasons',
    about: 'what brings you to therapy',
    question: 'What brings you here, and what made you think about seeing a therapist now?',
    cue: /\bbrings? you\b|\bwhat led\b|\bmade you (think|decide|want|consider)\b|\bgoing on for you\b/i,
  },
  {
    id: 'hopes',
    about: 'what you hope to get from therapy',
    question: 'What do you hope to get from therapy?',
    cue: /\bhop(e|es|ing) to\b|\bget (out )?of therapy\b|\blike to change\b|\bwant from\b/i,
  },
  {
    id: 'format',
    about: 'which session format you prefer (online, in person or either)',
    question: 'Would you prefer to meet online, in person, or would either work for you?',
    cue: /\bonline\b|\bin[- ]person\b|\bformat\b|\bvirtual\b|\bvideo\b/i,
  },
  {
    id: 'location',
    about: 'where you are located and your time zone',
    question: 'Where are you located, and which time zone are you in?',
    cue: /\btime ?zone\b|\bwhere are you\b|\blocated\b|\blocation\b|\bwhich (city|area)\b/i,
  },
  {
    id: 'language',
    about: 'which language you would like your sessions in',
    question: 'Which language would you like your sessions to be in?',
    cue: /\blanguages?\b/i,
  },
  {
    id: 'timing',
    about: 'when you are available for sessions',
    question:
      'When are you usually available for sessions, for example mornings, evenings or weekends, and how flexible is your schedule?',
    cue: /\bavailab|\bwhat times?\b|\bwhen (are|would|could)\b|\bschedule\b/i,
  },
  {
    id: 'communication',
    about: 'how you would like a therapist to communicate with you',
    question:
      'How would you like a therapist to communicate with you? For example direct and practical, or gentle and reflective.',
    cue: /\bcommunicat|\bstyle\b/i,
  },
  {
    id: 'approaches',
    about: 'therapy approaches you have heard of or would like',
    question:
      "Have you heard of any therapy approaches you'd like to try or to avoid, such as CBT, DBT, EMDR, ACT, psychodynamic therapy or mindfulness-based work? It's fine if not.",
    cue: /\bapproach|\bCBT\b|\bDBT\b|\bEMDR\b|\b(type|kind)s? of therapy\b|\bmodalit/i,
  },
  {
    id: 'budget',
    about: 'your budget or insurance (optional)',
    question:
      "Last one, and it's optional: is there a budget or an insurance plan you'd like to use? You can skip this if you'd rather not say.",
    cue: /\bbudget\b|\binsurance\b|\bcosts?\b|\bfees?\b|\bafford/i,
  },
];

/** Checked in this order: a question about costs may mention "format", one about style "online". */
const recognitionOrder: JourneyTopic[] = [
  'budget',
  'approaches',
  'language',
  'location',
  'timing',
  'communication',
  'format',
  'hopes',
  'reasons',
];

/** The last question of an assistant message (what the next user turn answers). */
function lastQuestion(text: string): string {
  const questions = text.match(/[^.?!]*\?/g);
  return questions?.at(-1) ?? '';
}

/** The topic an assistant message asked about, if any. */
export function topicAsked(assistantText: string): JourneyTopic | undefined {
  const question = lastQuestion(assistantText);
  if (!question) return undefined;
  const byId = new Map(journeyTopics.map((t) => [t.id, t]));
  return recognitionOrder.find((id) => byId.get(id)?.cue.test(question));
}

/** Each user turn with the topic of the question before it (`undefined` for an unprompted turn). */
export function answersByTopic(conversation: readonly AiMessage[]): { topic?: JourneyTopic; text: string }[] {
  let topic: JourneyTopic | undefined;
  const answers: { topic?: JourneyTopic; text: string }[] = [];
  for (const message of conversation) {
    if (message.role === 'assistant') topic = topicAsked(message.text);
    else answers.push({ topic, text: message.text });
  }
  return answers;
}
