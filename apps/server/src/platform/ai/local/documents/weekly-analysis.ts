/**
 * The analysis behind the weekly report: counts and comparisons over the week's own entries, with
 * the days and entry ids behind every figure. Pure; the local report words it, and the
 * OpenAI-compatible adapter hands it to the model so the numbers it writes are the real ones.
 *
 * A relation (sleep or an activity against mood) is only stated when both sides have at least
 * `minimumDaysEachSide` days; otherwise the comparison says it is not enough.
 */
import { addDays, assessRisk, daysBetween, type Sentiment } from '@mindledger/domain';
import type { WeeklyEntryInput, WeeklyInput } from '../../port.js';

export const minimumDaysEachSide = 3;
export const longNightHours = 7;
/** A gap in the share of positive entries this large reads "more/less often"; smaller, "about the same". */
export const notableDifference = 0.25;

export interface Evidence {
  days: string[];
  entryIds: string[];
}
export interface DayMood extends Evidence {
  day: string;
  positive: number;
  neutral: number;
  negative: number;
  total: number;
}
export interface EmotionStat extends Evidence {
  name: string;
  count: number;
  /** Mean intensity (1–10) to one decimal. */
  averageIntensity: number;
}
export interface GoalStat extends Evidence {
  id: string;
  text: string;
  count: number;
}
export interface CountStat extends Evidence {
  name: string;
  count: number;
}
/** One side of a comparison: its days, and the entries written on them. */
export interface Side extends Evidence {
  positive: number;
  total: number;
}
export interface Comparison {
  /** 'sleep', or the activity's name as the user wrote it. */
  subject: string;
  enough: boolean;
  with: Side;
  without: Side;
  /** Only when `enough`: how the share of positive entries compares with vs without. */
  direction?: 'more' | 'less' | 'same';
}

export interface WeeklyAnalysis {
  startDate: string;
  endDate: string;
  /** The period's days, in order. */
  days: string[];
  /** The period's entries, oldest first (entries outside the period are left out). */
  entries: WeeklyEntryInput[];
  totals: Record<Sentiment, number> & { entries: number };
  activeDays: string[];
  byDay: DayMood[];
  topEmotions: EmotionStat[];
  goals: GoalStat[];
  streak: number;
  /** What the positive entries hold: their activities and the words that recur in them. */
  helped: Evidence & { activities: CountStat[]; words: CountStat[] };
  sleep: Comparison;
  activities: Comparison[];
  /** Entries whose text expresses risk (ruling 12): never quoted, and the report shows help lines. */
  riskEntryIds: string[];
}

const uniq = <T>(items: Iterable<T>) => [...new Set(items)];
const evidence = (entries: readonly WeeklyEntryInput[]): Evidence => ({
  days: uniq(entries.map((e) => e.day)).sort(),
  entryIds: entries.map((e) => e.id),
});

function side(days: readonly string[], entries: readonly WeeklyEntryInput[]): Side {
  const on = entries.filter((e) => days.includes(e.day));
  return {
    days: [...days].sort(),
    entryIds: on.map((e) => e.id),
    positive: on.filter((e) => e.sentiment === 'positive').length,
    total: on.length,
  };
}

/** Compares the entries of days where `has(day)` holds with those of the other active days. */
function compare(
  subject: string,
  entries: readonly WeeklyEntryInput[],
  withDays: string[],
  withoutDays: string[],
): Comparison {
  const a = side(withDays, entries);
  const b = side(withoutDays, entries);
  const enough = a.days.length >= minimumDaysEachSide && b.days.length >= minimumDaysEachSide;
  if (!enough) return { subject, enough, with: a, without: b };
  const gap = a.positive / a.total - b.positive / b.total;
  const direction = gap >= notableDifference ? 'more' : gap <= -notableDifference ? 'less' : 'same';
  return { subject, enough, with: a, without: b, direction };
}

function emotions(entries: readonly WeeklyEntryInput[]): EmotionStat[] {
  const groups = new Map<string, WeeklyEntryInput[]>();
  for (const entry of entries) {
    const name = entry.emotion?.primary.trim();
    if (name) groups.set(name, [...(groups.get(name) ?? []), entry]);
  }
  return [...groups]
    .map(([name, group]) => ({
      name,
      count: group.length,
      averageIntensity:
        Math.round((group.reduce((sum, e) => sum + (e.emotion?.intensity ?? 0), 0) / group.length) * 10) / 10,
      ...evidence(group),
    }))
    .sort(
      (a, b) => b.count - a.count || b.averageIntensity - a.averageIntensity || a.name.localeCompare(b.name),
    )
    .slice(0, 3);
}

function activityGroups(
  entries: readonly WeeklyEntryInput[],
): Map<string, { name: string; entries: WeeklyEntryInput[] }> {
  const groups = new Map<string, { name: string; entries: WeeklyEntryInput[] }>();
  for (const entry of entries) {
    for (const raw of uniq(entry.activities.map((a) => a.trim()).filter(Boolean))) {
      const key = raw.toLowerCase();
      const group = groups.get(key) ?? { name: raw, entries: [] };
      if (!group.entries.includes(entry)) group.entries.push(entry);
      groups.set(key, group);
    }
  }
  return groups;
}

const countStats = (groups: Iterable<{ name: string; entries: WeeklyEntryInput[] }>): CountStat[] =>
  [...groups]
    .map((g) => ({ name: g.name, count: g.entries.length, ...evidence(g.entries) }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

const stopwords = new Set(
  `about after again also always because been before being could didn't does doing don't down during each even every feel feeling felt from going gonna have having here just know like little made make more most much need really said same some still such than that that's their them then there these they thing things think this those through today very want went were what when where which while will with would your yesterday tomorrow morning night week`.split(
    ' ',
  ),
);

/** Words (4+ letters, not filler) in at least two of the given entries, most shared first. */
function recurringWords(entries: readonly WeeklyEntryInput[]): CountStat[] {
  const groups = new Map<string, { name: string; entries: WeeklyEntryInput[] }>();
  for (const entry of entries) {
    // Keyed in lower case; named as first written, so a quoted word is the user's own.
    const written = entry.text.match(/[A-Za-z][A-Za-z'\u2019]{3,}/g) ?? [];
    const words = new Map<string, string>();
    for (const form of written) {
      const key = form.toLowerCase().replace(/\u2019/g, "'");
      if (!stopwords.has(key) && !words.has(key)) words.set(key, form);
    }
    for (const [key, form] of words) {
      const group = groups.get(key) ?? { name: form, entries: [] };
      group.entries.push(entry);
      groups.set(key, group);
    }
  }
  return countStats([...groups.values()].filter((g) => g.entries.length >= 2)).slice(0, 5);
}

export function analyseWeek(input: WeeklyInput): WeeklyAnalysis {
  const length = daysBetween(input.startDate, input.endDate) + 1;
  const days = Array.from({ length: Math.max(0, Math.min(length, 31)) }, (_, i) =>
    addDays(input.startDate, i),
  );
  const entries = input.entries
    .filter((e) => e.day >= input.startDate && e.day <= input.endDate)
    .sort((a, b) => a.day.localeCompare(b.day) || a.time.localeCompare(b.time) || a.id.localeCompare(b.id));
  const count = (s: Sentiment, list = entries) => list.filter((e) => e.sentiment === s).length;
  const activeDays = uniq(entries.map((e) => e.day)).sort();
  const byDay = activeDays.map((day) => {
    const on = entries.filter((e) => e.day === day);
    return {
      day,
      ...evidence(on),
      positive: count('positive', on),
      neutral: count('neutral', on),
      negative: count('negative', on),
      total: on.length,
    };
  });
  const riskEntryIds = entries.filter((e) => assessRisk(e.text).level !== 'none').map((e) => e.id);
  const positive = entries.filter((e) => e.sentiment === 'positive');

  const sleepByDay = new Map<string, number>();
  for (const e of entries) {
    if (typeof e.sleepHours === 'number' && Number.isFinite(e.sleepHours) && !sleepByDay.has(e.day))
      sleepByDay.set(e.day, e.sleepHours);
  }
  const sleepDays = [...sleepByDay.keys()];
  const sleep = compare(
    'sleep',
    entries,
    sleepDays.filter((d) => sleepByDay.get(d)! >= longNightHours),
    sleepDays.filter((d) => sleepByDay.get(d)! < longNightHours),
  );

  const activities = [...activityGroups(entries).values()].map((group) => {
    const withDays = uniq(group.entries.map((e) => e.day));
    return compare(
      group.name,
      entries,
      withDays,
      activeDays.filter((d) => !withDays.includes(d)),
    );
  });

  return {
    startDate: input.startDate,
    endDate: input.endDate,
    days,
    entries,
    totals: {
      entries: entries.length,
      positive: count('positive'),
      neutral: count('neutral'),
      negative: count('negative'),
    },
    activeDays,
    byDay,
    topEmotions: emotions(entries),
    goals: input.goals.map((goal) => {
      const mentioned = entries.filter((e) => e.goalIds.includes(goal.id));
      return { id: goal.id, text: goal.text.trim(), count: mentioned.length, ...evidence(mentioned) };
    }),
    streak: Math.max(0, Math.trunc(input.streak)),
    helped: {
      ...evidence(positive),
      activities: countStats(activityGroups(positive).values()),
      words: recurringWords(positive.filter((e) => !riskEntryIds.includes(e.id))),
    },
    sleep,
    activities,
    riskEntryIds,
  };
}
