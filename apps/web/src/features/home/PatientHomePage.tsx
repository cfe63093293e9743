import { lazy, Suspense } from 'react';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBolt, IconClipboardList, IconCompass, IconPencilPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../ui/PageTitle';
import { useCurrentUser } from '../auth';
import {
  EntryLedger,
  journalingPath,
  loadMoodAnalytics,
  noCheckInsText,
  StreakCard,
  useSeenOnce,
  useStreak,
  WeekJourneyCard,
} from '../journal';
import { TimeZoneNotice } from '../profile';
import classes from './PatientHomePage.module.css';

export const moodSelectorPath = '/user/mood-selector';

// The statistics (and their charts) load when the user scrolls to them: the first load stays small.
const MoodAnalytics = lazy(() => loadMoodAnalytics().then((m) => ({ default: m.MoodAnalytics })));

function AnalyticsPlaceholder() {
  return (
    <Card withBorder radius="lg" padding="lg" aria-hidden="true">
      <Stack gap="md">
        <Skeleton h={24} w={160} />
        <Skeleton h={220} />
      </Stack>
    </Card>
  );
}

/** Without any entry in the last 400 days (streak-dates) every range is empty: no code to load. */
function NoAnalyticsYet() {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label="Mood Insights">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Mood Insights
        </Title>
        <Text c="dimmed" ta="center" py="md">
          {noCheckInsText}
        </Text>
      </Stack>
    </Card>
  );
}

function BelowTheFoldAnalytics() {
  const { ref, seen } = useSeenOnce<HTMLDivElement>();
  const streak = useStreak();
  if (streak.data && streak.data.entries.length === 0) return <NoAnalyticsYet />;
  const ready = seen && !streak.isPending;
  return (
    <div ref={ref}>
      {ready ? (
        <Suspense fallback={<AnalyticsPlaceholder />}>
          <MoodAnalytics />
        </Suspense>
      ) : (
        <AnalyticsPlaceholder />
      )}
    </div>
  );
}

/**
 * /user/home (also ?m=1 in the mobile app, and ?search= from the goals page): the client home.
 * Phones: one column (streak, week, journal, statistics). Wide screens: the week, the journal and
 * the statistics (below the fold) on the left, the streak beside them.
 */
export function PatientHomePage() {
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <PageTitle
        title={user ? `Welcome, ${user.firstName}` : 'Welcome'}
        description="How are you feeling today? Take a moment for yourself."
        actions={
          <Group gap="md" align="center">
            <Anchor component={Link} to="/user/initial-journey" fz="sm" fw={500}>
              <Group gap={4} component="span" wrap="nowrap">
                <IconCompass size={16} aria-hidden="true" />
                Initial Journey
              </Group>
            </Anchor>
            <Anchor component={Link} to="/user/measures" fz="sm" fw={500}>
              <Group gap={4} component="span" wrap="nowrap">
                <IconClipboardList size={16} aria-hidden="true" />
                Questionnaires
              </Group>
            </Anchor>
            <Anchor component={Link} to={moodSelectorPath} fz="sm" fw={500}>
              <Group gap={4} component="span" wrap="nowrap">
                <IconBolt size={16} aria-hidden="true" />
                Quick check-in
              </Group>
            </Anchor>
            <Button
              component={Link}
              to={journalingPath}
              size="md"
              leftSection={<IconPencilPlus size={18} aria-hidden="true" />}
            >
              New Journal Entry
            </Button>
          </Group>
        }
      />
      <TimeZoneNotice />
      <div className={classes.layout}>
        <div className={classes.streak}>
          <StreakCard />
        </div>
        <div className={classes.week}>
          <WeekJourneyCard />
        </div>
        <div className={classes.ledger}>
          <EntryLedger />
        </div>
        <div className={classes.analytics}>
          <BelowTheFoldAnalytics />
        </div>
      </div>
    </Stack>
  );
}
