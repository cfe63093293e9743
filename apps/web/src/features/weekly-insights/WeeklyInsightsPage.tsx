import { useMemo, useState } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { PageTitle } from '../../ui/PageTitle';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states';
import { useCurrentUser } from '../auth';
import { historyPageSize, weeklyApi, weeklyKeys, type GenerationJob, type ReportItem } from './api';
import { ReportPanel } from './ReportPanel';
import { weeklyTexts } from './texts';
import { useGeneration } from './useGeneration';
import { periodLabel, weekOptions } from './weeks';
import classes from './WeeklyInsights.module.css';

function deviceZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** The week picker and the Generate button. */
function GenerateCard(props: {
  timeZone: string;
  busy: boolean;
  onGenerate(start: string, end: string): void;
}) {
  const options = useMemo(() => weekOptions(new Date(), props.timeZone), [props.timeZone]);
  const [value, setValue] = useState<string>(options[0]?.value ?? '');
  const chosen = options.find((o) => o.value === value) ?? options[0];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="weekly-generate-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="weekly-generate-title">
          Generate weekly insights
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            className={classes.picker}
            label={weeklyTexts.weekLabel}
            data={options.map((o) => ({ value: o.value, label: o.label }))}
            value={value}
            onChange={(next) => next && setValue(next)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconSparkles size={16} aria-hidden="true" />}
            loading={props.busy}
            disabled={!chosen}
            onClick={() => chosen && props.onGenerate(chosen.startDate, chosen.endDate)}
          >
            {weeklyTexts.generate}
          </Button>
        </Group>
        <Text fz="sm" c="dimmed">
          {weeklyTexts.generateHint}
        </Text>
      </Stack>
    </Card>
  );
}

/** Generations running now, each with its Cancel button. */
function ActiveJobs(props: { jobs: GenerationJob[]; cancelling: string | null; onCancel(id: string): void }) {
  if (props.jobs.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="weekly-active-title">
      <Title order={2} fz="lg" id="weekly-active-title" mb="xs">
        {weeklyTexts.activeTitle}
      </Title>
      <Stack gap="xs" component="ul" className={classes.plainList}>
        {props.jobs.map((job) => (
          <Group key={job.id} component="li" justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="nowrap">
              <Loader size="xs" aria-hidden="true" />
              <Text fz="sm" aria-live="polite">
                {weeklyTexts.statusGenerating}: {periodLabel(job.startDate, job.endDate)}
              </Text>
            </Group>
            <Button
              size="xs"
              variant="default"
              loading={props.cancelling === job.id}
              aria-label={`${weeklyTexts.cancel} ${periodLabel(job.startDate, job.endDate)}`}
              onClick={() => props.onCancel(job.id)}
            >
              {weeklyTexts.cancel}
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function HistoryItem({
  report,
  selected,
  onOpen,
}: {
  report: ReportItem;
  selected: boolean;
  onOpen(): void;
}) {
  return (
    <Box component="li">
      <UnstyledButton
        className={classes.item}
        data-selected={selected || undefined}
        aria-current={selected ? 'true' : undefined}
        onClick={onOpen}
      >
        <Group component="span" justify="space-between" gap="xs" wrap="wrap" mb={4}>
          <Text span fw={600}>
            {report.title}
          </Text>
          {report.source === 'automation' && (
            <Badge component="span" variant="light" color="grape" size="sm">
              {weeklyTexts.automatic}
            </Badge>
          )}
        </Group>
        <Text span display="block" fz="sm" c="dimmed">
          <time dateTime={report.startDate}>{periodLabel(report.startDate, report.endDate)}</time>
        </Text>
        {report.summary && (
          <Text span display="block" fz="sm" mt={4} lineClamp={2}>
            {report.summary}
          </Text>
        )}
      </UnstyledButton>
    </Box>
  );
}

/** The client's reports, newest first, 10 a page. */
function History(props: { selectedId: string | null; onOpen(id: string): void }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: weeklyKeys.history(page),
    queryFn: ({ signal }) => weeklyApi.history(page, signal),
  });
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / historyPageSize)) : 1;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="weekly-history-title">
      <Title order={2} fz="lg" id="weekly-history-title" mb="sm">
        {weeklyTexts.historyTitle}
      </Title>
      {history.isPending ? (
        <LoadingState label={weeklyTexts.loading} />
      ) : history.isError ? (
        <ErrorState
          title={weeklyTexts.loadFailed}
          message={errorMessage(history.error)}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.reports.length === 0 ? (
        <EmptyState title={weeklyTexts.emptyTitle}>{weeklyTexts.emptyBody}</EmptyState>
      ) : (
        <Stack gap="sm">
          <Stack gap="xs" component="ul" className={classes.plainList} aria-label={weeklyTexts.historyTitle}>
            {history.data.reports.map((report) => (
              <HistoryItem
                key={report.id}
                report={report}
                selected={report.id === props.selectedId}
                onOpen={() => props.onOpen(report.id)}
              />
            ))}
          </Stack>
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              aria-label="Pagination"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              getControlProps={(control) => ({
                'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
              })}
            />
          )}
        </Stack>
      )}
    </Card>
  );
}

/**
 * /user/report (Part 2 §2 "Weekly journal report viewer", §4, §8 "Weekly insights"): pick a week,
 * generate in the background (polled every 2 s, with its toasts and Cancel), the history of reports
 * and the open report with Copy, Download PDF and Share. `?reportId=` opens one (notification links).
 */
export function WeeklyInsightsPage() {
  const user = useCurrentUser();
  const timeZone = user?.timezone || deviceZone();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('reportId');
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('reportId', id);
        else next.delete('reportId');
        return next;
      },
      { replace: false },
    );
  const generation = useGeneration();

  return (
    <Box className={classes.page}>
      <PageTitle title={weeklyTexts.title} description={weeklyTexts.description} />
      <Stack gap="md">
        <GenerateCard
          timeZone={timeZone}
          busy={generation.starting}
          onGenerate={(start, end) => void generation.generate(start, end)}
        />
        <ActiveJobs
          jobs={generation.active}
          cancelling={generation.cancelling}
          onCancel={(id) => void generation.cancel(id)}
        />
        {selectedId && <ReportPanel key={selectedId} reportId={selectedId} onClose={() => open(null)} />}
        <History selectedId={selectedId} onOpen={(id) => open(id)} />
      </Stack>
    </Box>
  );
}
