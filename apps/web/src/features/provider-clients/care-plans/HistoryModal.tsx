import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { formatDate } from '../../../ui/format';
import { ErrorState, LoadingState } from '../../../ui/states';
import { carePlansApi, carePlansKeys, type CarePlanRecord } from './api';
import { CarePlanDocumentView } from './CarePlanDocumentView';
import { PlanStatusBadge, SharedBadge } from './PlanBadges';
import { documentOf } from './plan-form';
import { versionModeLabel } from './plan-labels';
import classes from './care-plans.module.css';

interface HistoryModalProps {
  patientId: string;
  /** The plan with its history (the one-plan answer); null keeps the modal closed. */
  plan: CarePlanRecord | null;
  onClose: () => void;
}

/** Every version of a plan, newest first; one opens read-only. */
export function HistoryModal({ patientId, plan, onClose }: HistoryModalProps) {
  const [viewing, setViewing] = useState<number | null>(null);
  const close = () => {
    setViewing(null);
    onClose();
  };
  return (
    <Modal
      opened={plan !== null}
      onClose={close}
      title="Care plan history"
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {plan &&
        (viewing === null ? (
          <VersionList plan={plan} onOpen={setViewing} />
        ) : (
          <VersionView patientId={patientId} plan={plan} version={viewing} onBack={() => setViewing(null)} />
        ))}
    </Modal>
  );
}

function VersionList({ plan, onOpen }: { plan: CarePlanRecord; onOpen: (version: number) => void }) {
  if (!plan.versions) return <LoadingState label="Loading versions..." />;
  return (
    <ul className={classes.list} aria-label="Versions">
      {plan.versions.map((meta) => {
        const when = formatDate(meta.createdAt, 'MMM D, YYYY h:mm A');
        const status = meta.isSigned ? 'Signed' : 'Draft';
        return (
          <li key={meta.version}>
            <UnstyledButton
              className={classes.version}
              onClick={() => onOpen(meta.version)}
              aria-label={`Version ${meta.version}, ${status}, ${versionModeLabel(meta)}, ${when}`}
            >
              <Group gap={6} wrap="wrap">
                <Text fz="sm" fw={600}>
                  Version {meta.version}
                </Text>
                <PlanStatusBadge isSigned={meta.isSigned} />
                {plan.sharedVersions.includes(meta.version) && <SharedBadge />}
              </Group>
              <Text fz="xs" c="dimmed" mt={4}>
                {versionModeLabel(meta)} · {when}
                {meta.createdByName ? ` · ${meta.createdByName}` : ''}
              </Text>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}

interface VersionViewProps {
  patientId: string;
  plan: CarePlanRecord;
  version: number;
  onBack: () => void;
}

function VersionView({ patientId, plan, version, onBack }: VersionViewProps) {
  const query = useQuery({
    queryKey: carePlansKeys.version(patientId, plan.id, version),
    queryFn: ({ signal }) => carePlansApi.version(plan.id, version, signal),
  });
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
          data-autofocus
        >
          All versions
        </Button>
        <Text fz="sm" c="dimmed">
          Version {version}
          {version === plan.version ? ' (current)' : ''} · read-only
        </Text>
      </Group>
      {query.isPending ? (
        <LoadingState label="Loading version..." />
      ) : query.isError ? (
        <ErrorState
          title="Unable to load this version"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="sm" component="section" aria-label={`Version ${version}`}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} className={classes.text}>
              {query.data.carePlan.title}
            </Text>
            <PlanStatusBadge isSigned={query.data.carePlan.isSigned} />
          </Group>
          <CarePlanDocumentView doc={documentOf(query.data.carePlan)} />
        </Stack>
      )}
    </Stack>
  );
}
