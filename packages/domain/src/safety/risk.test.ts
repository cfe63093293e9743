import { describe, expect, it } from 'vitest';
import { crisisResources, safetyNotice } from './resources.js';
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
    "I'm not suicidal, just really sad.",
    "I don't want to die, I want things to change.",
    "I haven't self-harmed in 100 days!",
    'I hurt myself at the gym this morning.',
    "I can't go on like this.",
    'I wish I could just disappear for a while.',
    'My friend told me she wants to kill herself and I am scared for her.',
    'My uncle died by suicide when I was twelve.',
  ])('concern: %s', (text) => {
    expect(level(text)).toBe('concern');
  });

  it.each([
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

  it('picks the most serious level of several', () => {
    expect(highestRisk(['none', 'crisis', 'concern'])).toBe('crisis');
    expect(highestRisk([])).toBe('none');
  });
});

describe('crisisResources', () => {
  it('carries the exact texts of ruling 12', () => {
    expect(crisisResources.heading).toBe("You don't have to go through this alone");
    expect(crisisResources.lines).toEqual([
      'If you are in immediate danger, call your local emergency number (911 in the US).',
      'Call or text 988 to reach the Suicide & Crisis Lifeline (US).',
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
