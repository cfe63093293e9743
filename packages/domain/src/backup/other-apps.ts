import { isTimeZone } from '../dates/days.js';
import { isDayInBounds } from '../dates/input.js';
import { buildEmotionData } from '../emotions/catalogue.js';
import { moodOption } from '../emotions/moods.js';
import type { EmotionData } from '../journal/types.js';

/**
 * Entries from other journaling apps and from our CSV and JSON templates (issue 17): rows become
 * entry drafts — a local day and time, a mood of ours with an emotion, notes, activities — that
 * the server saves through the same rules as a new entry. Every row that cannot be read is a
 * problem with its line, never a guess.
 */
export interface ImportProblem {
  /** Where: 'line 12', 'entries[3].mood', 'goals[0].text'. */
  where: string;
  message: string;
  /** A mood name of the file that maps to none of ours (the user can map it: `moodMap`). */
  unknownMood?: string;
}

export interface EntryDraft {
  /** Line (CSV, counting the header as 1) or index (JSON) it came from. */
  where: string;
  /** Stable key of the row: importing the same row again is recognised (idempotent imports). */
  key: string;
  day: string;
  /** 'HH:MM' (24 h) in `timezone`; noon when the file has no time. */
  time: string;
  timezone: string;
  mood: string;
  emoji?: string;
  emotionData?: EmotionData;
  notes: string;
  activities: string[];
  isPrivate: boolean;
}

/** How the moods of other apps read in ours: a mood and the wheel's emotion that says it. */
export interface MoodMapping {
  mood: string;
  emotion: string;
  intensity: number;
}

/** Daylio's five default moods (its custom mood names are mapped by the user, `moodMap`). */
export const daylioMoods: Readonly<Record<string, MoodMapping>> = {
  rad: { mood: 'Awesome', emotion: 'Joy', intensity: 8 },
  good: { mood: 'Fine', emotion: 'Calm', intensity: 6 },
  meh: { mood: 'Okay', emotion: 'Indifferent', intensity: 4 },
  bad: { mood: 'Not fine', emotion: 'Fear', intensity: 6 },
  awful: { mood: 'Very bad', emotion: 'Sadness', intensity: 8 },
};

/** The moods a user may map an unknown mood name to (ours). */
export const mappableMoods: Readonly<Record<string, MoodMapping>> = {
  Awesome: daylioMoods.rad!,
  Fine: daylioMoods.good!,
  Okay: daylioMoods.meh!,
  'Not fine': daylioMoods.bad!,
  'Very bad': daylioMoods.awful!,
};

export const daylioColumns = [
  'full_date',
  'date',
  'weekday',
  'time',
  'mood',
  'activities',
  'note_title',
  'note',
];
export const entryCsvColumns = ['date', 'time', 'timezone', 'mood', 'notes', 'activities', 'private'];
export const goalCsvColumns = ['text', 'notes', 'status', 'targetDate', 'priority', 'categories'];

/** The mapping of a mood name: the user's own choice first, then ours, then Daylio's defaults. */
export function mapMood(name: string, moodMap: Readonly<Record<string, string>> = {}): MoodMapping | null {
  const chosen = moodMap[name] ?? moodMap[name.toLowerCase()];
  if (chosen && mappableMoods[chosen]) return mappableMoods[chosen]!;
  const ours = Object.keys(mappableMoods).find((m) => m.toLowerCase() === name.trim().toLowerCase());
  if (ours) return mappableMoods[ours]!;
  if (moodOption(name.trim())) return { ...mappableMoods.Fine!, mood: name.trim() };
  return daylioMoods[name.trim().toLowerCase()] ?? null;
}

/** '21:14', '9:14 pm', '09:14 AM' → '21:14' / '09:14'; null when unreadable. */
export function readClock(value: string): string | null {
  const m = /^\s*(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?\s*$/i.exec(value);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = Number(m[2]);
  const meridiem = m[3]?.toLowerCase().replace(/\./g, '');
  if (minute > 59) return null;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (hour > 23) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const fnv = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
};

/** A row's stable key: its source and content, so the same row imported twice is the same entry. */
export const rowKey = (source: string, ...parts: string[]) =>
  `${source}:${fnv(parts.join('\u0001'))}${fnv(parts.join('\u0002'))}`;

function moodDraft(
  where: string,
  moodName: string,
  moodMap: Readonly<Record<string, string>>,
  problems: ImportProblem[],
): Pick<EntryDraft, 'mood' | 'emotionData' | 'emoji'> | null {
  const mapping = mapMood(moodName, moodMap);
  if (!mapping) {
    problems.push({
      where,
      message: `Unknown mood "${moodName.slice(0, 50)}": choose which of our moods it means (Awesome, Fine, Okay, Not fine, Very bad).`,
      unknownMood: moodName.slice(0, 50),
    });
    return null;
  }
  return {
    mood: mapping.mood,
    emoji: moodOption(mapping.mood)?.emoji,
    emotionData: buildEmotionData([mapping.emotion], mapping.intensity),
  };
}

const activitiesOf = (cell: string | undefined, separator: RegExp) =>
  (cell ?? '')
    .split(separator)
    .map((a) => a.trim())
    .filter(Boolean);

/** Rows of a CSV as records by header name (the server parses the CSV; this maps it). */
export type CsvRecord = Readonly<Record<string, string | undefined>>;

/** Whether the header is Daylio's export (its columns in its order, extra columns allowed). */
export const isDaylioHeader = (header: readonly string[]) =>
  ['full_date', 'time', 'mood', 'activities', 'note'].every((c) => header.includes(c));
export const isEntryCsvHeader = (header: readonly string[]) =>
  ['date', 'mood'].every((c) => header.includes(c));
export const isGoalCsvHeader = (header: readonly string[]) =>
  header.includes('text') && !header.includes('mood');

/** Daylio's CSV export (full_date, date, weekday, time, mood, activities, note_title, note). */
export function daylioDrafts(
  rows: readonly CsvRecord[],
  options: { timezone: string; moodMap?: Readonly<Record<string, string>> },
): { drafts: EntryDraft[]; problems: ImportProblem[] } {
  const drafts: EntryDraft[] = [];
  const problems: ImportProblem[] = [];
  rows.forEach((row, i) => {
    const where = `line ${i + 2}`;
    const day = (row.full_date ?? '').trim();
    if (!isDayInBounds(day))
      return void problems.push({
        where,
        message: `The date "${(row.full_date ?? '').trim().slice(0, 20)}" is not a date like 2024-03-05.`,
      });
    const time = readClock(row.time ?? '12:00');
    if (!time)
      return void problems.push({
        where,
        message: `The time "${(row.time ?? '').slice(0, 20)}" is not a time like 21:14.`,
      });
    const mood = moodDraft(where, (row.mood ?? '').trim(), options.moodMap ?? {}, problems);
    if (!mood) return;
    const title = (row.note_title ?? '').trim();
    const note = (row.note ?? '').replace(/<br\s*\/?>/gi, '\n').trim();
    const notes = [title, note].filter(Boolean).join('\n\n') || `Imported from Daylio: ${mood.mood}.`;
    drafts.push({
      where,
      key: rowKey('daylio', day, time, row.mood ?? '', row.activities ?? '', title, note),
      day,
      time,
      timezone: options.timezone,
      ...mood,
      notes,
      activities: activitiesOf(row.activities, /\s*\|\s*/),
      isPrivate: false,
    });
  });
  return { drafts, problems };
}

const yes = (value: string | undefined) => /^(true|yes|1|y)$/i.test((value ?? '').trim());

/** Our entries template (CSV or JSON rows): date, time?, timezone?, mood, notes?, activities?, private?. */
export function templateEntryDrafts(
  rows: readonly CsvRecord[],
  options: { timezone: string; moodMap?: Readonly<Record<string, string>>; source: string; json?: boolean },
): { drafts: EntryDraft[]; problems: ImportProblem[] } {
  const drafts: EntryDraft[] = [];
  const problems: ImportProblem[] = [];
  rows.forEach((row, i) => {
    const where = options.json ? `entries[${i}]` : `line ${i + 2}`;
    const rawDate = (row.date ?? '').trim();
    const day = rawDate.slice(0, 10);
    if (!isDayInBounds(day))
      return void problems.push({
        where,
        message: `The date "${rawDate.slice(0, 30)}" is not a date like 2024-03-05.`,
      });
    const rawTime = (row.time ?? '').trim() || (rawDate.length > 10 ? rawDate.slice(11, 16) : '12:00');
    const time = readClock(rawTime);
    if (!time)
      return void problems.push({
        where,
        message: `The time "${rawTime.slice(0, 20)}" is not a time like 21:14.`,
      });
    const timezone = (row.timezone ?? '').trim() || options.timezone;
    if (!isTimeZone(timezone))
      return void problems.push({
        where,
        message: `"${String(timezone as unknown).slice(0, 50)}" is not a time zone like Europe/Paris.`,
      });
    const moodName = (row.mood ?? '').trim();
    if (!moodName) return void problems.push({ where, message: 'Please select a mood' });
    const mood = moodDraft(where, moodName, options.moodMap ?? {}, problems);
    if (!mood) return;
    const notes = (row.notes ?? '').trim() || `Imported: ${mood.mood}.`;
    drafts.push({
      where,
      key: rowKey(options.source, day, time, timezone, moodName, row.notes ?? '', row.activities ?? ''),
      day,
      time,
      timezone,
      ...mood,
      notes,
      activities: activitiesOf(row.activities, /\s*[|;]\s*/),
      isPrivate: yes(row.private),
    });
  });
  return { drafts, problems };
}
