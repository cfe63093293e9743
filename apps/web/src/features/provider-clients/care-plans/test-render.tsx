import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes } from '../../../test/helpers';
import { CarePlansSection } from './CarePlansSection';
import { patientId } from './test-care-plans';

/** The section on the overview page's route (the unsaved-changes guard needs a data router). */
export function renderSection() {
  return renderRoutes(
    [
      {
        path: '/provider/patient-overview/:patientId',
        element: <CarePlansSection patientId={patientId} clientName="Cora Vale" />,
      },
      { path: '/provider/dashboard', element: <h1>Dashboard page</h1> },
    ],
    `/provider/patient-overview/${patientId}`,
  );
}

export const plansList = () => screen.findByRole('list', { name: 'Care plans' });
export const drawer = () => screen.findByRole('dialog', { name: 'Care plan' });

/** Opens a plan of the list by its title; answers the drawer. */
export async function openPlan(title = 'Treatment Plan') {
  await userEvent.click(
    within(await plansList()).getByRole('button', { name: new RegExp(`^Open ${title}`) }),
  );
  return drawer();
}

/** The confirm dialog of that title, confirmed with that button. */
export async function confirm(title: string, button: string) {
  const dialog = await screen.findByRole('dialog', { name: title });
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

/** The kind of the toast showing that text (success, error, warning, info). */
export async function toastKind(text: string) {
  const toast = await screen.findByText(text);
  return toast.closest('[data-toast-kind]')?.getAttribute('data-toast-kind');
}
