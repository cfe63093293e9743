import { useState } from 'react';
import { Button, Card, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import { IconClipboard, IconFileTypePdf, IconShare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { aiDocumentMessages, pdfFileName } from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { openConfirm } from '../../ui/confirm';
import { formatDate } from '../../ui/format';
import { saveFile } from '../../ui/save-file';
import { ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { copyDocument, WeeklyReportView } from '../ai-documents';
import { ProviderShareModal } from '../connections';
import { refusalMessage } from './useGeneration';
import { weeklyApi, weeklyKeys, type ReportDetail, type ReportShare } from './api';
import { weeklyTexts } from './texts';

/** Copy, Download PDF and Share of the open report (Part 2 §2, §8), and who it is shared with. */
function ReportActions({ detail }: { detail: ReportDetail }) {
  const queryClient = useQueryClient();
  const [sharing, setSharing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const title = detail.report?.title ?? detail.title;

  const copy = async () => {
    const outcome = await copyDocument('weeklyReport', detail.report);
    toast[outcome.tone](outcome.message);
  };
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await weeklyApi.pdf(detail.id), pdfFileName(title));
    } catch {
      toast.error(aiDocumentMessages.pdfFailed);
    } finally {
      setDownloading(false);
    }
  };
  const withdraw = (share: ReportShare) =>
    void openConfirm({
      title: weeklyTexts.withdraw,
      children: (
        <Text>
          Stop sharing these weekly insights with {share.provider.doctorName}? They will no longer see them.
        </Text>
      ),
      labels: { confirm: weeklyTexts.withdraw, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await weeklyApi.withdraw(share.shareId);
          toast.success(weeklyTexts.withdrawn);
          await queryClient.invalidateQueries({ queryKey: weeklyKeys.report(detail.id) });
        } catch (error) {
          toast.error(errorMessage(error, weeklyTexts.withdrawFailed));
        }
      },
    });

  const shares = detail.shares ?? [];
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconClipboard size={16} aria-hidden="true" />}
          onClick={() => void copy()}
        >
          {weeklyTexts.copy}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
          loading={downloading}
          onClick={() => void download()}
        >
          {weeklyTexts.downloadPdf}
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconShare size={16} aria-hidden="true" />}
          onClick={() => setSharing(true)}
        >
          {weeklyTexts.share}
        </Button>
      </Group>
      {shares.length > 0 && (
        <Stack gap={4}>
          <Text fz="sm" fw={600}>
            {weeklyTexts.sharedWith}
          </Text>
          <List spacing={4} fz="sm" aria-label={weeklyTexts.sharedWith}>
            {shares.map((share) => (
              <List.Item key={share.shareId}>
                <Group gap="xs" wrap="wrap">
                  <Text span fz="sm">
                    {share.provider.doctorName} · {formatDate(share.sharedAt)}
                  </Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`${weeklyTexts.withdraw} with ${share.provider.doctorName}`}
                    onClick={() => withdraw(share)}
                  >
                    {weeklyTexts.withdraw}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      <ProviderShareModal
        opened={sharing}
        title="weekly insights"
        onClose={() => setSharing(false)}
        onShare={async (email) => {
          try {
            const answer = await weeklyApi.share(detail.id, email);
            if (answer.warning) toast.warning(answer.message || aiDocumentMessages.alreadyShared);
            else toast.success(answer.message);
            await queryClient.invalidateQueries({ queryKey: weeklyKeys.report(detail.id) });
          } catch (failure) {
            // the server's word for a refusal, else the default of Part 2 §8
            const message = refusalMessage(failure, aiDocumentMessages.shareWeeklyFailed);
            if (message) toast.error(message);
            throw failure;
          }
        }}
      />
    </Stack>
  );
}

/** The open report: the viewer with its actions (or its loading and error states). */
export function ReportPanel({ reportId, onClose }: { reportId: string; onClose(): void }) {
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: weeklyKeys.report(reportId),
    queryFn: ({ signal }) => weeklyApi.report(reportId, signal),
  });
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={weeklyTexts.title}>
      <Group justify="flex-end" mb="xs">
        <CloseButton aria-label={weeklyTexts.close} onClick={onClose} />
      </Group>
      {detail.isPending ? (
        <LoadingState label={weeklyTexts.reportLoading} />
      ) : detail.isError ? (
        <ErrorState
          title={weeklyTexts.reportLoadFailed}
          message={errorMessage(detail.error)}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <Stack gap="md">
          <ReportActions detail={detail.data} />
          <WeeklyReportView
            report={detail.data.report}
            headingLevel={2}
            onOpenEntry={(entryId) =>
              void navigate(`/user/journaling-feature?edit=${encodeURIComponent(entryId)}`)
            }
          />
        </Stack>
      )}
    </Card>
  );
}
