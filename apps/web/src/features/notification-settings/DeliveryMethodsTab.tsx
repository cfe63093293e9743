import { Alert, Checkbox, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconBell, IconInfoCircle, IconMail, IconShieldLock } from '@tabler/icons-react';
import {
  customMessageMax,
  reminderBody,
  stripReminderChars,
  type EmailTypes,
  type NotificationSettings,
} from '@mindledger/domain';
import { notificationPermission, pushSupport } from './push';
import { SettingsSection } from './SettingsSection';
import { settingsTexts } from './texts';

interface DeliveryMethodsTabProps {
  draft: NotificationSettings;
  update: (patch: Partial<NotificationSettings>) => void;
  email: string;
  deviceCount: number;
  pushBusy: boolean;
  onPushToggle: (on: boolean) => void;
}

const emailTypeOptions: { key: keyof EmailTypes; label: string }[] = [
  { key: 'journalReminders', label: settingsTexts.emailJournal },
  { key: 'weeklyReviews', label: settingsTexts.emailWeekly },
  { key: 'teamUpdates', label: settingsTexts.emailTeam },
];

/** What this browser can do, under the Device Notifications switch. */
function browserNote(on: boolean): string | null {
  if (!on) return null;
  if (!pushSupport().push) return settingsTexts.pushUnavailable;
  if (notificationPermission() === 'denied') return settingsTexts.permissionBlockedNote;
  return null;
}

/** The reminder as it will show on a device: the title and the guarded custom message or the default. */
function ReminderPreview({ title, message }: { title: string; message: string }) {
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={600} id="reminder-preview-label">
        {settingsTexts.preview}
      </Text>
      <Paper
        withBorder
        radius="md"
        p="sm"
        shadow="xs"
        role="group"
        aria-labelledby="reminder-preview-label"
        data-testid="reminder-preview"
        maw={420}
      >
        <Stack gap={2}>
          <Text fz="xs" c="dimmed">
            MindLedger
          </Text>
          <Text fz="sm" fw={600}>
            {title}
          </Text>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The Delivery Methods tab: device and email notifications, the notes and the privacy notice. */
export function DeliveryMethodsTab(props: DeliveryMethodsTabProps) {
  const { draft, update, email, deviceCount, pushBusy, onPushToggle } = props;
  const note = browserNote(draft.pushNotifications);
  const messageLength = draft.customMessage.length;
  return (
    <Stack gap="lg">
      <Alert
        variant="light"
        color="blue"
        title={settingsTexts.howItWorksTitle}
        icon={<IconInfoCircle aria-hidden="true" />}
      >
        {settingsTexts.howItWorks}
      </Alert>
      <SettingsSection id="device-notifications" title={settingsTexts.deviceNotifications}>
        <Switch
          label={settingsTexts.deviceNotifications}
          aria-label={settingsTexts.deviceNotifications}
          description={settingsTexts.deviceNotificationsHint}
          checked={draft.pushNotifications}
          disabled={pushBusy}
          onChange={(event) => onPushToggle(event.currentTarget.checked)}
          thumbIcon={<IconBell size={10} stroke={2} aria-hidden="true" />}
        />
        {note && (
          <Text fz="sm" c="dimmed" role="status">
            {note}
          </Text>
        )}
        {draft.pushNotifications && deviceCount > 0 && (
          <Text fz="xs" c="dimmed">
            {settingsTexts.deviceCount(deviceCount)}
          </Text>
        )}
        <TextInput
          label={settingsTexts.customMessage}
          description={settingsTexts.customMessageHint}
          placeholder={draft.reminderMessages.body}
          value={draft.customMessage}
          onChange={(event) => update({ customMessage: stripReminderChars(event.currentTarget.value) })}
          aria-describedby="custom-message-count"
          inputWrapperOrder={['label', 'description', 'input', 'error']}
        />
        <Text
          id="custom-message-count"
          fz="xs"
          c={messageLength >= customMessageMax ? 'orange' : 'dimmed'}
          ta="right"
          mt={-10}
          aria-live="polite"
        >
          {messageLength}/{customMessageMax} characters
        </Text>
        <ReminderPreview title={draft.reminderMessages.title} message={reminderBody(draft.customMessage)} />
      </SettingsSection>
      <SettingsSection id="email-notifications" title={settingsTexts.emailNotifications}>
        <Switch
          label={settingsTexts.emailNotifications}
          aria-label={settingsTexts.emailNotifications}
          description={settingsTexts.emailNotificationsHint}
          checked={draft.emailNotifications}
          onChange={(event) => update({ emailNotifications: event.currentTarget.checked })}
          thumbIcon={<IconMail size={10} stroke={2} aria-hidden="true" />}
        />
        <Checkbox.Group
          label={settingsTexts.emailTypesLegend}
          value={emailTypeOptions
            .filter((option) => draft.emailTypes[option.key])
            .map((option) => option.key)}
          onChange={(keys) =>
            update({
              emailTypes: {
                journalReminders: keys.includes('journalReminders'),
                weeklyReviews: keys.includes('weeklyReviews'),
                teamUpdates: keys.includes('teamUpdates'),
              },
            })
          }
        >
          <Stack gap="xs" mt="xs">
            {emailTypeOptions.map((option) => (
              <Checkbox
                key={option.key}
                value={option.key}
                label={option.label}
                disabled={!draft.emailNotifications}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text fz="sm" c="dimmed">
          {settingsTexts.emailNote(email)}
        </Text>
      </SettingsSection>
      <Alert
        variant="light"
        color="teal"
        title={settingsTexts.privacyTitle}
        icon={<IconShieldLock aria-hidden="true" />}
      >
        {settingsTexts.privacy}
      </Alert>
    </Stack>
  );
}
