import { useState } from 'react';
import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconClipboard, IconFileTypePdf, IconRefresh, IconShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  aiDocumentMessages,
  pdfFileName,
  summaryTableNames,
  type SharedSummaryKind,
} from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { formatDate } from '../../ui/format';
import { saveFile } from '../../ui/save-file';
import { toast } from '../../ui/toast';
import { copyDocument } from '../ai-documents';
import { ProviderShareModal } from '../connections';
import { journeyApi, journeyKeys, type DocumentShare } from './api';

interface DocumentActionsProps {
  kind: SharedSummaryKind;
  title: string;
  content: unknown;
  /** The document's id; null for the chat history. */
  documentId: string | null;
  /** How many private entries the document draws on: sharing it asks for consent (decision 103). */
  privateEntries?: number;
  shares: DocumentShare[];
  onRegenerate?: () => void;
}

/** Copy, Download PDF and Share of a section with content (clients only), and its live shares. */
export function DocumentActions({
  kind,
  title,
  content,
  documentId,
  privateEntries = 0,
  shares,
  onRegenerate,
}: DocumentActionsProps) {
  const queryClient = useQueryClient();
  const [sharing, setSharing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: journeyKeys.sections() });

  const copy = async () => {
    const outcome = await copyDocument(kind, content);
    toast[outcome.tone](outcome.message);
  };
  const download = async () => {
    setDownloading(true);
    try {
      const blob = documentId ? await journeyApi.pdf(documentId) : await journeyApi.chatPdf();
      saveFile(blob, pdfFileName(title));
    } catch {
      toast.error(aiDocumentMessages.pdfFailed);
    } finally {
      setDownloading(false);
    }
  };
  const share = async (doctorEmail: string, privateEntriesConsent: boolean) => {
    try {
      const result = await journeyApi.share(
        summaryTableNames[kind],
        doctorEmail,
        documentId ?? undefined,
        privateEntriesConsent,
      );
      if (result.warning) toast.warning(result.message || aiDocumentMessages.alreadyShared);
      else toast.success(result.message);
      await refresh();
    } catch (error) {
      toast.error(errorMessage(error, aiDocumentMessages.shareFailed));
    }
  };
  const withdraw = (share: DocumentShare) =>
    void openConfirm({
      title: 'Stop sharing',
      children: (
        <Text>
          Stop sharing {title} with {share.doctorName}? They will no longer see it.
        </Text>
      ),
      labels: { confirm: 'Stop sharing', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const result = await journeyApi.withdraw(share.id);
          toast.success(result.message);
          await refresh();
        } catch (error) {
          toast.error(errorMessage(error));
        }
      },
    });

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconClipboard size={16} aria-hidden="true" />}
          onClick={() => void copy()}
        >
          Copy
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
          loading={downloading}
          onClick={() => void download()}
        >
          Download PDF
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconShare size={16} aria-hidden="true" />}
          onClick={() => setSharing(true)}
        >
          Share
        </Button>
        {onRegenerate && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            onClick={onRegenerate}
          >
            Regenerate
          </Button>
        )}
      </Group>
      {shares.length > 0 && (
        <div>
          <Text fz="xs" c="dimmed">
            Shared with
          </Text>
          <List size="sm" spacing={2}>
            {shares.map((s) => (
              <List.Item key={s.id}>
                {s.doctorName} · {formatDate(s.sharedAt)} ·{' '}
                <Anchor component="button" type="button" fz="sm" onClick={() => withdraw(s)}>
                  Stop sharing
                </Anchor>
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <ProviderShareModal
        opened={sharing}
        title={title}
        privateEntries={privateEntries}
        onClose={() => setSharing(false)}
        onShare={share}
      />
    </Stack>
  );
}
