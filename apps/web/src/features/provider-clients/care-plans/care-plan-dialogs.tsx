import { Text } from '@mantine/core';
import { openConfirm } from '../../../ui/confirm';

export const carePlanDialogTexts = {
  signTitle: 'Sign this care plan?',
  signBody:
    'Signing records you as the signer. Editing a signed plan later keeps this signed version in its history.',
  editSignedTitle: 'Edit a signed plan?',
  editSignedBody:
    'The signed version stays in the plan’s history; your changes make a new draft that needs signing again.',
  shareTitle: 'Share with client?',
} as const;

export function confirmSignPlan(onConfirm: () => void): void {
  void openConfirm({
    title: carePlanDialogTexts.signTitle,
    children: <Text>{carePlanDialogTexts.signBody}</Text>,
    labels: { confirm: 'Sign', cancel: 'Cancel' },
    confirmProps: { color: 'green' },
    onConfirm,
  });
}

export function confirmEditSigned(onConfirm: () => void): void {
  void openConfirm({
    title: carePlanDialogTexts.editSignedTitle,
    children: <Text>{carePlanDialogTexts.editSignedBody}</Text>,
    labels: { confirm: 'Edit plan', cancel: 'Cancel' },
    onConfirm,
  });
}

export function confirmSharePlan(
  clientName: string | undefined,
  version: number,
  onConfirm: () => void,
): void {
  void openConfirm({
    title: carePlanDialogTexts.shareTitle,
    children: (
      <Text fz="sm">
        {clientName ?? 'Your client'} will be able to read version {version} of this care plan under From My
        Providers. Later changes are not shared until you share again.
      </Text>
    ),
    labels: { confirm: 'Share', cancel: 'Cancel' },
    onConfirm,
  });
}
