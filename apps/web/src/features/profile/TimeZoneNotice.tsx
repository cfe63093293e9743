import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconWorldPin } from '@tabler/icons-react';
import { isValidTimezone } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { toast } from '../../ui/toast';
import { authStore, useCurrentUser } from '../auth';
import { profileApi } from './api';
import { deviceTimeZone, timezoneLabel } from './timezone-label';

/** Zone names are long: on a phone a button's label wraps instead of running out of the notice. */
const wrapping = {
  root: { height: 'auto', minHeight: 30, maxWidth: '100%', paddingBlock: 6 },
  label: { whiteSpace: 'normal' as const, textAlign: 'left' as const, lineHeight: 1.3 },
};

const keptKey = (profile: string, device: string) => `ml:timezone-kept:${profile}|${device}`;

function wasKept(profile: string, device: string): boolean {
  try {
    return localStorage.getItem(keptKey(profile, device)) === '1';
  } catch {
    return false;
  }
}

/**
 * One time zone decides a client's days: the profile's (decision 046). When this device is in
 * another zone, the client is told what counts and offered to move the profile here; keeping the
 * profile's zone is remembered for this pair of zones.
 */
export function TimeZoneNotice({ device = deviceTimeZone() }: { device?: string | undefined }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const profile = user?.timezone;
  const [kept, setKept] = useState(() => !!profile && !!device && wasKept(profile, device));
  const mutation = useMutation({
    mutationFn: (timezone: string) =>
      profileApi.updateInfo({
        firstName: user?.firstName ?? '',
        lastName: user?.lastName ?? '',
        timezone,
        phone: user?.phone ?? '',
      }),
    onSuccess: (response) => {
      authStore.setUser(response.user);
      void queryClient.invalidateQueries({ queryKey: ['journal'] });
      toast.success('Time zone updated.');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  if (!user || !profile || !device || device === profile || kept || !isValidTimezone(device)) return null;

  const keep = () => {
    try {
      localStorage.setItem(keptKey(profile, device), '1');
    } catch {
      /* private mode: the choice lasts for this page */
    }
    setKept(true);
  };

  return (
    <Alert
      variant="light"
      color="blue"
      radius="lg"
      icon={<IconWorldPin size={20} aria-hidden="true" />}
      title="Your device is in another time zone"
      role="region"
      aria-label="Time zone"
    >
      <Text size="sm">
        Your days, streak and weeks are counted in your profile&apos;s time zone,{' '}
        <strong>{timezoneLabel(profile)}</strong>. This device is set to{' '}
        <strong>{timezoneLabel(device)}</strong>.
      </Text>
      <Group gap="sm" mt="sm">
        <Button
          size="xs"
          styles={wrapping}
          loading={mutation.isPending}
          onClick={() => mutation.mutate(device)}
        >
          Use {timezoneLabel(device)}
        </Button>
        <Button size="xs" variant="default" styles={wrapping} onClick={keep} disabled={mutation.isPending}>
          Keep {timezoneLabel(profile)}
        </Button>
      </Group>
    </Alert>
  );
}
