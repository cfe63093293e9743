import { describe, expect, it } from 'vitest';
import { answersByTopic, journeyTopicIds, journeyTopics, topicAsked } from '../journey-topics.js';
import { collect, type AiChatRequest, type AiMessage } from '../port.js';
import { fullAnswers } from './documents/test-fixtures.js';
import { LocalAi, localReply } from './engine.js';
import { journeyClosing } from './initial-journey.js';
import { crisisReply } from './phrasing.js';

const journey = (messages: AiMessage[], firstName = 'Maya'): AiChatRequest => ({
  messages,
  context: { mode: 'initial-journey', firstName },
});
const questionsIn = (text: string) => (text.match(/\?/g) ?? []).length;

/** Plays the whole conversation against the local engine with the given answers. */
function play(answers: readonly string[]): AiMessage[] {
  const messages: AiMessage[] = [{ role: 'assistant', text: localReply(journey([])) }];
  for (const answer of answers) {
    messages.push({ role: 'user', text: answer });
    messages.push({ role: 'assistant', text: localReply(journey(messages)) });
  }
  return messages;
}

describe('journey topics', () => {
  it('recognise each local question as its own topic', () => {
    for (const topic of journeyTopics) expect(topicAsked(`Thank you. ${topic.question}`)).toBe(topic.id);
    expect(journeyTopics.map((t) => t.id)).toEqual([...journeyTopicIds]);
  });

  it('recognise questions worded by a model', () => {
    expect(
      topicAsked('Got it. Do you have a preference between video sessions and meeting face to face?'),
    ).toBe('format');
    expect(topicAsked('And is there a budget you have in mind, or insurance?')).toBe('budget');
    expect(topicAsked('Thanks. What time zone are you in?')).toBe('location');
    expect(topicAsked('Thank you for sharing that.')).toBeUndefined();
  });
});

describe('local engine: Initial Journey conversation', () => {
  it('opens with an introduction and the first question', () => {
    const reply = localReply(journey([]));
    expect(reply).toMatch(/^Hi, Maya\./);
    expect(reply).toMatch(/What brings you here/);
    expect(questionsIn(reply)).toBe(1);
  });

  it('asks the guided questions in order, one per turn, acknowledging each answer in the user’s words', () => {
    const messages = play(fullAnswers);
    const replies = messages.filter((m) => m.role === 'assistant').map((m) => m.text);
    expect(replies).toHaveLength(10);
    replies.slice(0, 9).forEach((reply, i) => {
      expect(reply.endsWith(journeyTopics[i]!.question)).toBe(true);
      expect(questionsIn(reply)).toBe(1);
    });
    replies.slice(1).forEach((reply, i) => {
      const quoted = /“([^”]+)”/.exec(reply)?.[1]?.replace(/…$/, '');
      expect(quoted && fullAnswers[i]!.includes(quoted)).toBe(true);
    });
    expect(answersByTopic(messages).map((a) => a.topic)).toEqual([...journeyTopicIds]);
  });

  it('closes after the last topic and says the documents can be generated', () => {
    const replies = play(fullAnswers).filter((m) => m.role === 'assistant');
    const closing = replies.at(-1)!.text;
    expect(closing).toContain(journeyClosing(', Maya'));
    expect(closing).toMatch(/You can now generate your documents/);
    expect(questionsIn(closing.replace(/“[^”]*”/g, ''))).toBe(0);
    // Anything more after that gets the closing again rather than a new question.
    const more = localReply(journey([...play(fullAnswers), { role: 'user', text: 'One more thing.' }]));
    expect(more).toContain(journeyClosing(', Maya'));
  });

  it('accepts a skipped answer and moves on', () => {
    const messages = play(['I feel stuck at work.', 'skip']);
    const last = messages.at(-1)!.text;
    expect(last).toMatch(/^That's fine, we can leave that one\./);
    expect(last.endsWith(journeyTopics[2]!.question)).toBe(true);
  });

  it('answers risk language with the crisis resources only, then asks the unanswered question again', () => {
    const opened = play(['My anxiety is bad.']);
    const risky = [...opened, { role: 'user' as const, text: 'Honestly I want to kill myself.' }];
    const reply = localReply(journey(risky));
    expect(reply).toBe(crisisReply(', Maya'));
    expect(reply).toMatch(/988/);
    expect(reply).toMatch(/911/);
    expect(questionsIn(reply)).toBe(0);
    const after = localReply(
      journey([...risky, { role: 'assistant', text: reply }, { role: 'user', text: 'Okay. Thank you.' }]),
    );
    expect(after).toBe(journeyTopics[1]!.question);
  });

  it('adds the help line to a softer concern and keeps going', () => {
    const reply = localReply(
      journey([...play(['Work stress.']), { role: 'user', text: "I can't go on like this, I need tools." }]),
    );
    expect(reply).toMatch(/988/);
    expect(reply.endsWith(journeyTopics[2]!.question)).toBe(true);
  });

  it('is deterministic and streams the same reply', async () => {
    const messages = play(fullAnswers.slice(0, 4));
    const req = journey(messages);
    expect(localReply(req)).toBe(localReply(structuredClone(req)));
    expect(await collect(new LocalAi().chat(req))).toBe(await new LocalAi().complete(req));
  });
});
