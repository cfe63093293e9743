import { describe, expect, it } from 'vitest';
import { crisisResources, safetyNotice } from './resources.js';
import dev from './corpus/dev.json';
import { evaluateCorpus, type CorpusItem } from './corpus/evaluate.js';
import { normalise } from './normalise.js';
import { assessRisk, highestRisk } from './risk.js';

const level = (text: string) => assessRisk(text).level;

describe('assessRisk', () => {
  it.each([
    'Honestly I just want to kill myself tonight.',
    "I've been thinking about ending my life.",
    'Some days I want to die and nobody would notice.',
    "There's no reason to live anymore.",
    'I feel like I have nothing left to live for.',
    "I don't want to live like this, I don't want to be alive.",
    "I'm suicidal and I don't know what to do.",
    "I've been having suicidal thoughts since Friday.",
    'I keep thinking about hurting myself again.',
    'I started self-harming again last week.',
    'Everyone would be better off without me.',
    'I wish I was dead.',
    'I think about taking my own life.',
    'I don’t see any reason to live.',
    'I’ve been cutting myself when it gets bad.',
    'KILL MYSELF',
  ])('crisis: %s', (text) => {
    expect(level(text)).toBe('crisis');
  });

  it.each([
    'I would never kill myself, but I am so tired of everything.',
    "I can't go on like this.",
    'I wish I could just disappear for a while.',
    'I hurt myself again.',
  ])('concern: %s', (text) => {
    expect(level(text)).toBe('concern');
  });

  it.each([
    // A negation inside its own clause, someone else's words and an injury with its circumstances
    // are not the writer's risk (these five were 'concern' under the former phrase detector).
    "I'm not suicidal, just really sad.",
    "I don't want to die, I want things to change.",
    "I haven't self-harmed in 100 days!",
    'I hurt myself at the gym this morning.',
    'My friend told me she wants to kill herself and I am scared for her.',
    'My uncle died by suicide when I was twelve.',
    'This traffic is killing me.',
    'I died laughing at that video.',
    'The deadline is killing me but I will make it.',
    'I could kill for a coffee right now.',
    'My phone died halfway through the call.',
    "I'm dying to see that movie.",
    'I almost killed myself laughing at his joke. Kill myself laughing, honestly.',
    'I want to take my life back and start running again.',
    'I want to die my hair blue this summer.',
    "I'm cutting myself some slack this week.",
    'I felt dead tired after work but happy.',
    'Today was a good day. I walked by the river and felt calm.',
    "I'm going to die of embarrassment if he reads this.",
  ])('none: %s', (text) => {
    expect(level(text)).toBe('none');
  });

  it('names the matched phrases, never the text itself', () => {
    expect(assessRisk('I want to die. I want to hurt myself.').matched).toEqual([
      'want to die',
      'hurt myself',
    ]);
    expect(assessRisk('A quiet day.').matched).toEqual([]);
  });

  it('names the C-SSRS categories found', () => {
    expect(assessRisk('I have the pills saved up and I want to die.').categories).toEqual([
      'wish-to-be-dead',
      'preparatory',
    ]);
    expect(assessRisk('A quiet day.').categories).toEqual([]);
  });

  it('picks the most serious level of several', () => {
    expect(highestRisk(['none', 'crisis', 'concern'])).toBe('crisis');
    expect(highestRisk([])).toBe('none');
  });
});

describe('crisisResources', () => {
  it('carries the exact texts of ruling 12', () => {
    expect(crisisResources.heading).toBe("You don't have to go through this alone");
    expect(crisisResources.lines).toEqual([
      'If you are in immediate danger, call 911, the emergency number in the United States.',
      'Suicide & Crisis Lifeline: call or text 988.',
    ]);
    expect(crisisResources.disclaimer).toMatch(/not a substitute for professional care/);
    expect(crisisResources.contacts.map((c) => c.href)).toEqual(['tel:911', 'tel:988', 'sms:988']);
  });

  it('attaches resources to concern and crisis only', () => {
    expect(safetyNotice('none')).toEqual({ level: 'none', resources: null });
    expect(safetyNotice('concern').resources).toBe(crisisResources);
    expect(safetyNotice('crisis').resources).toBe(crisisResources);
  });
});

describe('normalise', () => {
  it.each([
    ['I don’t want to live', 'i do not want to live'],
    ["I don't want to live", 'i do not want to live'],
    ['I don`t want to live', 'i do not want to live'],
    ['dont', 'do not'],
    ['I want to dieeee', 'i want to die'],
    ['sooo tired', 'so tired'],
    ['I want to die 😭😭', 'i want to die'],
    ['kms', 'kill myself'],
    ['i should just kys myself', 'i should just kill myself'],
    ['i want to unalive myself', 'i want to kill myself'],
    ['sewerslide', 'suicide'],
    ['sewer slide', 'suicide'],
    ['i want to ctb', 'i want to kill myself'],
    ['suicde', 'suicide'],
    ['i want to kil myself', 'i want to kill myself'],
    ['wanna gonna', 'want to going to'],
    ['im ive cant', 'i am i have cannot'],
  ])('%s → %s', (text, expected) => {
    expect(normalise(text)).toBe(expected);
  });

  it.each([
    ['dying died dies die', 'die die die die'],
    ['killing killed kill', 'kill kill kill'],
    ['cutting cuts cut', 'cut cut cut'],
    ['overdosed overdosing od', 'overdose overdose overdose'],
  ])('lemmas: %s', (text, expected) => {
    expect(normalise(text)).toBe(expected);
  });

  it('keeps clause ends as a boundary marker', () => {
    expect(normalise('no. i want to die, now')).toBe('no | i want to die | now');
  });
});

describe('negation scope', () => {
  it.each([
    ["I'm not ok and I want to die.", 'crisis'],
    ["I don't know, I want to kill myself.", 'crisis'],
    ["I don't know I just want to die.", 'crisis'],
    ['Nothing helps but I want to end my life.', 'crisis'],
    ['I was not sleeping because I wanted to die.', 'crisis'],
    ['Not gonna lie, I want to die.', 'crisis'],
    ["I can't stop thinking about killing myself.", 'crisis'],
    ["Not a day goes by that I don't want to die.", 'crisis'],
    ["I don't want to live anymore.", 'crisis'],
    ['I would never kill myself.', 'none'],
    ["I wouldn't kill myself, my dog needs me.", 'none'],
    ['I no longer want to die.', 'none'],
    ['I stopped cutting myself two years ago.', 'none'],
  ] as const)('%s → %s', (text, expected) => {
    expect(level(text)).toBe(expected);
  });
});

describe('idiom guards', () => {
  it.each([
    "I'm burning myself out at this job.",
    "I'm going to die of embarrassment.",
    "I'm dying to see the new season.",
    'Killing it at work this week!',
    'We killed it at the gig.',
    'Dead tired but happy.',
    'My phone died on the bus.',
    'I want to disappear into a book all weekend.',
    'I would kill for a coffee.',
    'Overdosed on Netflix again.',
    'The overdose crisis in our city is getting worse.',
    'She killed herself in the novel.',
    'Took my allergy pills and went out.',
    'Listening to the song "I want to die" on repeat.',
    '♪ I hurt myself today to see if I still feel ♪',
    "I'd rather die than go to that party.",
    'Cut myself shaving.',
  ])('none: %s', (text) => {
    expect(level(text)).toBe('none');
  });

  it('still hears a later clause after an idiom', () => {
    expect(level("I'm dying to sleep, honestly I want to die.")).toBe('crisis');
    expect(level('My phone died and I want to kill myself.')).toBe('crisis');
  });

  it('needs a first-person frame around a method', () => {
    expect(level('I keep thinking about jumping off the bridge.')).toBe('crisis');
    expect(level('I have the pills saved up.')).toBe('crisis');
    expect(level('We walked across the bridge and took some pills for the headache.')).toBe('none');
  });
});

describe('first-person fallback (fallback.ts)', () => {
  it.each([
    'Lately I think my family would do fine if I was gone.',
    'I keep hoping I will not wake up.',
    'I scratched my wrists again last night.',
    'Nobody at school would miss me.',
    'I just want to sleep forever and not feel anything.',
  ])('hears the writer: %s', (text) => {
    expect(level(text)).not.toBe('none');
    expect(assessRisk(text).categories.length).toBeGreaterThan(0);
  });

  it.each([
    'She keeps hoping she will not wake up.',
    'My grandmother was gone by the time we arrived.',
    'He scratched his arms on the fence.',
    'My cousin overdosed last year and is doing well now.',
  ])('not someone else: %s', (text) => {
    expect(level(text)).toBe('none');
  });

  it.each([
    'I am not a burden to anyone, my therapist helped me see that.',
    'I no longer scratch my arms when I am upset.',
    'I would never take all those tablets.',
  ])('not when negated in its clause: %s', (text) => {
    expect(level(text)).toBe('none');
  });

  it.each([
    'I was bored to death at the dentist.',
    'This commute will be the death of me.',
    'I would die for a holiday.',
    'I am dead lol that video.',
    'I burned my hand on the kettle.',
    'I bought a knife for cooking and a rope for camping.',
    'I take my tablets twice a day as prescribed.',
    'I am going to the bridge tonight to watch the fireworks.',
  ])('not an idiom or an everyday use: %s', (text) => {
    expect(level(text)).toBe('none');
  });

  it.each([
    'I have saved up enough tablets now.',
    'I bought a rope and I know which tree.',
    'I have been researching how many pills would work.',
    'The pills are in my drawer, I am counting them tonight.',
  ])('a method with preparation or intent is crisis: %s', (text) => {
    expect(level(text)).toBe('crisis');
  });

  it('a method word alone is everyday', () => {
    expect(level('I took the train to work and walked over the bridge.')).toBe('none');
    expect(level('I cut my hair and bought a new razor.')).toBe('none');
  });

  it('names the fallback, never the words it heard', () => {
    expect(assessRisk('Nobody at school would miss me.').matched).toEqual(['first-person words of risk']);
  });
});

describe('DEV corpus (corpus/dev.json)', () => {
  const result = evaluateCorpus(dev as CorpusItem[]);

  it('holds at least 200 labelled statements', () => {
    expect(dev.length).toBeGreaterThanOrEqual(200);
  });

  it('flags at least 95% of risk statements', () => {
    expect(result.risk.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('flags at most 5% of everyday, idiom, negation and third-person statements', () => {
    expect(result.none.falseAlarmRate).toBeLessThanOrEqual(0.05);
  });

  it('finds at least 95% of crisis statements at crisis level', () => {
    expect(result.risk.crisisRecall).toBeGreaterThanOrEqual(0.95);
  });
});
