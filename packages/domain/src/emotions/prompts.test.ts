import { describe, expect, it } from 'vitest';
import { journalPrompts } from './prompts.js';

describe('journalPrompts', () => {
  it('has exactly 25 distinct prompts', () => {
    expect(journalPrompts).toHaveLength(25);
    expect(new Set(journalPrompts.map((prompt) => prompt.toLowerCase())).size).toBe(25);
  });

  it('are full sentences without clinical wording', () => {
    for (const prompt of journalPrompts) {
      expect(prompt).toMatch(/^[A-Z].*[?.]$/);
      expect(prompt.length).toBeLessThanOrEqual(120);
      expect(prompt.toLowerCase()).not.toMatch(/diagnos|symptom|disorder|depress|clinical/);
    }
  });
});
