import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hourLabel, type ReminderConfig } from '@mindledger/domain';
import { isPathRegistered } from '../../app/route-registry';
import { notificationSettingsApi, notificationSettingsKeys } from './api';
import { settingsTexts, weekdayNames } from './texts';

export const weeklyAutomationPath = '/profile/weekly-automation';

/**
 * The weekly summary notification card (Part 2 §2): the reminder's schedule, the automation's status
 * and schedule, and a way to the weekly automation screen once that screen exists.
 */
export function WeeklySummaryCard({ reminderConfig }: { reminderConfig: ReminderConfig }) {
  const automation = useQuery({
    queryKey: notificationSettingsKeys.weeklyAutomation,
    queryFn: ({ signal }) => notificationSettingsApi.weeklyAutomation(signal),
    staleTime: 60_000,
    retry: false,
  });
  const settings = automation.data ?? null;
  const on = settings?.automaticGeneration === true;
  const dayName = (day: number) => weekdayNames[day] ?? weekdayNames[0];

  let badge: { label: string; color: string } = { label: settingsTexts.automationNone, color: 'gray' };
  if (settings)
    badge = on
      ? { label: settingsTexts.automationOn, color: 'green' }
      : { label: settingsTexts.automationOff, color: 'gray' };
  const status =
    on && settings
      ? `Your weekly insights are generated every ${dayName(settings.automationDay)} at 12:00 AM (${settings.timezone}).`
      : 'Set up weekly automation to have your weekly insights generated for you each week.';

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="weekly-summary-card-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <IconCalendarStats size={20} stroke={1.6} aria-hidden="true" />
            <Title order={3} fz={16} id="weekly-summary-card-title">
              {settingsTexts.weeklyCardTitle}
            </Title>
          </Group>
          {!automation.isPending && (
            <Badge variant="light" color={badge.color}>
              {badge.label}
            </Badge>
          )}
        </Group>
        <Text fz="sm">
          Reminder: every {dayName(reminderConfig.weeklyDay)} at {hourLabel(reminderConfig.weeklyHour)}
        </Text>
        {!automation.isPending && (
          <Text fz="sm" c="dimmed">
            {status}
          </Text>
        )}
        {!automation.isPending && isPathRegistered(weeklyAutomationPath) && (
          <Group>
            <Button component={Link} to={weeklyAutomationPath} variant="light" size="sm">
              {on ? settingsTexts.editAutomation : settingsTexts.setupAutomation}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
