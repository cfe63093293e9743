import { modals } from '@mantine/modals';
import type { OpenConfirmModal } from '@mantine/modals';
import { ensureModalsHost } from './modals-host';

/** Opens a confirmation dialog (Mantine modals manager); the provider is loaded on first use. */
export async function openConfirm(settings: OpenConfirmModal): Promise<void> {
  await ensureModalsHost();
  modals.openConfirmModal({ centered: true, ...settings });
}
