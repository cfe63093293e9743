import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { aiDocumentMessages } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { connectionsApi, connectionsKeys } from './api';

interface ProviderShareModalProps {
  opened: boolean;
  title: string;
  onClose(): void;
  /**
   * Shares with the chosen provider's email (the caller shows the toasts). Resolving closes the
   * dialog; rejecting keeps it open to try again.
   */
  onShare(doctorEmail: string): Promise<void>;
}

/**
 * Picks one of the client's providers whose invitation is accepted (Part 2 §4 Sharing) for a share:
 * the Initial Journey documents and the dashboard snapshot.
 */
export function ProviderShareModal({ opened, title, onClose, onShare }: ProviderShareModalProps) {
  const providers = useQuery({
    queryKey: connectionsKeys.accepted,
    queryFn: ({ signal }) => connectionsApi.acceptedProviders(signal),
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
      await onShare(email);
      close();
    } catch {
      // refused: the caller has said why; the choice stays for another try
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
      title={`Share ${title}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {providers.isError ? (
          <Text c="red" fz="sm" role="alert">
            {errorMessage(providers.error)}
          </Text>
        ) : providers.isSuccess && options.length === 0 ? (
          <Text fz="sm" c="dimmed">
            You have no connected providers yet. Connect with a provider on My Providers, then share.
          </Text>
        ) : (
          <Select
            label="Provider"
            placeholder={providers.isPending ? 'Loading providers...' : 'Select a provider'}
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
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={options.length === 0}>
            Share
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
