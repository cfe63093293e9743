import type { ReactNode } from 'react';
import { Checkbox, Table } from '@mantine/core';
import { errorMessage } from '../api/client';
import { ErrorState, LoadingState } from './states';
import classes from './DataTable.module.css';
import { TablePager, type TablePagerProps } from './TablePager';

export interface DataTableColumn<T> {
  /** Unique among the columns (the React key of its cells). */
  key: string;
  header: ReactNode;
  /** The column's name beside each value when rows show as cards on a phone (default: a text header). */
  label?: string;
  cell: (row: T, index: number) => ReactNode;
  /** Width of the column (on its header). */
  width?: number | string;
  /** Widest a cell may grow (its text wraps beyond). */
  maxWidth?: number | string;
  align?: 'left' | 'center' | 'right';
  /** A sortable column's current order (its header holds the sort button). */
  ariaSort?: 'ascending' | 'descending' | 'none';
}

/** Where the rows come from: a `usePagedQuery` result (or a TanStack query) fits. */
export interface DataTableSource {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A checkbox column; the caller holds the selected row keys. */
export interface DataTableSelection<T> {
  selected: string[];
  onChange: (selected: string[]) => void;
  /** Label of the header checkbox, which selects or clears every row on this page. */
  allLabel: string;
  /** Label of a row's checkbox. */
  rowLabel: (row: T) => string;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  source: DataTableSource;
  loadingLabel: string;
  errorTitle: string;
  /** Shown instead of the table when there are no rows (an `EmptyState`). */
  empty: ReactNode;
  /** Below this width the table scrolls sideways inside its container. */
  minWidth: number;
  striped?: boolean;
  highlightOnHover?: boolean;
  selection?: DataTableSelection<T>;
  /** The pager under the table, shown in every state. */
  pager?: TablePagerProps;
}

/** A column's name beside its values on a phone's cards. */
function labelOf<T>(column: DataTableColumn<T>): string | undefined {
  if (column.label !== undefined) return column.label || undefined;
  return typeof column.header === 'string' && column.header.trim() ? column.header : undefined;
}

/**
 * A table of server rows with its loading, error and empty states, an optional checkbox column and
 * an optional pager. Row contents and actions come from the column definitions.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  source,
  loadingLabel,
  errorTitle,
  empty,
  minWidth,
  striped,
  highlightOnHover,
  selection,
  pager,
}: DataTableProps<T>) {
  const keys = rows.map((row, index) => rowKey(row, index));

  const selectionHeader = () => {
    if (!selection) return null;
    const { selected, onChange, allLabel } = selection;
    const allOnPage = keys.length > 0 && keys.every((key) => selected.includes(key));
    const someOnPage = keys.some((key) => selected.includes(key));
    return (
      <Table.Th scope="col" w={40} role="columnheader" data-sortable>
        <Checkbox
          aria-label={allLabel}
          checked={allOnPage}
          indeterminate={someOnPage && !allOnPage}
          onChange={() =>
            onChange(
              allOnPage
                ? selected.filter((key) => !keys.includes(key))
                : [...new Set([...selected, ...keys])],
            )
          }
        />
      </Table.Th>
    );
  };

  const selectionCell = (row: T, key: string) => {
    if (!selection) return null;
    const { selected, onChange, rowLabel } = selection;
    const checked = selected.includes(key);
    return (
      <Table.Td role="cell">
        <Checkbox
          aria-label={rowLabel(row)}
          checked={checked}
          onChange={() => onChange(checked ? selected.filter((id) => id !== key) : [...selected, key])}
        />
      </Table.Td>
    );
  };

  const body = () => {
    if (source.isPending) return <LoadingState label={loadingLabel} />;
    if (source.isError)
      return (
        <ErrorState
          title={errorTitle}
          message={errorMessage(source.error)}
          onRetry={() => void source.refetch()}
        />
      );
    if (rows.length === 0) return empty;
    // The sideways scroll area is reachable by keyboard (axe scrollable-region-focusable).
    return (
      <Table.ScrollContainer
        minWidth={minWidth}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={label}
        classNames={{ scrollContainerInner: classes.inner }}
      >
        <Table
          striped={striped}
          highlightOnHover={highlightOnHover}
          verticalSpacing="sm"
          aria-label={label}
          role="table"
          className={classes.cards}
        >
          <Table.Thead role="rowgroup">
            <Table.Tr role="row">
              {selectionHeader()}
              {columns.map((column) => (
                <Table.Th
                  key={column.key}
                  scope="col"
                  w={column.width}
                  ta={column.align}
                  aria-sort={column.ariaSort}
                  role="columnheader"
                  data-sortable={column.ariaSort ? true : undefined}
                >
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">
            {rows.map((row, index) => (
              <Table.Tr key={keys[index]} role="row">
                {selectionCell(row, keys[index]!)}
                {columns.map((column) => (
                  <Table.Td
                    key={column.key}
                    maw={column.maxWidth}
                    ta={column.align}
                    role="cell"
                    data-label={labelOf(column)}
                  >
                    {column.cell(row, index)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  return (
    <>
      <div aria-busy={source.isFetching} aria-live="polite">
        {body()}
      </div>
      {pager && <TablePager {...pager} />}
    </>
  );
}
