import { modals } from '@mantine/modals';
import type { OpenConfirmModal } from '@mantine/modals';
import { ensureModalsHost } from './modals-host';

/**
 * Opens a confirmation dialog (Mantine modals manager); the provider is loaded on first use. Its
 * close button is named (Mantine's has no accessible name of its own).
 */
export async function openConfirm(settings: OpenConfirmModal): Promise<void> {
  await ensureModalsHost();
  modals.openConfirmModal({ centered: true, closeButtonProps: { 'aria-label': 'Close' }, ...settings });
}
