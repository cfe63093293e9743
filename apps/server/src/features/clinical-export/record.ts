import type {
  CarePlanDocument,
  ClinicalExportPart,
  EmotionData,
  MeasureKind,
  NoteCategory,
  Sentiment,
} from '@mindledger/domain';

/**
 * The parts of a client's record an export is built from (decision 093). The repo reads them; the
 * FHIR and PDF builders only shape them, so they are tested with fixed inputs.
 */
export interface RecordPerson {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  timezone: string;
}

export interface RecordHeader {
  patient: RecordPerson;
  /** The provider who exports (absent from the client's own copy). */
  practitioner: RecordPerson | null;
  range: { start: string; end: string };
  include: Record<ClinicalExportPart, boolean>;
  generatedAt: Date;
  /** The client's own copy: private entries included and marked. */
  own: boolean;
}

export interface RecordEntry {
  id: string;
  entryAt: Date;
  localDay: string;
  userTimezone: string;
  mood: string;
  notes: string;
  journalType: string;
  emotionData: EmotionData | null;
  coreEmotion: string;
  intensity: number | null;
  sentiment: Sentiment;
  isPrivate: boolean;
}

export interface RecordMeasure {
  id: string;
  kind: MeasureKind;
  answers: Record<string, number>;
  total: number;
  safetyAlert: boolean;
  completedAt: Date;
  /** Against the client's first and previous scores of the same measure (all time). */
  first: number | null;
  previous: number | null;
}

export interface RecordGoal {
  id: string;
  type: 'personal' | 'therapist';
  text: string;
  notes: string | null;
  /** Set by the exporting practitioner (a therapist goal they wrote). */
  byPractitioner: boolean;
  createdAt: Date;
  targetDate: Date | null;
  completedAt: Date | null;
  abandonedAt: Date | null;
  /** Entries in the reader's scope that mention it. */
  mentions: number;
}

export interface RecordCarePlan {
  id: string;
  version: number;
  isSigned: boolean;
  signedAt: Date | null;
  updatedAt: Date;
  content: CarePlanDocument;
}

export interface RecordAddendum {
  id: string;
  authorName: string;
  text: string;
  createdAt: Date;
}

export interface RecordNote {
  id: string;
  title: string;
  notes: string;
  additionalNotes: string | null;
  category: NoteCategory | null;
  sessionDate: string;
  timeMinutes: number;
  duration: number;
  service: string;
  recommendations: string[];
  frequency: string;
  signedAt: Date;
  signedByName: string;
  addenda: RecordAddendum[];
}

/** A week of entries (Monday first, the client's days) as the PDF's trend reads it. */
export interface RecordWeek {
  weekStart: string;
  entries: number;
  days: number;
  averageIntensity: number | null;
  positive: number;
  neutral: number;
  negative: number;
}

export interface RecordEmotionCount {
  emotion: string;
  count: number;
  averageIntensity: number | null;
}
