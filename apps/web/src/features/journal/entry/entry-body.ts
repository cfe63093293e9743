import { validateJournalSave } from '@mindledger/domain';
import type { EntryInput } from '../api';
import { emptyDayDetails, type DayDetails, type JournalDraft } from './draft';

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

/** Whether any optional detail of the day is filled in. */
export function hasDetails(d: DayDetails): boolean {
  return (
    d.activities.length > 0 ||
    d.sleepHours !== null ||
    d.sleepQuality !== null ||
    d.productivity !== null ||
    d.betterme.trim() !== '' ||
    d.therapyNote.trim() !== '' ||
    d.therapyAttended
  );
}

/** The update-mood-swp body: every block, null when empty (so an edit can clear one). */
export function dayDetailsBody(moodId: string, d: DayDetails) {
  const sleep = d.sleepHours !== null && d.sleepQuality !== null;
  const therapy = d.therapyNote.trim() !== '' || d.therapyAttended;
  return {
    moodId,
    activities: d.activities,
    sleepRoutine: sleep
      ? { hours: Math.min(24, Math.max(0, Math.round((d.sleepHours ?? 0) * 2) / 2)), quality: d.sleepQuality }
      : null,
    productivity: d.productivity !== null ? { level: d.productivity } : null,
    betterme: d.betterme.trim() ? { note: d.betterme.trim() } : null,
    therapyProcess: therapy
      ? {
          ...(d.therapyNote.trim() ? { note: d.therapyNote.trim() } : {}),
          sessionAttended: d.therapyAttended,
        }
      : null,
  };
}

/** The details stored on an entry, back in draft form. */
export function detailsOf(entry: {
  activities: string[];
  sleepRoutine: Record<string, unknown> | null;
  productivity: Record<string, unknown> | null;
  betterme: Record<string, unknown> | null;
  therapyProcess: Record<string, unknown> | null;
}): DayDetails {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    ...emptyDayDetails(),
    activities: entry.activities,
    sleepHours: num(entry.sleepRoutine?.hours),
    sleepQuality: num(entry.sleepRoutine?.quality),
    productivity: num(entry.productivity?.level),
    betterme: str(entry.betterme?.note),
    therapyNote: str(entry.therapyProcess?.note),
    therapyAttended: entry.therapyProcess?.sessionAttended === true,
  };
}
