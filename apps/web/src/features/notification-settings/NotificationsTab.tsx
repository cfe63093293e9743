import { NativeSelect, Stack, Switch } from '@mantine/core';
import { hourLabel, type NotificationSettings } from '@mindledger/domain';
import { SettingsSection } from './SettingsSection';
import { settingsTexts } from './texts';
import { WeeklySummaryCard } from './WeeklySummaryCard';

const hourOptions = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: hourLabel(hour),
}));

interface NotificationsTabProps {
  draft: NotificationSettings;
  update: (patch: Partial<NotificationSettings>) => void;
  timezone: string | null;
}

/**
 * The Notifications tab: Personal Reminders and Platform Updates. Each switch is named by its label
 * alone (aria-label): Mantine puts the description inside the label element.
 */
export function NotificationsTab({ draft, update, timezone }: NotificationsTabProps) {
  return (
    <Stack gap="lg">
      <SettingsSection
        id="personal-reminders"
        title={settingsTexts.personalReminders}
        description="Reminders that help you keep your journaling habit."
      >
        <Switch
          label={settingsTexts.journalReminders}
          aria-label={settingsTexts.journalReminders}
          description={settingsTexts.journalRemindersHint}
          checked={draft.journalReminders}
          onChange={(event) => update({ journalReminders: event.currentTarget.checked })}
        />
        <NativeSelect
          label={settingsTexts.preferredTime}
          description={timezone ? `Reminders follow your profile's time zone (${timezone}).` : undefined}
          data={hourOptions}
          value={String(draft.reminderConfig.dailyHour)}
          disabled={!draft.journalReminders}
          onChange={(event) =>
            update({
              reminderConfig: { ...draft.reminderConfig, dailyHour: Number(event.currentTarget.value) },
            })
          }
          maw={260}
          ml={{ base: 0, xs: 54 }}
        />
        <Switch
          label={settingsTexts.weeklyInsights}
          aria-label={settingsTexts.weeklyInsights}
          description={settingsTexts.weeklyInsightsHint}
          checked={draft.weeklySummaryReminders}
          onChange={(event) => update({ weeklySummaryReminders: event.currentTarget.checked })}
        />
        {draft.weeklySummaryReminders && <WeeklySummaryCard reminderConfig={draft.reminderConfig} />}
      </SettingsSection>
      <SettingsSection
        id="platform-updates"
        title={settingsTexts.platformUpdates}
        description="News about MindLedger itself."
      >
        <Switch
          label={settingsTexts.teamUpdates}
          aria-label={settingsTexts.teamUpdates}
          description={settingsTexts.teamUpdatesHint}
          checked={draft.impUpdates}
          onChange={(event) => update({ impUpdates: event.currentTarget.checked })}
        />
      </SettingsSection>
    </Stack>
  );
}
