import { validateJournalSave } from '@mindledger/domain';
import type { EntryInput } from '../api';
import type { JournalDraft } from './draft';

const conversational = (type: JournalDraft['journalType']) => type === 'chat' || type === 'voice';

/** The create/update body for a draft (the server re-checks every rule). */
export function entryBody(draft: JournalDraft): EntryInput {
  const body: EntryInput = {
    mood: draft.mood,
    emoji: draft.emoji || undefined,
    notes: draft.notes,
    journalType: draft.journalType,
    journalMode: draft.journalType,
    emotionData: draft.emotionData,
    originalEmotionData: draft.emotionData,
    goal: { selectedGoals: draft.goalIds },
    isPrivate: draft.isPrivate,
  };
  if (conversational(draft.journalType)) {
    body.chatMessages = draft.chatMessages;
    body.isAIGenerated = true;
  }
  if (draft.journalType === 'photo') {
    body.photoData = {
      images: draft.photos.map((p) => ({ fileId: p.fileId })),
      extractedText: draft.extractedText,
    };
  }
  if (draft.customDate) body.customDate = draft.customDate;
  return body;
}

/** The first save rule the draft breaks (Part 1 §5, the domain's exact texts), or null. */
export function firstProblem(draft: JournalDraft): string | null {
  const result = validateJournalSave(entryBody(draft));
  return result.valid ? null : (result.errors[0] ?? null);
}
