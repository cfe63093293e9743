import { useState } from 'react';
import { Anchor, Breadcrumbs, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconBell, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  guardReminderMessage,
  homeForRole,
  notificationMessages,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { PageTitle } from '../../ui/PageTitle';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { useCurrentUser } from '../auth';
import {
  notificationSettingsApi,
  notificationSettingsKeys,
  saveFailureMessage,
  saveNotificationSettings,
} from './api';
import { DeliveryMethodsTab } from './DeliveryMethodsTab';
import { NotificationsTab } from './NotificationsTab';
import { PushPermissionModal } from './PushPermissionModal';
import { settingsTexts } from './texts';
import { useDevicePush } from './useDevicePush';

type TabValue = 'notifications' | 'delivery';

/** The warning toast of the PHI guard shows for 3 seconds (Part 2 §6 Custom reminder message). */
export const phiWarningMs = 3_000;

function NotificationBreadcrumbs({ home }: { home: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs mb="sm" separatorMargin={6}>
        <Anchor component={Link} to={home} fz="sm">
          Home
        </Anchor>
        <Anchor component={Link} to="/profile" fz="sm">
          My Profile
        </Anchor>
        <Text fz="sm" c="dimmed" aria-current="page">
          {settingsTexts.title}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}

/** /profile/notification-settings: Notification Settings (Part 2 §2, Patient only). */
export function NotificationSettingsPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabValue>('notifications');
  const loaded = useQuery({
    queryKey: notificationSettingsKeys.settings,
    queryFn: ({ signal }) => notificationSettingsApi.get(signal),
  });
  /** The form: taken from the first answer, replaced by the reloaded settings after a save only. */
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  if (draft === null && loaded.data) setDraft(loaded.data.settings);

  const update = (patch: Partial<NotificationSettings>) =>
    setDraft((current) => (current ? { ...current, ...patch } : current));

  const save = useMutation({
    mutationFn: ({ body, userId }: { body: NotificationSettingsInput; userId: string }) =>
      saveNotificationSettings(body, userId),
  });

  /** Stores the Device Notifications setting at once (the switch applies without Save). */
  const persistPush = async (on: boolean): Promise<boolean> => {
    if (!user?.id) {
      toast.error(notificationMessages.settingsNoUser);
      return false;
    }
    try {
      await saveNotificationSettings({ pushNotifications: on }, user.id);
    } catch (error) {
      toast.error(saveFailureMessage(error));
      return false;
    }
    update({ pushNotifications: on });
    void queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.settings });
    return true;
  };
  const push = useDevicePush(persistPush);

  const onSave = async () => {
    if (!draft) return;
    if (!user?.id) {
      toast.error(notificationMessages.settingsNoUser);
      return;
    }
    const guarded = guardReminderMessage(draft.customMessage);
    if (guarded.replaced) toast.warning(notificationMessages.phiWarning, { durationMs: phiWarningMs });
    const body: NotificationSettings = { ...draft, customMessage: guarded.message };
    setDraft(body);
    try {
      const answer = await save.mutateAsync({ body, userId: user.id });
      if (answer.data?.messageReplaced && !guarded.replaced)
        toast.warning(notificationMessages.phiWarning, { durationMs: phiWarningMs });
      toast.success(notificationMessages.settingsSaved);
    } catch (error) {
      toast.error(saveFailureMessage(error));
      return;
    }
    const reloaded = await loaded.refetch();
    if (reloaded.data) setDraft(reloaded.data.settings);
  };

  const body = () => {
    if (loaded.isError && !draft)
      return (
        <ErrorState
          title={notificationMessages.settingsLoadFailed}
          message={errorMessage(loaded.error, notificationMessages.fetchSettingsFailed)}
          onRetry={() => void loaded.refetch()}
        />
      );
    if (!draft) return <LoadingState label={settingsTexts.loading} />;
    return (
      <Stack gap="lg">
        <Tabs value={tab} onChange={(value) => setTab(value === 'delivery' ? 'delivery' : 'notifications')}>
          <Tabs.List aria-label="Notification settings sections" mb="lg" grow>
            <Tabs.Tab value="notifications" leftSection={<IconBell size={16} aria-hidden="true" />}>
              {settingsTexts.tabNotifications}
            </Tabs.Tab>
            <Tabs.Tab value="delivery" leftSection={<IconSend size={16} aria-hidden="true" />}>
              {settingsTexts.tabDelivery}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="notifications">
            <NotificationsTab draft={draft} update={update} timezone={user?.timezone ?? null} />
          </Tabs.Panel>
          <Tabs.Panel value="delivery">
            <DeliveryMethodsTab
              draft={draft}
              update={update}
              email={user?.email ?? 'your email address'}
              deviceCount={loaded.data?.deviceCount ?? 0}
              pushBusy={push.busy}
              onPushToggle={push.toggle}
            />
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
            loading={save.isPending}
            onClick={() => void onSave()}
            w={{ base: '100%', xs: 'auto' }}
          >
            {settingsTexts.save}
          </Button>
        </Group>
      </Stack>
    );
  };

  return (
    <Stack gap={0} maw={880}>
      <NotificationBreadcrumbs home={homeForRole(user?.userRole ?? 'patient')} />
      <PageTitle title={settingsTexts.title} description={settingsTexts.description} />
      {body()}
      <PushPermissionModal
        opened={push.promptOpen}
        onAccept={() => void push.accept()}
        onLater={push.later}
      />
    </Stack>
  );
}
