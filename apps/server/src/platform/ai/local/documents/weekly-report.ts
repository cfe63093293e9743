import {
  aiDocumentMessages,
  crisisResources,
  crisisResourcesFor,
  type CrisisResources,
  type WeeklyItem,
  type WeeklyReport,
  type WeeklySection,
} from '@mindledger/domain';
import type { WeeklyInput } from '../../port.js';
import {
  analyseWeek,
  longNightHours,
  minimumDaysEachSide,
  type Comparison,
  type Evidence,
  type WeeklyAnalysis,
} from './weekly-analysis.js';
import { firstNameOf, formatDayShort, listOf, named, plural, quote, sentencesOf } from './text.js';
import { questions, sentimentParts, summary } from './weekly-summary.js';

const item = (content: string, from: Evidence = { days: [], entryIds: [] }): WeeklyItem => ({
  content,
  dates: [...from.days].sort().slice(0, 7),
  entryIds: from.entryIds.slice(0, 50),
});
const merge = (...all: Evidence[]): Evidence => ({
  days: [...new Set(all.flatMap((e) => e.days))].sort(),
  entryIds: [...new Set(all.flatMap((e) => e.entryIds))],
});
const section = (title: string, icon: string, color: string, items: WeeklyItem[]): WeeklySection => ({
  title,
  icon,
  color,
  items: items.slice(0, 20),
});

function moodSection(a: WeeklyAnalysis): WeeklySection {
  if (!a.totals.entries)
    return section('Your Mood Through the Week', 'trending-up', '#4F46E5', [
      item("You didn't write any journal entries this week."),
    ]);
  const all = merge({ days: a.activeDays, entryIds: a.entries.map((e) => e.id) });
  return section('Your Mood Through the Week', 'trending-up', '#4F46E5', [
    item(
      `You wrote ${plural(a.totals.entries, 'entry', 'entries')} on ${a.activeDays.length} of the ${a.days.length} days: ${sentimentParts(a.totals)}.`,
      all,
    ),
    ...a.byDay.map((d) =>
      item(`${formatDayShort(d.day)}: ${plural(d.total, 'entry', 'entries')}, ${sentimentParts(d)}.`, d),
    ),
  ]);
}

function emotionSection(a: WeeklyAnalysis): WeeklySection {
  const items = a.topEmotions.map((e) =>
    item(
      `${e.name} came up in ${plural(e.count, 'entry', 'entries')}, at an average intensity of ${e.averageIntensity} out of 10.`,
      e,
    ),
  );
  return section(
    'Emotions You Felt Most',
    'heart',
    '#DB2777',
    items.length ? items : [item("You didn't select an emotion on this week's entries.")],
  );
}

function goalSection(a: WeeklyAnalysis): WeeklySection {
  const items = a.goals.map((g) =>
    g.count
      ? item(`You mentioned your goal ${named(g.text, 200)} in ${plural(g.count, 'entry', 'entries')}.`, g)
      : item(`Your goal ${named(g.text, 200)} didn't come up in your entries this week.`),
  );
  return section(
    'Your Goals',
    'target',
    '#059669',
    items.length ? items.slice(0, 10) : [item("You don't have any active goals right now.")],
  );
}

function rhythmSection(a: WeeklyAnalysis): WeeklySection {
  return section('Your Journaling Rhythm', 'calendar', '#8B5CF6', [
    item(`You wrote on ${a.activeDays.length} of the ${a.days.length} days.`, {
      days: a.activeDays,
      entryIds: a.entries.map((e) => e.id),
    }),
    item(
      a.streak > 0
        ? `Your current streak is ${plural(a.streak, 'day')}.`
        : "You don't have a streak going right now; writing today starts a new one.",
    ),
  ]);
}

function helpedSection(a: WeeklyAnalysis): WeeklySection {
  const positive = a.entries.filter((e) => e.sentiment === 'positive' && !a.riskEntryIds.includes(e.id));
  if (!positive.length) {
    return section('What Helped', 'sun', '#F59E0B', [
      item("None of this week's entries were positive, so there's nothing to point to yet."),
    ]);
  }
  const items = a.helped.activities
    .slice(0, 3)
    .map((s) =>
      item(
        s.count === a.helped.entryIds.length && s.count > 1
          ? `${named(s.name)} was part of all ${s.count} of your positive entries.`
          : `${named(s.name)} was part of ${s.count} of your ${plural(a.helped.entryIds.length, 'positive entry', 'positive entries')}.`,
        s,
      ),
    );
  if (a.helped.words.length) {
    items.push(
      item(
        `Words that came up in more than one positive entry: ${listOf(a.helped.words.map((w) => `“${w.name}”`))}.`,
        merge(...a.helped.words),
      ),
    );
  }
  for (const entry of positive.slice(0, 2)) {
    const first = sentencesOf(entry.text)[0];
    if (first)
      items.push(
        item(`On ${formatDayShort(entry.day)} you wrote: ${quote(first, 160)}`, {
          days: [entry.day],
          entryIds: [entry.id],
        }),
      );
  }
  return section(
    'What Helped',
    'sun',
    '#F59E0B',
    items.length
      ? items
      : [item(`${plural(positive.length, 'entry', 'entries')} this week were positive.`, a.helped)],
  );
}

const directionText = (c: Comparison, withText: string) =>
  c.direction === 'same'
    ? 'Your mood looked about the same either way.'
    : `This week your entries were ${c.direction} often positive ${withText}. A week is a small sample, so treat this as something to watch rather than a rule.`;

function sleepSection(a: WeeklyAnalysis): WeeklySection {
  const s = a.sleep;
  const from = merge(s.with, s.without);
  let items: WeeklyItem[];
  if (s.enough) {
    items = [
      item(
        `On the ${s.with.days.length} days you slept ${longNightHours} hours or more, ${s.with.positive} of your ${plural(s.with.total, 'entry', 'entries')} ${s.with.positive === 1 ? 'was' : 'were'} positive; on the ${s.without.days.length} shorter nights, ${s.without.positive} of ${s.without.total} ${s.without.positive === 1 ? 'was' : 'were'}.`,
        from,
      ),
      item(directionText(s, `after nights of ${longNightHours} hours or more`), from),
    ];
  } else if (!from.days.length) {
    items = [
      item("You didn't record your sleep this week, so there's nothing to compare with your mood yet."),
    ];
  } else {
    items = [
      item(
        `There's not enough sleep data yet to compare with your mood: that needs at least ${minimumDaysEachSide} days with ${longNightHours} hours or more and ${minimumDaysEachSide} with less (this week: ${s.with.days.length} and ${s.without.days.length}).`,
        from,
      ),
    ];
  }
  return section('Sleep and Mood', 'moon', '#6366F1', items);
}

function activitySection(a: WeeklyAnalysis): WeeklySection {
  const enough = a.activities.filter((c) => c.enough).slice(0, 4);
  const items = enough.flatMap((c) => {
    const from = merge(c.with, c.without);
    return [
      item(
        `On the ${c.with.days.length} days with ${named(c.subject)}, ${c.with.positive} of your ${plural(c.with.total, 'entry', 'entries')} ${c.with.positive === 1 ? 'was' : 'were'} positive; on the ${c.without.days.length} days without, ${c.without.positive} of ${c.without.total} ${c.without.positive === 1 ? 'was' : 'were'}.`,
        from,
      ),
      item(directionText(c, `on days with ${named(c.subject)}`), from),
    ];
  });
  const thin = a.activities.filter((c) => !c.enough).slice(0, 5);
  if (thin.length) {
    items.push(
      item(
        `Not enough days yet to link ${listOf(thin.map((c) => `${named(c.subject)}`))} with your mood: each needs at least ${minimumDaysEachSide} days with it and ${minimumDaysEachSide} without.`,
        merge(...thin.map((c) => c.with)),
      ),
    );
  }
  return section(
    'Activities and Mood',
    'activity',
    '#0EA5E9',
    items.length ? items : [item("You didn't log any activities this week.")],
  );
}

/** `resources`: the user's, by the profile's time zone (crisisResourcesFor); the US ones unset. */
export function supportSection(
  a: WeeklyAnalysis,
  resources: CrisisResources = crisisResources,
): WeeklySection | undefined {
  if (!a.riskEntryIds.length) return undefined;
  const risky = a.entries.filter((e) => a.riskEntryIds.includes(e.id));
  return section('Support Is Available', 'life-buoy', '#DC2626', [
    item(`Some of what you wrote this week sounded very hard. ${resources.heading}.`, {
      days: risky.map((e) => e.day),
      entryIds: a.riskEntryIds,
    }),
    ...resources.lines.map((line) => item(line)),
  ]);
}

export function weeklyReport(input: WeeklyInput): WeeklyReport {
  const a = analyseWeek(input);
  const firstName = firstNameOf(input.firstName);
  const sections = a.totals.entries
    ? [
        supportSection(a, crisisResourcesFor({ timeZone: input.timeZone })),
        moodSection(a),
        emotionSection(a),
        goalSection(a),
        helpedSection(a),
        sleepSection(a),
        activitySection(a),
        rhythmSection(a),
      ]
    : [moodSection(a), goalSection(a), rhythmSection(a)];
  return {
    title: 'Your Week in Reflection',
    // The viewer's title already carries the dates (Part 2 §2).
    subtitle: 'A look back at your week, made from your own journal entries',
    startDate: a.startDate,
    endDate: a.endDate,
    summary: summary(a, firstName),
    sections: sections.filter((s): s is WeeklySection => s !== undefined),
    reflectionQuestions: questions(a),
    disclaimer: aiDocumentMessages.disclaimer,
  };
}
