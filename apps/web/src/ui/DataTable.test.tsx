import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { renderWithProviders } from '../test/helpers';
import { DataTable, type DataTableColumn, type DataTableSource } from './DataTable';
import { EmptyState } from './states';

interface Pet {
  id: string;
  name: string;
  kind: string;
}

const pets: Pet[] = [
  { id: 'p1', name: 'Rex', kind: 'Dog' },
  { id: 'p2', name: 'Tom', kind: 'Cat' },
  { id: 'p3', name: 'Kiwi', kind: 'Bird' },
];

const columns: DataTableColumn<Pet>[] = [
  { key: 'number', header: '#', cell: (_pet, index) => index + 1 },
  { key: 'name', header: 'Name', cell: (pet) => <strong>{pet.name}</strong> },
  { key: 'kind', header: 'Kind', cell: (pet) => pet.kind, align: 'right' },
];

const ready: DataTableSource = {
  isPending: false,
  isFetching: false,
  isError: false,
  error: null,
  refetch: () => undefined,
};

interface Props {
  rows?: Pet[];
  source?: DataTableSource;
  initialSelected?: string[];
  selectable?: boolean;
  onPage?: (page: number) => void;
  onLimit?: (limit: number) => void;
}

function Pets({
  rows = pets,
  source = ready,
  initialSelected = [],
  selectable = false,
  onPage = () => undefined,
  onLimit = () => undefined,
}: Props) {
  const [selected, setSelected] = useState(initialSelected);
  return (
    <>
      <DataTable
        label="Pets"
        columns={columns}
        rows={rows}
        rowKey={(pet) => pet.id}
        source={source}
        loadingLabel="Loading pets..."
        errorTitle="Unable to load pets"
        empty={<EmptyState title="No pets yet">Adopt one.</EmptyState>}
        minWidth={480}
        selection={
          selectable
            ? {
                selected,
                onChange: setSelected,
                allLabel: 'Select all pets on this page',
                rowLabel: (pet) => `Select ${pet.name}`,
              }
            : undefined
        }
        pager={{
          page: 2,
          pages: 3,
          total: 23,
          limit: 10,
          pageSizes: [10, 25],
          noun: ['pet', 'pets'],
          onPage,
          onLimit,
        }}
      />
      <p>Selected: {selected.join(',')}</p>
    </>
  );
}

const selectedIds = () => screen.getByText(/^Selected:/).textContent!.replace('Selected: ', '');

describe('DataTable', () => {
  it('renders the labelled table with a header per column and a cell per row and column', () => {
    renderWithProviders(<Pets />);
    const table = screen.getByRole('table', { name: 'Pets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['#', 'Name', 'Kind']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      ),
    ).toEqual([
      ['1', 'Rex', 'Dog'],
      ['2', 'Tom', 'Cat'],
      ['3', 'Kiwi', 'Bird'],
    ]);
    expect(within(table).getByText('Rex').tagName).toBe('STRONG');
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });

  it('shows the loading, error and empty states instead of the table', async () => {
    const { unmount } = renderWithProviders(<Pets source={{ ...ready, isPending: true }} rows={[]} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading pets...');
    expect(screen.queryByRole('table')).toBeNull();
    unmount();

    const refetch = vi.fn();
    const failed = { ...ready, isError: true, error: new ApiError(500, { message: 'Server down' }), refetch };
    const second = renderWithProviders(<Pets source={failed} rows={[]} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Unable to load pets')).toBeInTheDocument();
    expect(within(alert).getByText('Server down')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    second.unmount();

    renderWithProviders(<Pets rows={[]} />);
    expect(screen.getByText('No pets yet')).toBeInTheDocument();
    expect(screen.getByText('Adopt one.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('marks the table busy while it refetches', () => {
    renderWithProviders(<Pets source={{ ...ready, isFetching: true }} />);
    expect(screen.getByRole('table', { name: 'Pets' }).closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('selects rows one by one and all on the page, keeping rows selected elsewhere', async () => {
    renderWithProviders(<Pets selectable initialSelected={['elsewhere']} />);
    const table = screen.getByRole('table', { name: 'Pets' });
    const all = within(table).getByRole('checkbox', { name: 'Select all pets on this page' });
    expect(all).not.toBeChecked();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Tom' }));
    expect(within(table).getByRole('checkbox', { name: 'Select Tom' })).toBeChecked();
    expect(selectedIds()).toBe('elsewhere,p2');
    expect(all).toHaveAttribute('data-indeterminate', 'true');

    await userEvent.click(all);
    expect(selectedIds()).toBe('elsewhere,p2,p1,p3');
    expect(all).toBeChecked();

    await userEvent.click(all);
    expect(selectedIds()).toBe('elsewhere');
    expect(all).not.toBeChecked();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Rex' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Rex' }));
    expect(selectedIds()).toBe('elsewhere');
  });

  it('toggles a row from the keyboard', async () => {
    renderWithProviders(<Pets selectable />);
    // First the table's scroll area (a region a keyboard user can scroll sideways), then its controls.
    await userEvent.tab();
    expect(screen.getByRole('region')).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Select all pets on this page' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Select Rex' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(selectedIds()).toBe('p1');
  });

  it('shows the pager, which pages and changes the page size', async () => {
    const onPage = vi.fn();
    const onLimit = vi.fn();
    renderWithProviders(<Pets onPage={onPage} onLimit={onLimit} />);
    expect(screen.getByText('23 pets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(onLimit).toHaveBeenCalledWith(25);
  });
});
