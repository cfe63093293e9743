import { describe, expect, it } from 'vitest';
import { collect, type AiChatRequest, type AiContext, type AiMessage } from '../port.js';
import { LocalAi, localReply } from './engine.js';
import { feelingNamed, feelingsIn } from './lexicon.js';

const user = (text: string): AiMessage => ({ role: 'user', text });
const assistant = (text: string): AiMessage => ({ role: 'assistant', text });
const request = (messages: AiMessage[], context: Partial<AiContext> = {}): AiChatRequest => ({
  messages,
  context: { mode: 'chat', ...context },
});
const questionsIn = (text: string) => (text.match(/\?/g) ?? []).length;
const sentencesIn = (text: string) => text.split(/(?<=[.?!])\s+/).filter(Boolean).length;

/** Every feeling word in the reply was expressed by the user (text or selection). */
function expectGrounded(reply: string, req: AiChatRequest) {
  const expressed = new Set(
    req.messages.filter((m) => m.role === 'user').flatMap((m) => feelingsIn(m.text).map((f) => f.word)),
  );
  const e = req.context.emotion;
  for (const name of [e?.primaryEmotion, e?.secondaryEmotion, e?.specificFeeling]) {
    const named = name ? feelingNamed(name) : undefined;
    if (named) expressed.add(named.word);
  }
  for (const feeling of feelingsIn(reply)) expect(expressed).toContain(feeling.word);
}

const samples = [
  'Work has been so stressful this week and I feel exhausted.',
  "I'm not angry, just tired of everything piling up.",
  'I had coffee with my sister and felt really grateful afterwards.',
  'I went to the shops and then cooked dinner.',
  "I'm anxious about the interview tomorrow but also a bit excited.",
  'I lost my keys and then sat down to read.',
];

describe('local engine: grounding', () => {
  it.each(samples)('reflects only feelings the user expressed: %s', (text) => {
    const req = request([user(text)]);
    expectGrounded(localReply(req), req);
  });

  it('reflects the feelings it finds in the last message', () => {
    const reply = localReply(request([user('Work has been so stressful and I feel exhausted.')]));
    expect(reply).toMatch(/stressed and tired/);
  });

  it('skips negated feelings ("not angry")', () => {
    const reply = localReply(request([user("I'm not angry, just tired.")]));
    expect(reply).toMatch(/tired/);
    expect(reply).not.toMatch(/angry/);
  });

  it('does not read feelings into everyday words ("lost my keys", "sat down")', () => {
    const req = request([user('I lost my keys and then sat down to read.')]);
    expect(feelingsIn(req.messages[0]!.text)).toEqual([]);
    expect(feelingsIn(localReply(req))).toEqual([]);
  });

  it('reflects the selected emotion by name on the first turn when the text names none', () => {
    const reply = localReply(
      request([user('I went for a walk after work.')], {
        emotion: {
          primaryEmotion: 'Fear',
          secondaryEmotion: 'Anxious',
          specificFeeling: 'Overwhelmed',
          intensity: 7,
        },
      }),
    );
    expect(reply).toMatch(/“overwhelmed”.*, at 7 out of 10\./);
  });

  it('names only the goals it was given, by their text', () => {
    const goals = [{ text: 'Walk 20 minutes a day' }];
    const reply = localReply(
      request(
        [
          user('I feel stuck.'),
          assistant('It sounds like you feel stuck. What feels hardest?'),
          user('Everything.'),
        ],
        {
          goals,
        },
      ),
    );
    expect(reply).toContain('“Walk 20 minutes a day”');
    const noGoals = localReply(request([user('I feel stuck.'), assistant('x'), user('Everything.')]));
    expect(noGoals).not.toMatch(/goal/);
  });

  it('uses the first name only when given', () => {
    const req = request([user('I went to the shops.')], { firstName: 'Maya' });
    const replies = [0, 1, 2, 3, 4, 5, 6, 7].map((n) =>
      localReply({ ...req, messages: [user(`I went to the shops ${n} times.`)] }),
    );
    expect(replies.some((r) => r.includes('Maya'))).toBe(true);
    expect(localReply(request([user('I went to the shops.')]))).not.toMatch(/Maya/);
  });
});

describe('local engine: shape', () => {
  it.each(samples)('asks exactly one open question in 1–3 sentences: %s', (text) => {
    const reply = localReply(request([user(text)]));
    expect(questionsIn(reply)).toBe(1);
    expect(reply.trim().endsWith('?')).toBe(true);
    expect(sentencesIn(reply)).toBeGreaterThanOrEqual(1);
    expect(sentencesIn(reply)).toBeLessThanOrEqual(3);
    expect(reply).toMatch(/^[A-Z]/);
    expect(reply).not.toMatch(/undefined|null|\s{2}|“”/);
  });

  it('never diagnoses, prescribes or claims to be a therapist', () => {
    for (const text of [...samples, 'Do you think I have depression? Should I take pills?']) {
      const reply = localReply(
        request([user(text)], { emotion: { primaryEmotion: 'Sadness', intensity: 9 } }),
      );
      expect(reply).not.toMatch(
        /diagnos|disorder|medication|prescri|therapist|you have (?:depression|anxiety)/i,
      );
    }
  });

  it('is deterministic and varies with the conversation', () => {
    const req = request([user('I feel anxious about tomorrow.')]);
    expect(localReply(req)).toBe(localReply(req));
    const variants = new Set(
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) =>
        localReply(request([user(`I feel anxious about ${day}.`)])),
      ),
    );
    expect(variants.size).toBeGreaterThan(2);
  });

  it('does not repeat a question it already asked', () => {
    const first = localReply(request([user('I feel anxious.')]));
    const second = localReply(request([user('I feel anxious.'), assistant(first), user('I feel anxious.')]));
    const question = (t: string) => t.slice(t.lastIndexOf('.') + 1).trim();
    expect(question(second)).not.toBe(question(first));
  });
});

describe('local engine: voice closing', () => {
  const conversation = [
    user('I felt nervous before my presentation.'),
    assistant('It sounds like you felt nervous. What feels hardest about it right now?'),
    user('Speaking in front of people. Afterwards I was relieved.'),
    assistant('I hear that you feel relieved. What helped?'),
    user('My colleague smiled at me.'),
  ];

  it('closes with a summary statement and no question at maxTurns', () => {
    const req = request(conversation, { mode: 'voice', turn: 3, maxTurns: 3 });
    const reply = localReply(req);
    expect(questionsIn(reply)).toBe(0);
    expect(reply).toMatch(/nervous and relieved/);
    expect(sentencesIn(reply)).toBeLessThanOrEqual(3);
    expectGrounded(reply, req);
  });

  it('counts turns from the conversation when none is given', () => {
    expect(questionsIn(localReply(request(conversation, { mode: 'voice', maxTurns: 3 })))).toBe(0);
    expect(questionsIn(localReply(request(conversation, { mode: 'voice', maxTurns: 4 })))).toBe(1);
  });

  it('asks questions before maxTurns and in chat mode', () => {
    expect(questionsIn(localReply(request(conversation, { mode: 'voice', turn: 2, maxTurns: 3 })))).toBe(1);
    expect(questionsIn(localReply(request(conversation, { mode: 'chat', turn: 3, maxTurns: 3 })))).toBe(1);
  });

  it('closes gracefully when no feeling was named', () => {
    const reply = localReply(
      request([user('I went to the shops.')], { mode: 'voice', turn: 1, maxTurns: 1 }),
    );
    expect(reply).toMatch(/put your thoughts into words/);
    expect(questionsIn(reply)).toBe(0);
  });
});

describe('local engine: safety', () => {
  it('answers a crisis message with help lines, asks nothing and reflects nothing', () => {
    const req = request([user('I feel so lonely. I want to kill myself.')], { firstName: 'Sam' });
    const reply = localReply(req);
    expect(reply).toContain('988');
    expect(reply).toContain('911');
    expect(reply).toMatch(/You don't have to go through this alone/);
    expect(questionsIn(reply)).toBe(0);
    expect(reply).not.toMatch(/lonely/);
  });

  it('adds a gentle note on a concern message and still listens', () => {
    const reply = localReply(request([user("I can't do this anymore, I'm just exhausted.")]));
    expect(reply).toMatch(/988/);
    expect(reply).toMatch(/tired/);
    expect(questionsIn(reply)).toBe(1);
  });
});

describe('LocalAi port', () => {
  it('streams the same reply it completes', async () => {
    const ai = new LocalAi();
    const req = request([user('I feel hopeful today.')]);
    const chunks: string[] = [];
    for await (const chunk of ai.chat(req)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(await ai.complete(req));
    expect(await collect(ai.chat(req))).toBe(localReply(req));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      new LocalAi().complete({ ...request([user('hi')]), signal: controller.signal }),
    ).rejects.toThrow('gone');
  });
});
