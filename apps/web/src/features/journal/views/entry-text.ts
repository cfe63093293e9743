import type { JournalEntry } from '../api';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Plain text of stored notes (which may keep basic formatting tags); rendered as text, never HTML. */
export function plainText(value: string): string {
  return value
    .replace(/<br\s*\/?>|<\/p>|<\/li>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (match) => entities[match] ?? match)
    .replace(/\s+/g, ' ')
    .trim();
}

/** A short excerpt: the notes, else the first thing the user said in a chat. */
export function entryExcerpt(entry: JournalEntry, max = 220): string {
  const fromChat = entry.chatMessages?.find((m) => m.role === 'user' && m.text.trim())?.text ?? '';
  const text = plainText(entry.notes || fromChat);
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The emotion breadcrumb primary > secondary > specific (Part 1 §2). */
export function emotionPath(entry: JournalEntry): string[] {
  const data = entry.emotionData;
  if (!data) return [];
  const named = [data.primaryEmotion, data.secondaryEmotion, data.specificFeeling].filter(
    (name): name is string => typeof name === 'string' && name.trim() !== '',
  );
  const names = named.length > 0 ? named : data.path.filter(Boolean).slice(0, 3);
  // Simple-mode selections are the pseudo-emotions 'positive', 'neutral', 'negative'.
  return names.map((name) => name.charAt(0).toUpperCase() + name.slice(1));
}

export const journalTypeLabels = { chat: 'Chat', voice: 'Voice', photo: 'Photo' } as const;
