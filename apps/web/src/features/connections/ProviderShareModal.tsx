import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { aiDocumentMessages, privateEntriesSharing } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { connectionsApi, connectionsKeys } from './api';

interface ProviderShareModalProps {
  opened: boolean;
  title: string;
  /**
   * How many private entries what is shared draws on (decision 103): when any, the dialog says so
   * and shares only once the client ticks that they agree.
   */
  privateEntries?: number;
  onClose(): void;
  /**
   * Shares with the chosen provider's email (the caller shows the toasts), with the client's consent
   * to the private entries it draws on. Resolving closes the dialog; rejecting keeps it open.
   */
  onShare(doctorEmail: string, privateEntriesConsent: boolean): Promise<void>;
}

/**
 * Picks one of the client's providers whose invitation is accepted (Part 2 §4 Sharing) for a share:
 * the Initial Journey documents and the dashboard snapshot.
 */
export function ProviderShareModal({
  opened,
  title,
  privateEntries = 0,
  onClose,
  onShare,
}: ProviderShareModalProps) {
  const providers = useQuery({
    queryKey: connectionsKeys.accepted,
    queryFn: ({ signal }) => connectionsApi.acceptedProviders(signal),
    enabled: opened,
  });
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const asksConsent = privateEntries > 0;
  const close = () => {
    setEmail(null);
    setError(null);
    setConsent(false);
    setConsentError(null);
    onClose();
  };
  const submit = async () => {
    if (!email) {
      setError(aiDocumentMessages.selectProvider);
      return;
    }
    if (asksConsent && !consent) {
      setConsentError(privateEntriesSharing.consentMissing);
      return;
    }
    setBusy(true);
    try {
      await onShare(email, asksConsent && consent);
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
        {asksConsent && (
          <Alert color="yellow" variant="light" title={privateEntriesSharing.drawsOn(privateEntries)}>
            <Stack gap="sm">
              <Text fz="sm">{privateEntriesSharing.explanation}</Text>
              <Checkbox
                label={privateEntriesSharing.consentLabel(privateEntries)}
                checked={consent}
                onChange={(event) => {
                  setConsent(event.currentTarget.checked);
                  setConsentError(null);
                }}
                error={consentError}
              />
            </Stack>
          </Alert>
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
