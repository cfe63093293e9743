import { useEffect, useId, useState, type CSSProperties } from 'react';
import { journalMessages, moodOption } from '@mindledger/domain';
import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../ui/states';
import { journalApi, journalKeys, type JournalEntry, type WeekDaySummary } from '../api';
import { longDay, shortWeekday, weekOf } from './dates';
import { readDeletedIds } from './deleted-ids';
import { storeJournalDate } from './journal-date';
import { dateFetchFailed } from './StreakCard';
import { useHomeToday } from './useHomeToday';
import classes from './WeekJourneyCard.module.css';

export const futureDateMessage = journalMessages.futureDate;
export const journalingPath = '/user/journaling-feature';

/** The progress line of the week card (Part 1 §2), quoted literally. */
export function weekProgressText(daysDone: number): string {
  if (daysDone === 0) return 'Start your week strong! 7 days of opportunity await';
  return `Great progress! ${daysDone} day(s) down, ${7 - daysDone} to go`;
}

type DayLatest = NonNullable<WeekDaySummary['latest']>;
type DayState = { kind: 'entry'; latest: DayLatest; count: number } | { kind: 'open' } | { kind: 'future' };

export interface WeekDay {
  date: string;
  isToday: boolean;
  state: DayState;
}

/**
 * Monday..Sunday of today's week with what each day shows: the server's count and newest entry of
 * the day. An entry this browser deleted (Part 1 §3) that a cached answer still holds is left out:
 * the day's newest is then taken from the entries of the answer.
 */
export function weekDays(
  today: string,
  summary: WeekDaySummary[],
  entries: JournalEntry[],
  deleted: ReadonlySet<string> = new Set(),
): WeekDay[] {
  return weekOf(today).map((date) => {
    const day = summary.find((d) => d.date === date);
    const goneHere = entries.filter((e) => e.date === date && deleted.has(e.id)).length;
    const latestGone = !!day?.latest && deleted.has(day.latest.id);
    const count = Math.max(0, (day?.count ?? 0) - Math.max(goneHere, latestGone ? 1 : 0));
    const latest = latestGone ? newestKept(entries, date, deleted) : day?.latest;
    const state: DayState =
      count > 0 && latest
        ? { kind: 'entry', latest, count }
        : date > today
          ? { kind: 'future' }
          : { kind: 'open' };
    return { date, isToday: date === today, state };
  });
}

function newestKept(
  entries: JournalEntry[],
  date: string,
  deleted: ReadonlySet<string>,
): DayLatest | undefined {
  const kept = entries.filter((e) => e.date === date && !deleted.has(e.id));
  const newest = kept.reduce<JournalEntry | undefined>(
    (a, e) => (!a || e.entryAt > a.entryAt ? e : a),
    undefined,
  );
  return (
    newest && {
      id: newest.id,
      mood: newest.mood,
      emoji: newest.emoji,
      color: newest.emotionData?.color ?? null,
    }
  );
}

function dayName(day: WeekDay): string {
  const name = `${longDay(day.date)}${day.isToday ? ' (Today)' : ''}`;
  switch (day.state.kind) {
    case 'entry': {
      const { latest, count } = day.state;
      const more = count > 1 ? `, ${count} entries` : '';
      return `${name}: ${[latest.emoji, latest.mood].filter(Boolean).join(' ')}${more}`;
    }
    case 'open':
      return `${name}: no entry yet, write one`;
    case 'future':
      return `${name}: ${futureDateMessage}`;
  }
}

/** "This Week's Journey" (Part 1 §2): Monday-first day circles in the user's time zone. */
export function WeekJourneyCard() {
  const today = useHomeToday();
  const navigate = useNavigate();
  const titleId = useId();
  const noticeId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const week = useQuery({
    queryKey: journalKeys.week(today),
    queryFn: ({ signal }) => journalApi.week(today, signal),
  });

  useEffect(() => {
    if (week.isError) console.error(dateFetchFailed, week.error);
  }, [week.isError, week.error]);

  const days = weekDays(
    today,
    week.data?.data.days ?? [],
    week.data?.data.entries ?? [],
    new Set(readDeletedIds()),
  );
  const daysDone = days.filter((day) => day.state.kind === 'entry').length;

  const choose = (day: WeekDay) => {
    if (day.state.kind === 'future') {
      setNotice(futureDateMessage);
      return;
    }
    storeJournalDate(day.date);
    void navigate(journalingPath);
  };

  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          This Week&apos;s Journey
        </Title>
        {week.isError ? (
          <ErrorState
            title="Your week could not be loaded"
            message={dateFetchFailed}
            onRetry={() => void week.refetch()}
          />
        ) : (
          <>
            <ol className={classes.week} aria-label="Days of this week" aria-busy={week.isPending}>
              {days.map((day) => (
                <li key={day.date} className={classes.day}>
                  <Text
                    component="span"
                    fz="xs"
                    fw={day.isToday ? 700 : 500}
                    c={day.isToday ? undefined : 'dimmed'}
                    aria-hidden="true"
                  >
                    {day.isToday ? 'Today' : shortWeekday(day.date)}
                  </Text>
                  {week.isPending ? (
                    <Skeleton circle h={40} w={40} />
                  ) : (
                    <DayCircle day={day} onChoose={choose} noticeId={noticeId} />
                  )}
                </li>
              ))}
            </ol>
            <Stack gap={4}>
              {week.isPending ? (
                <Skeleton h={16} w="70%" />
              ) : (
                <Text fz="sm" fw={500}>
                  {weekProgressText(daysDone)}
                </Text>
              )}
              <Text id={noticeId} fz="sm" c="dimmed" fw={500} role="status" aria-live="polite">
                {notice}
              </Text>
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}

interface DayCircleProps {
  day: WeekDay;
  noticeId: string;
  onChoose: (day: WeekDay) => void;
}

function tintOf(entry: DayLatest): CSSProperties {
  const color = moodOption(entry.mood)?.color ?? entry.color;
  return color ? ({ '--day-color': color } as CSSProperties) : {};
}

function DayCircle({ day, noticeId, onChoose }: DayCircleProps) {
  const label = dayName(day);
  const todayProps = day.isToday ? { 'data-today': true } : {};
  if (day.state.kind === 'entry') {
    return (
      <>
        <span
          role="img"
          aria-label={label}
          title={label}
          className={classes.circle}
          data-kind="entry"
          style={tintOf(day.state.latest)}
          {...todayProps}
        >
          <span aria-hidden="true">{day.state.latest.emoji || '✓'}</span>
        </span>
        <span className={classes.caption} aria-hidden="true" />
      </>
    );
  }
  if (day.state.kind === 'future') {
    return (
      <>
        <button
          type="button"
          aria-label={label}
          aria-disabled="true"
          aria-describedby={noticeId}
          className={classes.circle}
          data-kind="future"
          onClick={() => onChoose(day)}
        >
          <span className={classes.dot} aria-hidden="true" />
        </button>
        <span className={classes.caption} aria-hidden="true" />
      </>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-label={label}
        className={classes.circle}
        data-kind="open"
        onClick={() => onChoose(day)}
        {...todayProps}
      >
        <span aria-hidden="true">+</span>
      </button>
      <Text component="span" className={classes.caption} fz={11} c="dimmed" aria-hidden="true">
        Ready?
      </Text>
    </>
  );
}
