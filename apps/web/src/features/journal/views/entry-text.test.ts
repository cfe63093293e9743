import { describe, expect, it } from 'vitest';
import { emotionPath, entryExcerpt, plainText } from './entry-text';
import { makeEntry } from './test-fixtures';

describe('entry text', () => {
  it('turns stored notes into plain text', () => {
    expect(plainText('<p>Hello <b>there</b></p><p>friend &amp; me</p>')).toBe('Hello there friend & me');
  });

  it('excerpts notes, else the first user chat message', () => {
    expect(entryExcerpt(makeEntry({ notes: 'word '.repeat(100) }), 50)).toMatch(/^(word ){9}word…$/);
    const chat = makeEntry({
      notes: '',
      chatMessages: [
        { role: 'assistant', text: 'How was your day?' },
        { role: 'user', text: 'Long but good.' },
      ],
    });
    expect(entryExcerpt(chat)).toBe('Long but good.');
  });

  it('builds the emotion breadcrumb', () => {
    const entry = makeEntry({
      emotionData: {
        primaryEmotion: 'Joy',
        secondaryEmotion: 'Optimism',
        specificFeeling: 'Hopeful',
        intensity: 7,
        color: '#4ade80',
        category: 'positive',
        path: ['Joy', 'Optimism', 'Hopeful'],
      },
    });
    expect(emotionPath(entry)).toEqual(['Joy', 'Optimism', 'Hopeful']);
    expect(emotionPath(makeEntry())).toEqual([]);
    const simple = makeEntry({
      emotionData: {
        primaryEmotion: 'negative',
        intensity: 5,
        color: '#ef4444',
        category: 'negative',
        path: ['negative'],
      },
    });
    expect(emotionPath(simple)).toEqual(['Negative']);
  });
});
