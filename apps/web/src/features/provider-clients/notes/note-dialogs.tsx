import { Text } from '@mantine/core';
import { openConfirm } from '../../../ui/confirm';
import { unsavedChangesText, unsavedChangesTitle } from '../../../ui/UnsavedChangesGuard';

export const signTexts = {
  title: 'Sign this note?',
  body: 'A signed note is locked: it cannot be edited or deleted. Corrections are added as addenda.',
} as const;

export function confirmSign(onConfirm: () => void): void {
  void openConfirm({
    title: signTexts.title,
    children: <Text>{signTexts.body}</Text>,
    labels: { confirm: 'Sign', cancel: 'Cancel' },
    confirmProps: { color: 'green' },
    onConfirm,
  });
}

export function confirmDeleteDraft(onConfirm: () => void): void {
  void openConfirm({
    title: 'Delete this draft?',
    children: <Text>The draft is deleted for good; this cannot be undone.</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/** Closing an editor whose changes cannot be saved: the unsaved-changes question, Leave or Stay. */
export function confirmLeave(): Promise<boolean> {
  return new Promise((resolve) => {
    void openConfirm({
      title: unsavedChangesTitle,
      children: <Text>{unsavedChangesText}</Text>,
      labels: { confirm: 'Leave', cancel: 'Stay' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
