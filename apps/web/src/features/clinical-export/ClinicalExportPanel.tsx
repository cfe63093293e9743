import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Progress,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addDays,
  clinicalExportMessages as msg,
  clinicalExportPartLabels,
  clinicalExportParts,
  type ClinicalExportFormat,
  type ClinicalExportPart,
  type ClinicalFileFormat,
} from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { formatDate } from '../../ui/format';
import { saveFile } from '../../ui/save-file';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { toast } from '../../ui/toast';
import { todayIn } from '../journal';
import {
  clinicalExportApi,
  clinicalExportKeys,
  downloadErrorText,
  initiateErrorText,
  type ClinicalExport,
} from './api';
import classes from './clinical-export.module.css';

const periods = [
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last 12 months' },
  { value: 'all', label: 'All time' },
  { value: 'custom', label: 'Custom dates' },
];
const formats: { value: ClinicalExportFormat; label: string }[] = [
  { value: 'both', label: 'PDF and FHIR' },
  { value: 'pdf', label: 'PDF' },
  { value: 'fhir', label: 'FHIR R4 (JSON)' },
];
const fileLabels: Record<ClinicalFileFormat, string> = { pdf: 'PDF', fhir: 'FHIR' };
const statusLabels: Record<ClinicalExport['status'], string> = {
  queued: 'Queued',
  processing: 'Building',
  completed: 'Ready',
  failed: 'Failed',
  expired: 'Expired',
};
const statusColours: Record<ClinicalExport['status'], string> = {
  queued: 'gray',
  processing: 'blue',
  completed: 'green',
  failed: 'red',
  expired: 'gray',
};
const dateTime = 'MMM D, YYYY h:mm A';
/** How often the list is read again while an export is being built. */
const pollMs = 1_500;

/**
 * Clinical export on the patient overview (issue 16; Part 2 §2, §7, §8): choose a period, what to
 * include and the format; the server builds the files in the background; this list follows them
 * and downloads each file until it expires (24 hours).
 */
export function ClinicalExportPanel({
  patientId,
  timeZone,
}: {
  patientId: string;
  timeZone?: string | null;
}) {
  return (
    <Stack gap="lg">
      <ExportForm patientId={patientId} timeZone={timeZone} />
      <ExportList patientId={patientId} />
    </Stack>
  );
}

function ExportForm({ patientId, timeZone }: { patientId: string; timeZone?: string | null }) {
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState('90');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [parts, setParts] = useState<string[]>([...clinicalExportParts]);
  const [format, setFormat] = useState<ClinicalExportFormat>('both');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => {
      const today = todayIn(timeZone);
      const range =
        period === 'custom'
          ? { startDate: from || undefined, endDate: to || undefined }
          : period === 'all'
            ? { endDate: today }
            : { startDate: addDays(today, -(Number(period) - 1)), endDate: today };
      const include = Object.fromEntries(clinicalExportParts.map((p) => [p, parts.includes(p)])) as Record<
        ClinicalExportPart,
        boolean
      >;
      return clinicalExportApi.initiate({ patientId, ...range, include, format });
    },
    onSuccess: (answer) => {
      toast.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: clinicalExportKeys.list(patientId) });
    },
    onError: (error) => toast.error(initiateErrorText(error)),
  });
  const submit = () => {
    if (parts.length === 0) return setProblem(msg.nothingIncluded);
    if (period === 'custom' && from && to && from > to) return setProblem(msg.rangeOrder);
    setProblem(null);
    start.mutate();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          A PDF summary a colleague can read, and a FHIR R4 bundle other clinical systems import. The
          client&apos;s private entries are never included. Files are kept for 24 hours.
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Period"
            data={periods}
            value={period}
            onChange={(value) => value && setPeriod(value)}
            allowDeselect={false}
            w={180}
          />
          {period === 'custom' && (
            <>
              <TextInput
                type="date"
                label="From"
                value={from}
                onChange={(e) => setFrom(e.currentTarget.value)}
                w={170}
              />
              <TextInput
                type="date"
                label="To"
                value={to}
                onChange={(e) => setTo(e.currentTarget.value)}
                w={170}
              />
            </>
          )}
        </Group>
        <Checkbox.Group label="Include" value={parts} onChange={setParts}>
          <Group gap="md" mt={6} wrap="wrap">
            {clinicalExportParts.map((part) => (
              <Checkbox key={part} value={part} label={clinicalExportPartLabels[part]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Radio.Group
          label="Format"
          value={format}
          onChange={(value) => setFormat(value as ClinicalExportFormat)}
        >
          <Group gap="md" mt={6} wrap="wrap">
            {formats.map((f) => (
              <Radio key={f.value} value={f.value} label={f.label} />
            ))}
          </Group>
        </Radio.Group>
        {problem && (
          <Text c="red" fz="sm" role="alert">
            {problem}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={start.isPending}>
            Start export
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ExportList({ patientId }: { patientId: string }) {
  const list = useQuery({
    queryKey: clinicalExportKeys.list(patientId),
    queryFn: ({ signal }) => clinicalExportApi.list(patientId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((e) => e.status === 'queued' || e.status === 'processing') ? pollMs : false,
  });
  if (list.isPending) return <LoadingState label="Loading exports..." />;
  if (list.isError)
    return (
      <ErrorState
        title="Unable to load exports"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  if (list.data.length === 0)
    return (
      <EmptyState title="No exports yet.">Exports you start appear here while they are kept.</EmptyState>
    );
  return (
    <ul className={classes.list} aria-label="Exports">
      {list.data.map((item) => (
        <ExportRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function ExportRow({ item }: { item: ClinicalExport }) {
  const [downloading, setDownloading] = useState<ClinicalFileFormat | null>(null);
  const period = `${formatDate(item.startDate)} to ${formatDate(item.endDate)}`;
  const download = async (format: ClinicalFileFormat, fileName: string) => {
    setDownloading(format);
    try {
      saveFile(await clinicalExportApi.download(item.id, format), fileName);
    } catch (error) {
      toast.error(downloadErrorText(error), { title: msg.downloadFailed });
    } finally {
      setDownloading(null);
    }
  };
  const building = item.status === 'queued' || item.status === 'processing';
  return (
    <li className={classes.row}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} fz="sm">
            {period}
          </Text>
          <Badge color={statusColours[item.status]} variant="light">
            {statusLabels[item.status]}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed">
          {formats.find((f) => f.value === item.format)?.label} · started{' '}
          {formatDate(item.createdAt, dateTime)}
          {item.status === 'completed' && item.expiresAt
            ? ` · kept until ${formatDate(item.expiresAt, dateTime)}`
            : ''}
        </Text>
        {building && <Progress value={item.progress} aria-label={`Export ${period}: ${item.progress}%`} />}
        {item.status === 'failed' && (
          <Text fz="sm" c="red">
            {item.error ?? msg.failed}
          </Text>
        )}
        {item.files.length > 0 && (
          <Group gap="xs" wrap="wrap">
            {item.files.map((file) => (
              <Button
                key={file.format}
                size="xs"
                variant="light"
                loading={downloading === file.format}
                onClick={() => void download(file.format, file.fileName)}
                aria-label={`Download ${fileLabels[file.format]}, ${period}`}
              >
                Download {fileLabels[file.format]}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </li>
  );
}
