import { useId, useState, type CSSProperties } from 'react';
import { ActionIcon, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { moodOption } from '@mindledger/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../ui/states';
import {
  addDays,
  dateFetchFailed,
  mondayOf,
  shortDate,
  shortWeekday,
  weekOf,
  type WeekDaySummary,
} from '../../journal';
import { clientJournalApi, clientJournalKeys } from './api';
import classes from './ClientDashboard.module.css';
import { fullDay } from './entry-format';
import panel from './ClientJournal.module.css';

interface DayView {
  date: string;
  isToday: boolean;
  future: boolean;
  latest: WeekDaySummary['latest'];
  count: number;
}

/** The week's days from the server's day summaries (exact counts and newest entry, however many). */
function dayViews(weekStart: string, today: string, summary: WeekDaySummary[]): DayView[] {
  return weekOf(weekStart).map((date) => {
    const day = summary.find((d) => d.date === date);
    return {
      date,
      isToday: date === today,
      future: date > today,
      latest: day?.latest ?? null,
      count: day?.count ?? 0,
    };
  });
}

function dayLabel(day: DayView): string {
  const name = `${fullDay(day.date)}${day.isToday ? ' (Today)' : ''}`;
  if (day.latest) {
    const more = day.count > 1 ? `, ${day.count} check-ins` : '';
    return `${name}: ${[day.latest.emoji, day.latest.mood].filter(Boolean).join(' ')}${more}`;
  }
  return `${name}: ${day.future ? 'yet to come' : 'no check-in'}`;
}

/** The client's check-ins of one Monday..Sunday week (patient-mood-by-week), this week first. */
export function ClientWeekCard({ patientId, today }: { patientId: string; today: string }) {
  const titleId = useId();
  const thisWeek = mondayOf(today);
  const [weekStart, setWeekStart] = useState(thisWeek);
  const week = useQuery({
    queryKey: clientJournalKeys.week(patientId, weekStart),
    queryFn: ({ signal }) => clientJournalApi.week(patientId, weekStart, signal),
  });
  const days = dayViews(weekStart, today, week.data?.days ?? []);
  const daysDone = days.filter((day) => day.latest).length;
  const checkIns = week.data?.total ?? 0;
  const current = weekStart === thisWeek;
  const weekName = `${shortDate(weekStart, today)} – ${shortDate(addDays(weekStart, 6), today)}`;

  return (
    <Card
      withBorder
      radius="lg"
      className={panel.panel}
      h="100%"
      component="section"
      aria-labelledby={titleId}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} miw={0}>
            <Title order={2} fz="lg" id={titleId}>
              {current ? 'This week’s check-ins' : 'Check-ins of the week'}
            </Title>
            <Text fz="xs" c="dimmed">
              {weekName}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Previous week">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous week"
                onClick={() => setWeekStart(addDays(weekStart, -7))}
              >
                <IconChevronLeft size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Next week">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next week"
                disabled={current}
                onClick={() => setWeekStart(addDays(weekStart, 7))}
              >
                <IconChevronRight size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {week.isError ? (
          <ErrorState
            title="The week could not be loaded"
            message={dateFetchFailed}
            onRetry={() => void week.refetch()}
          />
        ) : (
          <>
            <ol
              className={classes.week}
              aria-label={`Days of the week ${weekName}`}
              aria-busy={week.isPending}
            >
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
                  {week.isPending ? <Skeleton circle h={40} w={40} /> : <DayCircle day={day} />}
                </li>
              ))}
            </ol>
            {week.isPending ? (
              <Skeleton h={16} w="60%" />
            ) : (
              <Text fz="sm" fw={500}>
                {checkIns === 0
                  ? 'No check-ins this week.'
                  : `${checkIns} check-in${checkIns === 1 ? '' : 's'} on ${daysDone} of 7 days`}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

function DayCircle({ day }: { day: DayView }) {
  const label = dayLabel(day);
  const color = day.latest
    ? (moodOption(day.latest.mood)?.color ?? day.latest.color ?? undefined)
    : undefined;
  const style = color ? ({ '--day-color': color } as CSSProperties) : undefined;
  const kind = day.latest ? 'entry' : day.future ? 'future' : 'empty';
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className={classes.circle}
      data-kind={kind}
      data-today={day.isToday || undefined}
      style={style}
    >
      {day.latest ? (
        <span aria-hidden="true">{day.latest.emoji || '✓'}</span>
      ) : (
        <span className={classes.dot} aria-hidden="true" />
      )}
      {day.count > 1 && (
        <span className={classes.more} aria-hidden="true">
          {day.count}
        </span>
      )}
    </span>
  );
}
