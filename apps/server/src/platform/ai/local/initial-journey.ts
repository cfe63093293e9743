import { assessRisk } from '@mindledger/domain';
import { journeyTopics, topicAsked } from '../journey-topics.js';
import type { AiChatRequest } from '../port.js';
import { endSentence, quote, sentencesOf } from './documents/text.js';
import { skipPattern } from './documents/journey-lexicon.js';
import { concernNoteFor, crisisReply } from './phrasing.js';
import { hash } from './seed.js';

const noted = (w: string) => `I've noted that: ${w}`;
const acknowledgements: ((words: string) => string)[] = [
  (w) => `Thank you. You said ${w}`,
  noted,
  (w) => `Got it: ${w}`,
  (w) => `Thanks for sharing that: ${w}`,
];

export const journeyIntro = (name: string) =>
  `Hi${name}. I'll ask you a few short questions about what you're looking for in a therapist, one at a time. You can skip any of them.`;

export const journeyClosing = (name: string) =>
  `Thank you${name}, that's everything I wanted to ask. You can now generate your documents: a target therapist profile, interview questions, a request email and a self-reflection summary, all built from what you've shared here. You can come back and add more at any time.`;

const skipped = "That's fine, we can leave that one.";

/**
 * Where the conversation is: the furthest topic answered (-1 for none), whether any question was
 * asked yet, and whether the last user turn answers a question. A turn expressing a crisis answers
 * nothing, and a turn after a reply without a question (the crisis reply) is not an answer either.
 */
function progress(request: AiChatRequest) {
  let current = -1;
  let answered = -1;
  let started = false;
  let lastAnswers = false;
  for (const message of request.messages) {
    if (message.role === 'assistant') {
      current = journeyTopics.findIndex((t) => t.id === topicAsked(message.text));
      started ||= current >= 0;
      lastAnswers = false;
    } else {
      lastAnswers = current >= 0 && assessRisk(message.text).level !== 'crisis';
      if (lastAnswers) answered = Math.max(answered, current);
    }
  }
  return { answered, started, lastAnswers };
}

/**
 * The Initial Journey conversation (Part 2 §1) of the local engine: the guided questions in order,
 * one per turn, each after a short acknowledgement in the user's own words; a closing reply after
 * the last topic. A message expressing risk gets the crisis reply and nothing else (ruling 12); the
 * next turn asks the unanswered question again.
 */
export function journeyReply(request: AiChatRequest): string {
  const first = request.context.firstName?.trim().split(/\s+/)[0] ?? '';
  const name = first ? `, ${first}` : '';
  const lastMessage = request.messages.at(-1);
  const answer = lastMessage?.role === 'user' ? lastMessage.text.trim() : '';
  const risk = assessRisk(answer).level;
  if (risk === 'crisis') return crisisReply(name, request.context.crisisHelp);

  const { answered, started, lastAnswers } = progress(request);
  const next = journeyTopics[answered + 1];
  const sentences: string[] = [];
  if (!started) sentences.push(journeyIntro(name));
  if (answer && lastAnswers) {
    const isSkip = skipPattern.test(answer) && answer.split(/\s+/).length <= 6;
    const words = quote(sentencesOf(answer)[0] ?? answer, 70);
    // Rotating from a conversation's own starting point: no two turns in a row sound the same.
    const firstWords = request.messages.find((m) => m.role === 'user')?.text ?? '';
    const ack = next ? acknowledgements[(hash(firstWords) + answered) % acknowledgements.length]! : noted;
    sentences.push(isSkip ? skipped : endSentence(ack(words)));
  }
  if (risk === 'concern') sentences.push(concernNoteFor(request.context.crisisHelp));
  sentences.push(next ? next.question : journeyClosing(name));
  return sentences.join(' ');
}
