import type { EmotionData, JournalType } from '@mindledger/domain';
import { journalDraftPrefix } from '../../auth';

/**
 * The journal-entry draft (Part 1 §3), saved in localStorage as the user types so that a reload or
 * an automatic (idle) logout never loses an entry. One draft per user and per edited entry; a draft
 * older than 7 days is dropped; saving the entry or a manual logout clears it (decision 034).
 */
/** The optional details of the day (saved with update-mood-swp). */
export interface DayDetails {
  activities: string[];
  sleepHours: number | null;
  sleepQuality: number | null;
  productivity: number | null;
  betterme: string;
  therapyNote: string;
  therapyAttended: boolean;
}

export const emptyDayDetails = (): DayDetails => ({
  activities: [],
  sleepHours: null,
  sleepQuality: null,
  productivity: null,
  betterme: '',
  therapyNote: '',
  therapyAttended: false,
});

export interface JournalDraft {
  journalType: JournalType;
  mood: string;
  emoji: string;
  notes: string;
  emotionData: EmotionData | null;
  chatMessages: { role: 'user' | 'assistant'; text: string }[];
  goalIds: string[];
  isPrivate: boolean;
  customDate: string | null;
  promptIndex: number;
  photos: { fileId: string; url: string; name: string }[];
  extractedText: string;
  details: DayDetails;
  savedAt: number;
}

export const emptyDraft = (): JournalDraft => ({
  journalType: 'prompt',
  mood: '',
  emoji: '',
  notes: '',
  emotionData: null,
  chatMessages: [],
  goalIds: [],
  isPrivate: false,
  customDate: null,
  promptIndex: 0,
  photos: [],
  extractedText: '',
  details: emptyDayDetails(),
  savedAt: 0,
});

const prefix = journalDraftPrefix;
const maxAgeMs = 7 * 24 * 60 * 60 * 1000;

const keyOf = (userId: string, editId?: string | null) => `${prefix}${userId}${editId ? `.${editId}` : ''}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether a draft holds anything the user would miss. */
export function hasContent(d: JournalDraft): boolean {
  return Boolean(
    d.notes.trim() ||
    d.mood ||
    d.emotionData ||
    d.chatMessages.length > 0 ||
    d.photos.length > 0 ||
    d.goalIds.length > 0 ||
    JSON.stringify(d.details) !== JSON.stringify(emptyDayDetails()),
  );
}

export function loadDraft(userId: string, editId?: string | null, now = Date.now()): JournalDraft | null {
  const raw = storage()?.getItem(keyOf(userId, editId));
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<JournalDraft>;
    const parsed = { ...emptyDraft(), ...stored, details: { ...emptyDayDetails(), ...stored.details } };
    if (now - parsed.savedAt > maxAgeMs) {
      clearDraft(userId, editId);
      return null;
    }
    return parsed;
  } catch {
    clearDraft(userId, editId);
    return null;
  }
}

export function saveDraft(
  userId: string,
  editId: string | null | undefined,
  draft: JournalDraft,
  now = Date.now(),
) {
  const store = storage();
  if (!store) return;
  try {
    if (hasContent(draft)) store.setItem(keyOf(userId, editId), JSON.stringify({ ...draft, savedAt: now }));
    else store.removeItem(keyOf(userId, editId));
  } catch {
    // storage full or unavailable: the draft stays in memory only
  }
}

export function clearDraft(userId: string, editId?: string | null) {
  storage()?.removeItem(keyOf(userId, editId));
}

/** The day the week card chose for a new entry (Part 1 §2), if any. */
export const chosenDateKey = 'ml.journalDate';
