import { useEffect } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from 'react-router';

export const unsavedChangesTitle = 'Unsaved Changes';
export const unsavedChangesText =
  'Are you sure you want to leave this page? All unsaved changes will be lost';
export const unsavedChangesAutosaveText =
  'Are you sure you want to leave this page? All unsaved changes will be automatically saved';

/**
 * Unsaved-changes guard (Part 1 §2, Part 2 §2): while `dirty`, navigation to another path is held
 * back and a modal asks Leave or Stay; Leave goes on to the remembered target. Closing or reloading
 * the tab gets the browser's own prompt (beforeunload). Needs a data router (useBlocker).
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // The form became clean while the question was open (e.g. saved): let the navigation through.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return blocker;
}

interface UnsavedChangesGuardProps {
  dirty: boolean;
  /** With autosave on, the text says the changes are saved instead of lost. */
  autosave?: boolean;
}

/** Drop it on a page with a form: `<UnsavedChangesGuard dirty={form.formState.isDirty} />`. */
export function UnsavedChangesGuard({ dirty, autosave = false }: UnsavedChangesGuardProps) {
  const blocker = useUnsavedChangesGuard(dirty);
  const open = blocker.state === 'blocked';
  return (
    <Modal
      opened={open}
      onClose={() => blocker.reset?.()}
      title={unsavedChangesTitle}
      centered
      zIndex={400}
      withCloseButton={false}
    >
      <Stack gap="lg">
        <Text>{autosave ? unsavedChangesAutosaveText : unsavedChangesText}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
