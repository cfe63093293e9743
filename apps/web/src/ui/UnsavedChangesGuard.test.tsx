import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/helpers';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

function NotesPage() {
  const [notes, setNotes] = useState('');
  return (
    <div>
      <h1>Overview page</h1>
      <label>
        Notes
        <input value={notes} onChange={(event) => setNotes(event.currentTarget.value)} />
      </label>
      <Link to="/provider/dashboard">Dashboard</Link>
      <Link to="/provider/inactive-clients">Inactive</Link>
      <UnsavedChangesGuard dirty={notes !== ''} />
    </div>
  );
}

function renderGuarded() {
  return renderRoutes(
    [
      { path: '/provider/patient-overview/:id', element: <NotesPage /> },
      { path: '/provider/dashboard', element: <h1>Dashboard page</h1> },
      { path: '/provider/inactive-clients', element: <h1>Inactive page</h1> },
    ],
    '/provider/patient-overview/c1',
  );
}

describe('unsaved-changes guard', () => {
  it('lets a clean page go without asking', async () => {
    renderGuarded();
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
  });

  it('asks while dirty: Stay keeps the page, Leave goes to the remembered target', async () => {
    const { router } = renderGuarded();
    await userEvent.type(screen.getByLabelText('Notes'), 'half a thought');
    await userEvent.click(screen.getByRole('link', { name: 'Inactive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    expect(
      within(dialog).getByText('Are you sure you want to leave this page? All unsaved changes will be lost'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).toBeNull();
    expect(router.state.location.pathname).toBe('/provider/patient-overview/c1');
    expect(screen.getByLabelText('Notes')).toHaveValue('half a thought');

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const again = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await userEvent.click(within(again).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/provider/dashboard');
  });

  it('asks the browser before unloading while dirty', async () => {
    renderGuarded();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText('Notes'), 'x');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
