// The shared vocabulary (types.ts) is exported by packages/domain/src/index.ts on its own line.
export {
  cleanEmoji,
  defaultEmotionColor,
  defaultIntensity,
  emotionLimits,
  sanitizeEmotionData,
  sanitizeIntensity,
} from './emotion.js';
export { hasInvalidNotesContent, notesMaxLength, sanitizeNotes } from './notes.js';
export {
  validateDate,
  validateLength,
  validateNumber,
  validateOneOf,
  validatePattern,
  validateText,
  type FieldBounds,
  type FieldOptions,
  type LengthField,
  type NumberOptions,
} from './fields.js';
export {
  chatMessageErrors,
  chatMessagesMax,
  defaultJournalType,
  effectiveJournalType,
  emotionPathForSave,
  emotionSelectionErrors,
  journalMessages,
  validateJournalSave,
  type JournalSaveDraft,
  type JournalSaveResult,
} from './save.js';
export {
  createMoodSchema,
  entryLimits,
  updateMoodSchema,
  type CreateMoodInput,
  type EntryPhotoData,
  type JournalEntryInput,
  type UpdateMoodInput,
} from './schemas.js';
export {
  bettermeSchema,
  productivitySchema,
  sleepRoutineSchema,
  suggestedActivities,
  dayDetailLimits,
  therapyProcessSchema,
  updateDayDetailsSchema,
  type Betterme,
  type Productivity,
  type SleepRoutine,
  type TherapyProcess,
  type UpdateDayDetailsInput,
} from './day-details.js';
export {
  formatIssue,
  prepareJournalEntry,
  type PrepareResult,
  type PreparedJournalEntry,
} from './prepare.js';
export { journalReadBounds } from './bounds.js';
export { photoLimits } from './photos.js';
export type { EntryGoalResponse, EntryPhotoResponse, EntryRequest, EntryResponse } from './responses.js';
