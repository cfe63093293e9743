import { useState } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { avatarLimits } from '@mindledger/domain';
import { errorMessage } from '../../../api/client';
import type { User } from '../../../api/types';
import { fullName, initialsOf } from '../../../ui/format';
import { toast } from '../../../ui/toast';
import { authStore } from '../../auth';
import { avatarProblem, profileApi } from '../api';
import { SettingsCard } from './SettingsCard';

/** Profile photo (PUT update-user-avatar, field 'avatar'); type and size are checked before upload. */
export function AvatarSection({ user }: { user: User }) {
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: profileApi.updateAvatar,
    onSuccess: (response) => {
      authStore.setUser(response.user);
      toast.success(response.message ?? 'Profile photo updated.');
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  const choose = (file: File | null) => {
    setProblem(null);
    if (!file) return;
    const issue = avatarProblem(file);
    if (issue) {
      setProblem(issue);
      return;
    }
    mutation.mutate(file);
  };

  return (
    <SettingsCard id="avatar" title="Profile photo" description="PNG, JPEG or WebP, up to 2 MB.">
      <Group gap="lg" wrap="nowrap">
        <Avatar
          src={user.avatar.url}
          alt={`${fullName(user)}'s profile photo`}
          size={72}
          radius={72}
          color="blue"
        >
          {initialsOf(user)}
        </Avatar>
        <Stack gap={6}>
          <FileButton onChange={choose} accept={avatarLimits.types.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} />}
                loading={mutation.isPending}
              >
                Upload photo
              </Button>
            )}
          </FileButton>
          {problem && (
            <Text c="red" fz="sm" role="alert">
              {problem}
            </Text>
          )}
        </Stack>
      </Group>
    </SettingsCard>
  );
}
