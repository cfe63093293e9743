import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { aiDocumentMessages } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { toast } from '../../ui/toast';
import { weeklyApi, weeklyKeys } from './api';
import { weeklyTexts } from './texts';
import { refusalMessage } from './useGeneration';

interface ShareReportModalProps {
  opened: boolean;
  reportId: string;
  onClose(): void;
}

/**
 * Shares a report with one of the client's providers whose invitation is accepted (Part 2 §4
 * "Sharing and invitations", §5 "A provider must be chosen", §8 "Sharing, copying, PDF").
 */
export function ShareReportModal({ opened, reportId, onClose }: ShareReportModalProps) {
  const queryClient = useQueryClient();
  const providers = useQuery({
    queryKey: weeklyKeys.providers,
    queryFn: ({ signal }) => weeklyApi.acceptedProviders(signal),
    enabled: opened,
  });
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setEmail(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    if (!email) {
      setError(aiDocumentMessages.selectProvider);
      return;
    }
    setBusy(true);
    try {
      const answer = await weeklyApi.share(reportId, email);
      if (answer.warning) toast.warning(answer.message || aiDocumentMessages.alreadyShared);
      else toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: weeklyKeys.report(reportId) });
      close();
    } catch (failure) {
      // the server's word for a refusal, else the default of Part 2 §8
      const message = refusalMessage(failure, aiDocumentMessages.shareWeeklyFailed);
      if (message) toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const options = (providers.data ?? []).map((p) => ({
    value: p.doctorEmail.email,
    label: `${p.doctorName} (${p.doctorEmail.email})`,
  }));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={weeklyTexts.shareTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {providers.isError ? (
          <Text c="red" fz="sm" role="alert">
            {errorMessage(providers.error)}
          </Text>
        ) : providers.isSuccess && options.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {weeklyTexts.noProviders}
          </Text>
        ) : (
          <Select
            label={weeklyTexts.providerLabel}
            placeholder={providers.isPending ? weeklyTexts.providersLoading : weeklyTexts.providerPlaceholder}
            data={options}
            value={email}
            onChange={(value) => {
              setEmail(value);
              setError(null);
            }}
            error={error}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {weeklyTexts.shareCancel}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={busy}
            disabled={providers.isSuccess && options.length === 0}
          >
            {weeklyTexts.shareSubmit}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
