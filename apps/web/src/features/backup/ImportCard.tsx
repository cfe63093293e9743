import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  backupMessages as msg,
  conflictResolutionLabels,
  conflictResolutions,
  mappableMoods,
  type ConflictResolution,
} from '@mindledger/domain';
import { errorMessage } from '../../api/client';
import { saveFile } from '../../ui/save-file';
import { toast } from '../../ui/toast';
import { useCurrentUser } from '../auth';
import {
  backupApi,
  backupKeys,
  type BackupImport,
  type ImportCheck,
  type ImportOptions,
  type ImportPreview,
} from './api';
import classes from './backup.module.css';
import { count } from './texts';

const pollMs = 1_000;
const moodChoices = Object.keys(mappableMoods);
const resolutionData = conflictResolutions.map((r) => ({ value: r, label: conflictResolutionLabels[r] }));
const shownConflicts = 50;

type Step =
  | { name: 'choose' }
  | { name: 'checked'; check: ImportCheck }
  | { name: 'preview'; preview: ImportPreview }
  | { name: 'importing'; importId: string }
  | { name: 'done'; result: BackupImport };

/**
 * "Import": choose a file (a MindLedger backup, a Daylio CSV export, or a CSV or JSON of the
 * templates) → check it (every problem with where it is; unknown moods mapped) → preview (what is
 * added, each conflict and why, with skip / replace / keep both) → import (cancellable, all or
 * nothing) → what was done.
 */
export function ImportCard() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [busy, setBusy] = useState(false);
  const [moodMap, setMoodMap] = useState<Record<string, string>>({});
  const [onConflict, setOnConflict] = useState<ConflictResolution>('skip');
  const [choices, setChoices] = useState<Record<string, ConflictResolution>>({});
  const options = (): ImportOptions => ({ timezone: user?.timezone, moodMap, onConflict });
  const importId =
    step.name === 'checked' ? step.check.importId : step.name === 'preview' ? step.preview.importId : null;

  const running = useQuery({
    queryKey: ['backup', 'import', step.name === 'importing' ? step.importId : null],
    queryFn: () => backupApi.progress((step as { importId: string }).importId),
    enabled: step.name === 'importing',
    refetchInterval: pollMs,
  });
  const finished =
    step.name === 'importing' && running.data?.status !== 'importing' ? running.data : undefined;
  useEffect(() => {
    if (!finished) return;
    setStep({ name: 'done', result: finished });
    void queryClient.invalidateQueries({ queryKey: backupKeys.all });
    if (finished.status === 'completed') toast.success(msg.completed);
    else if (finished.status === 'failed') toast.error(finished.error ?? msg.failed);
  }, [finished, queryClient]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const check = () =>
    act(async () => {
      if (!file) return;
      const id = importId ?? (await backupApi.upload(file)).importId;
      setStep({ name: 'checked', check: await backupApi.validate(id, options()) });
    });
  const preview = (id: string) =>
    act(async () => setStep({ name: 'preview', preview: await backupApi.preview(id, options()) }));
  const confirm = (id: string) =>
    act(async () => {
      await backupApi.confirm(id, options(), choices);
      setStep({ name: 'importing', importId: id });
    });
  const cancel = (id: string) =>
    act(async () => {
      await backupApi.cancel(id);
      toast.info(msg.cancelled);
      void queryClient.invalidateQueries({ queryKey: backupKeys.all });
      reset();
    });
  const reset = () => {
    setStep({ name: 'choose' });
    setFile(null);
    setMoodMap({});
    setChoices({});
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="backup-import-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz={18} id="backup-import-title">
            Import
          </Title>
          <Text c="dimmed" fz="sm">
            Bring in a MindLedger backup, a Daylio CSV export, or a CSV or JSON of the templates below. You
            see what will change before anything is written, and an import is all or nothing.
          </Text>
        </Stack>

        {step.name === 'choose' && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label="File to import"
              description="A MindLedger backup (.zip or .json), a Daylio export or a template (.csv or .json)"
              accept=".zip,.json,.csv,application/zip,application/json,text/csv"
              value={file}
              onChange={setFile}
              clearable
              className={classes.file}
            />
            <Button onClick={() => void check()} loading={busy} disabled={!file}>
              Check file
            </Button>
          </Group>
        )}

        {step.name === 'checked' && (
          <CheckView
            check={step.check}
            moodMap={moodMap}
            onMoodMap={setMoodMap}
            busy={busy}
            onRecheck={() => void check()}
            onPreview={() => void preview(step.check.importId)}
            onCancel={() => void cancel(step.check.importId)}
          />
        )}

        {step.name === 'preview' && (
          <PreviewView
            preview={step.preview}
            onConflict={onConflict}
            onDefault={(value) => {
              setOnConflict(value);
              void act(async () =>
                setStep({
                  name: 'preview',
                  preview: await backupApi.preview(step.preview.importId, {
                    ...options(),
                    onConflict: value,
                  }),
                }),
              );
            }}
            choices={choices}
            onChoice={(id, value) => setChoices((c) => ({ ...c, [id]: value }))}
            busy={busy}
            onConfirm={() => void confirm(step.preview.importId)}
            onCancel={() => void cancel(step.preview.importId)}
          />
        )}

        {step.name === 'importing' && (
          <Stack gap="sm" role="status" aria-live="polite">
            <Text fz="sm" fw={600}>
              Importing…
            </Text>
            <Progress
              value={Math.max(running.data?.progress ?? 0, 3)}
              animated
              aria-label="Import progress"
            />
            <Group>
              <Button variant="default" color="red" onClick={() => void cancel(step.importId)} loading={busy}>
                Cancel import
              </Button>
            </Group>
          </Stack>
        )}

        {step.name === 'done' && <DoneView result={step.result} onAgain={reset} />}

        <Templates />
      </Stack>
    </Card>
  );
}

function ProblemList({ items, label }: { items: { where: string; message: string }[]; label: string }) {
  return (
    <List size="sm" spacing={4} aria-label={label} className={classes.problems} tabIndex={0}>
      {items.map((p, i) => (
        <List.Item key={`${p.where}-${i}`}>
          <Text component="span" fw={600} fz="sm">
            {p.where}:
          </Text>{' '}
          {p.message}
        </List.Item>
      ))}
    </List>
  );
}

function Counts({ counts }: { counts: ImportCheck['counts'] }) {
  const parts = [
    count(counts.entries, 'entry', 'entries'),
    count(counts.goals, 'goal'),
    counts.photos ? count(counts.photos, 'photo') : null,
    counts.documents ? count(counts.documents, 'document') : null,
    counts.messages ? count(counts.messages, 'Initial Journey message') : null,
  ].filter(Boolean);
  return <Text fz="sm">{parts.join(', ')}</Text>;
}

function CheckView(props: {
  check: ImportCheck;
  moodMap: Record<string, string>;
  onMoodMap: (map: Record<string, string>) => void;
  busy: boolean;
  onRecheck: () => void;
  onPreview: () => void;
  onCancel: () => void;
}) {
  const { check } = props;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge variant="light">{check.sourceLabel}</Badge>
        <Badge variant="light" color={check.valid ? 'green' : 'red'}>
          {check.valid ? 'Ready to preview' : `${check.problemCount} problems`}
        </Badge>
      </Group>
      <Counts counts={check.counts} />
      {!check.valid && (
        <Alert color="red" title="Fix these before importing" role="alert">
          <ProblemList items={check.problems} label="Problems in the file" />
          {check.problemCount > check.problems.length && (
            <Text fz="xs" mt="xs">
              And {check.problemCount - check.problems.length} more.
            </Text>
          )}
        </Alert>
      )}
      {check.unknownMoods.length > 0 && (
        <Stack gap="xs">
          <Text fz="sm" fw={600}>
            Which of our moods do these mean?
          </Text>
          <Group gap="sm" wrap="wrap">
            {check.unknownMoods.map((mood) => (
              <Select
                key={mood}
                label={`“${mood}”`}
                data={moodChoices}
                value={props.moodMap[mood] ?? null}
                onChange={(value) => props.onMoodMap({ ...props.moodMap, [mood]: value ?? '' })}
                w={170}
              />
            ))}
          </Group>
        </Stack>
      )}
      <Group gap="sm" wrap="wrap">
        {check.valid ? (
          <Button onClick={props.onPreview} loading={props.busy}>
            Preview import
          </Button>
        ) : (
          <Button onClick={props.onRecheck} loading={props.busy} variant="light">
            Check again
          </Button>
        )}
        <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
          Choose another file
        </Button>
      </Group>
    </Stack>
  );
}

function PreviewView(props: {
  preview: ImportPreview;
  onConflict: ConflictResolution;
  onDefault: (value: ConflictResolution) => void;
  choices: Record<string, ConflictResolution>;
  onChoice: (id: string, value: ConflictResolution) => void;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { preview } = props;
  const add = preview.add;
  return (
    <Stack gap="sm">
      <Text fz="sm" fw={600}>
        Will be added: {count(add.entries, 'entry', 'entries')}, {count(add.goals, 'goal')}
        {add.documents ? `, ${count(add.documents, 'document')}` : ''}
        {add.messages ? `, ${count(add.messages, 'Initial Journey message')}` : ''}.
      </Text>
      {preview.conflicts.length > 0 ? (
        <Stack gap="xs">
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Text fz="sm">
              {preview.conflicts.length}{' '}
              {preview.conflicts.length === 1 ? 'item conflicts' : 'items conflict'} with what is here.
            </Text>
            <Select
              label="For every conflict"
              data={resolutionData}
              value={props.onConflict}
              onChange={(value) => value && props.onDefault(value as ConflictResolution)}
              allowDeselect={false}
              w={240}
            />
          </Group>
          <ul className={classes.list} aria-label="Conflicts">
            {preview.conflicts.slice(0, shownConflicts).map((c) => (
              <li key={c.id} className={classes.row}>
                <Group justify="space-between" gap="xs" wrap="wrap" align="flex-end">
                  <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
                    <Text fz="sm" fw={600}>
                      {c.label}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {c.reason}
                    </Text>
                  </Stack>
                  <Select
                    label={`What to do with ${c.label}`}
                    aria-label={`What to do with ${c.label}`}
                    data={resolutionData.filter((r) => c.options.includes(r.value))}
                    value={
                      props.choices[c.id] ??
                      (c.options.includes(props.onConflict) ? props.onConflict : 'skip')
                    }
                    onChange={(value) => value && props.onChoice(c.id, value as ConflictResolution)}
                    allowDeselect={false}
                    w={240}
                    classNames={{ label: classes.hiddenLabel }}
                  />
                </Group>
              </li>
            ))}
          </ul>
          {preview.conflicts.length > shownConflicts && (
            <Text fz="xs" c="dimmed">
              {preview.conflicts.length - shownConflicts} more conflicts follow the choice for every conflict.
            </Text>
          )}
        </Stack>
      ) : (
        <Text fz="sm" c="dimmed">
          Nothing in the file conflicts with what is here.
        </Text>
      )}
      {preview.notImported.length > 0 && (
        <Alert color="yellow" title="Not imported">
          <ProblemList items={preview.notImported} label="Not imported" />
        </Alert>
      )}
      <Group gap="sm" wrap="wrap">
        <Button onClick={props.onConfirm} loading={props.busy}>
          Import
        </Button>
        <Button variant="default" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function DoneView({ result, onAgain }: { result: BackupImport; onAgain: () => void }) {
  const r = result.result;
  return (
    <Stack gap="sm">
      {result.status === 'completed' && r ? (
        <Alert color="green" title={msg.completed}>
          <Text fz="sm">
            Added {count(r.added.entries, 'entry', 'entries')}, {count(r.added.goals, 'goal')},{' '}
            {count(r.added.photos, 'photo')}
            {r.added.documents ? `, ${count(r.added.documents, 'document')}` : ''}. Replaced {r.replaced},
            kept both {r.keptBoth}, skipped {r.skipped}.{r.profile ? ' Profile updated.' : ''}
            {r.settings ? ' Settings updated.' : ''}
          </Text>
          {r.notImported.length > 0 && <ProblemList items={r.notImported} label="Not imported" />}
        </Alert>
      ) : (
        <Alert
          color={result.status === 'cancelled' ? 'gray' : 'red'}
          title={result.status === 'cancelled' ? msg.cancelled : msg.failed}
        >
          {result.error && result.error !== msg.failed ? <Text fz="sm">{result.error}</Text> : null}
        </Alert>
      )}
      <Group>
        <Button variant="light" onClick={onAgain}>
          Import another file
        </Button>
      </Group>
    </Stack>
  );
}

function Templates() {
  const templates = useQuery({
    queryKey: backupKeys.templates(),
    queryFn: ({ signal }) => backupApi.templates(signal),
  });
  const download = async (type: 'entries' | 'goals', format: 'csv' | 'json') => {
    try {
      saveFile(await backupApi.template(type, format), `mindledger-${type}-template.${format}`);
    } catch {
      toast.error('Template download failed');
    }
  };
  return (
    <Stack gap="xs" className={classes.templates}>
      <Text fz="sm" fw={600}>
        Templates
      </Text>
      <Text fz="xs" c="dimmed">
        A journal or goals kept in a spreadsheet come in through these columns
        {templates.data
          ? `: ${templates.data.map((t) => `${t.type} (${t.columns.map((c) => c.name).join(', ')})`).join('; ')}`
          : ''}
        .
      </Text>
      <Group gap="xs" wrap="wrap">
        {(['entries', 'goals'] as const).flatMap((type) =>
          (['csv', 'json'] as const).map((format) => (
            <Button
              key={`${type}-${format}`}
              size="xs"
              variant="default"
              onClick={() => void download(type, format)}
            >
              {type === 'entries' ? 'Entries' : 'Goals'} template ({format.toUpperCase()})
            </Button>
          )),
        )}
      </Group>
      <Text fz="xs" c="dimmed">
        Files up to 50 MB.
      </Text>
    </Stack>
  );
}
