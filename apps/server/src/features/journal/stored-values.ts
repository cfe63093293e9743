import {
  entrySentiment,
  mapEmotionData,
  mapToCoreEmotion,
  type CoreEmotionMapping,
  type PreparedJournalEntry,
  type Sentiment,
} from '@mindledger/domain';

export type Prepared = PreparedJournalEntry;

/** Everything the ledger search reads of an entry, lowercased (goal texts are matched live). */
function searchTextOf(entry: Prepared): string {
  const emotion = entry.emotionData;
  return [
    entry.mood,
    entry.notes,
    emotion?.primaryEmotion,
    emotion?.secondaryEmotion,
    emotion?.specificFeeling,
    ...(entry.chatMessages ?? []).map((m) => m.text),
    entry.photoData?.extractedText,
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
}

function derived(entry: Prepared, now: Date): { emotion: CoreEmotionMapping; sentiment: Sentiment } {
  const emotion = entry.emotionData
    ? mapEmotionData(entry.emotionData, entry.mood, entry.emoji, now)
    : mapToCoreEmotion({ mood: entry.mood, emoji: entry.emoji }, now);
  const sentiment = entrySentiment({ emotionData: entry.emotionData, emotion, mood: entry.mood });
  return { emotion, sentiment };
}

/**
 * The stored columns of an entry that passed the save rules: its texts as cleaned, its core
 * emotion and sentiment, its search text. One rule for a new entry, an edit and an import.
 */
export function storedEntryValues(entry: Prepared, now: Date) {
  const { emotion, sentiment } = derived(entry, now);
  return {
    mood: entry.mood,
    emoji: entry.emoji ?? null,
    notes: entry.notes ?? '',
    journalType: entry.journalType,
    journalMode: entry.journalMode ?? null,
    chatMessages: entry.chatMessages ?? [],
    isAiGenerated: entry.isAIGenerated ?? false,
    emotionData: entry.emotionData ?? null,
    originalEmotionData: entry.originalEmotionData ?? entry.emotionData ?? null,
    emotion,
    coreEmotion: emotion.core,
    primaryEmotion: entry.emotionData?.primaryEmotion ?? null,
    intensity: entry.emotionData?.intensity ?? emotion.intensity ?? null,
    sentiment,
    aiMetadata: entry.aiMetadata ?? null,
    photoData: entry.photoData ?? null,
    isPrivate: entry.isPrivate ?? false,
    userLocalTimestamp: entry.userLocalTimestamp ?? null,
    searchText: searchTextOf(entry),
  };
}
