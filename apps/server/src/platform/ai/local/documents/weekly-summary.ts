import { formatShortDay, minimumWeeklyEntries, type ReflectionQuestion } from '@mindledger/domain';
import { longNightHours, type WeeklyAnalysis } from './weekly-analysis.js';
import { listOf, named, plural } from './text.js';

/** "3 positive, 1 neutral and 2 negative", leaving out zeros. */
export const sentimentParts = (c: { positive: number; neutral: number; negative: number }) =>
  listOf((['positive', 'neutral', 'negative'] as const).filter((s) => c[s] > 0).map((s) => `${c[s]} ${s}`));

/** Reflection questions from the week's own themes: its top emotion, a goal, a pattern found. */
export function questions(a: WeeklyAnalysis): ReflectionQuestion[] {
  const list: ReflectionQuestion[] = [];
  const top = a.topEmotions[0];
  if (top) {
    list.push({
      question: `What was happening around the times you felt ${top.name.toLowerCase()}?`,
      context: `${top.name} came up in ${plural(top.count, 'entry', 'entries')} this week.`,
    });
  }
  const goal = [...a.goals].sort((x, y) => y.count - x.count)[0];
  if (goal?.count) {
    list.push({
      question: `What's one small step toward ${named(goal.text, 200)} you could take next week?`,
      context: `You mentioned this goal in ${plural(goal.count, 'entry', 'entries')}.`,
    });
  } else if (goal) {
    list.push({
      question: `Your goal ${named(goal.text, 200)} didn't come up this week. Is it still the right goal for now?`,
    });
  }
  const pattern = [a.sleep, ...a.activities].find((c) => c.enough && c.direction === 'more');
  const helper = a.helped.activities[0];
  if (pattern) {
    list.push(
      pattern.subject === 'sleep'
        ? {
            question: 'What could help you protect your sleep next week?',
            context: `Your entries were more often positive after nights of ${longNightHours} hours or more.`,
          }
        : {
            question: `How could you make room for ${named(pattern.subject)} next week?`,
            context: `Your entries were more often positive on days with it.`,
          },
    );
  } else if (helper) {
    list.push({
      question: `What is it about ${named(helper.name)} that helps you?`,
      context: `It was part of ${plural(helper.count, 'positive entry', 'positive entries')}.`,
    });
  }
  if (a.totals.negative > a.totals.positive) {
    list.push({
      question: 'What would make next week feel a little lighter?',
      context: `${a.totals.negative} of your ${plural(a.totals.entries, 'entry', 'entries')} this week were negative.`,
    });
  }
  list.push(
    a.totals.entries
      ? 'What would you like to carry into next week?'
      : 'What would make it easier to write a few lines next week?',
  );
  return list.slice(0, 5);
}

/** The summary paragraph: the figures of the analysis, nothing else. */
export function summary(a: WeeklyAnalysis, firstName: string): string {
  const range = `${formatShortDay(a.startDate)} and ${formatShortDay(a.endDate)}`;
  const lead = firstName ? `${firstName}, between` : 'Between';
  if (!a.totals.entries)
    return `${lead} ${range} you didn't write any journal entries, so there's nothing to reflect on for this week yet.`;
  const parts = [
    `${lead} ${range} you wrote ${plural(a.totals.entries, 'entry', 'entries')} on ${plural(a.activeDays.length, 'day')}: ${sentimentParts(a.totals)}.`,
  ];
  const top = a.topEmotions[0];
  if (top)
    parts.push(
      `The emotion you checked in with most was ${top.name} (${plural(top.count, 'entry', 'entries')}, average intensity ${top.averageIntensity} of 10).`,
    );
  const goals = a.goals.filter((g) => g.count > 0);
  if (goals.length)
    parts.push(
      `You mentioned ${listOf(goals.slice(0, 3).map((g) => `${named(g.text, 200)}`))} in your entries.`,
    );
  const pattern = [a.sleep, ...a.activities].find((c) => c.enough && c.direction !== 'same');
  if (pattern)
    parts.push(
      pattern.subject === 'sleep'
        ? 'There may be a link between your sleep and your mood this week (see Sleep and Mood).'
        : `There may be a link between ${named(pattern.subject)} and your mood this week (see Activities and Mood).`,
    );
  parts.push(
    a.streak > 0
      ? `Your current streak is ${plural(a.streak, 'day')}.`
      : 'You have no streak going right now.',
  );
  if (a.totals.entries < minimumWeeklyEntries)
    parts.push(
      `At least ${minimumWeeklyEntries} entries are needed for a meaningful summary, so this one is brief.`,
    );
  return parts.join(' ');
}
