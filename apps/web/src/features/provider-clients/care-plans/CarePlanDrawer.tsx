import { useCallback, useRef, useState } from 'react';
import { Drawer, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/client';
import { ErrorState, LoadingState } from '../../../ui/states';
import { VersionHistoryModal } from '../documents/VersionHistoryModal';
import { confirmLeave } from '../notes/note-dialogs';
import { carePlansApi, carePlansKeys } from './api';
import { CarePlanDocumentView } from './CarePlanDocumentView';
import { CarePlanEditor } from './CarePlanEditor';
import { PlanStatusBadge } from './PlanBadges';
import { documentOf } from './plan-form';
import { PlanHeader } from './PlanHeader';
import { versionModeLabel } from './plan-labels';
import { SignedPlanView } from './SignedPlanView';
import documents from '../documents/documents.module.css';

/** What the drawer shows: one plan; `session` is one opening of it. */
export interface PlanTarget {
  session: number;
  id: string;
}

interface CarePlanDrawerProps {
  patientId: string;
  clientName?: string;
  target: PlanTarget | null;
  onClose: () => void;
}

/** The care-plan drawer: the structured editor, or a signed plan read-only until 'Edit signed plan'. */
export function CarePlanDrawer({ patientId, clientName, target, onClose }: CarePlanDrawerProps) {
  const mobile = useMediaQuery('(max-width: 48em)');
  const dirty = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const requestClose = async () => {
    if (dirty.current && !(await confirmLeave())) return;
    dirty.current = false;
    onClose();
  };

  return (
    <Drawer
      opened={target !== null}
      onClose={() => void requestClose()}
      position="right"
      size={mobile ? '100%' : 'xl'}
      title="Care plan"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {target && (
        <Stack gap="md">
          {clientName && (
            <Text fz="sm" c="dimmed">
              Client: {clientName}
            </Text>
          )}
          <CarePlanBody
            key={target.session}
            patientId={patientId}
            clientName={clientName}
            planId={target.id}
            onDirtyChange={setDirty}
          />
        </Stack>
      )}
    </Drawer>
  );
}

interface CarePlanBodyProps {
  patientId: string;
  clientName?: string;
  planId: string;
  onDirtyChange: (dirty: boolean) => void;
}

function CarePlanBody({ patientId, clientName, planId, onDirtyChange }: CarePlanBodyProps) {
  const detail = useQuery({
    queryKey: carePlansKeys.detail(patientId, planId),
    queryFn: ({ signal }) => carePlansApi.get(planId, signal),
    refetchOnWindowFocus: false,
  });
  // 'Edit signed plan' opens this signed version for editing; a new version is read as it is.
  const [unlocked, setUnlocked] = useState<number | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  if (detail.isPending) return <LoadingState label="Loading care plan..." />;
  if (detail.isError)
    return (
      <ErrorState
        title="Unable to load this care plan"
        message={errorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
      />
    );
  const plan = detail.data;
  const readOnly = plan.isSigned && unlocked !== plan.version;
  return (
    <Stack gap="md">
      <PlanHeader plan={plan} editingSigned={plan.isSigned && !readOnly} />
      {readOnly ? (
        <SignedPlanView
          patientId={patientId}
          clientName={clientName}
          plan={plan}
          onEdit={() => setUnlocked(plan.version)}
          onHistory={() => setHistoryOpen(true)}
        />
      ) : (
        <CarePlanEditor
          key={`${plan.version}:${String(plan.isSigned)}`}
          patientId={patientId}
          clientName={clientName}
          plan={plan}
          onDirtyChange={onDirtyChange}
          onHistory={() => setHistoryOpen(true)}
        />
      )}
      <VersionHistoryModal
        opened={historyOpen}
        title="Care plan history"
        versions={plan.versions}
        currentVersion={plan.version}
        sharedVersions={plan.sharedVersions}
        modeLabel={versionModeLabel}
        badges={(meta) => <PlanStatusBadge isSigned={meta.isSigned} />}
        rowLabel={(meta, when) =>
          `Version ${meta.version}, ${meta.isSigned ? 'Signed' : 'Draft'}, ${versionModeLabel(meta)}, ${when}`
        }
        versionQuery={(version) => ({
          queryKey: carePlansKeys.version(patientId, planId, version),
          queryFn: ({ signal }) => carePlansApi.version(planId, version, signal),
        })}
        renderVersion={({ carePlan }) => (
          <>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} className={documents.text}>
                {carePlan.title}
              </Text>
              <PlanStatusBadge isSigned={carePlan.isSigned} />
            </Group>
            <CarePlanDocumentView doc={documentOf(carePlan)} />
          </>
        )}
        onClose={() => setHistoryOpen(false)}
      />
    </Stack>
  );
}
