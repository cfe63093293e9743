import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { renderWithProviders } from '../test/helpers';
import { usePagedQuery } from './usePagedQuery';

interface Params {
  page: number;
  limit: number;
  search?: string;
  role?: string;
}
interface Answer {
  items: string[];
  total: number;
}

/** 12 people; the server pages them and filters by search (in the name) and role. */
const people = Array.from({ length: 12 }, (_, i) => `${i % 2 ? 'Ann' : 'Bo'} ${i + 1}`);
function serve(params: Params): Answer {
  const matching = people.filter(
    (name, i) =>
      (!params.search || name.toLowerCase().includes(params.search.toLowerCase())) &&
      (!params.role || (params.role === 'odd') === (i % 2 === 1)),
  );
  const start = (params.page - 1) * params.limit;
  return { items: matching.slice(start, start + params.limit), total: matching.length };
}

function List({ fetchPage }: { fetchPage: (params: Params) => Promise<Answer> }) {
  const list = usePagedQuery({
    limit: 5,
    filters: { role: '' },
    params: ({ page, limit, search, filters }): Params => ({
      page,
      limit,
      search: search || undefined,
      role: filters.role || undefined,
    }),
    queryKey: (params) => ['people', params],
    queryFn: (params) => fetchPage(params),
    rows: (data) => data.items,
    total: (data) => data.total,
  });
  return (
    <div>
      <label>
        Search
        <input value={list.search} onChange={(event) => list.setSearch(event.currentTarget.value)} />
      </label>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => list.setLimit(10)}>
        Ten per page
      </button>
      <button type="button" onClick={() => list.setFilters({ role: 'odd' })}>
        Odd only
      </button>
      <button type="button" onClick={() => void list.refetch()}>
        Reload
      </button>
      <p>
        page {list.page} of {list.pages}, {list.total} total, limit {list.limit}
      </p>
      {list.isPending && <p>pending</p>}
      {list.isError && <p>error: {(list.error as Error).message}</p>}
      <ul aria-label="People">
        {list.rows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    </div>
  );
}

const rowsShown = () =>
  Array.from(screen.getByRole('list', { name: 'People' }).querySelectorAll('li'), (li) => li.textContent);

describe('usePagedQuery', () => {
  it('asks the server for each page and page size, keeping the last page on screen meanwhile', async () => {
    let release: (() => void) | undefined;
    const fetchPage = vi.fn((params: Params) =>
      params.page === 2
        ? new Promise<Answer>((resolve) => (release = () => resolve(serve(params))))
        : Promise.resolve(serve(params)),
    );
    renderWithProviders(<List fetchPage={fetchPage} />);
    expect(screen.getByText('pending')).toBeInTheDocument();
    expect(await screen.findByText('page 1 of 3, 12 total, limit 5')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 5 });
    expect(rowsShown()).toEqual(['Bo 1', 'Ann 2', 'Bo 3', 'Ann 4', 'Bo 5']);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, limit: 5 }));
    // While page 2 loads, page 1's rows stay (no loading flash).
    expect(screen.queryByText('pending')).toBeNull();
    expect(rowsShown()).toEqual(['Bo 1', 'Ann 2', 'Bo 3', 'Ann 4', 'Bo 5']);
    release!();
    await waitFor(() => expect(rowsShown()).toEqual(['Ann 6', 'Bo 7', 'Ann 8', 'Bo 9', 'Ann 10']));
    expect(screen.getByText('page 2 of 3, 12 total, limit 5')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Ten per page' }));
    expect(await screen.findByText('page 1 of 2, 12 total, limit 10')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 10 });
  });

  it('sends the search once typing pauses, and goes back to page 1', async () => {
    const calledAt: number[] = [];
    const fetchPage = vi.fn((params: Params) => {
      calledAt.push(Date.now());
      return Promise.resolve(serve(params));
    });
    renderWithProviders(<List fetchPage={fetchPage} />);
    await screen.findByText('page 1 of 3, 12 total, limit 5');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('page 2 of 3, 12 total, limit 5');

    const box = screen.getByLabelText('Search');
    await userEvent.type(box, ' an');
    const beforeLastKey = Date.now();
    await userEvent.type(box, 'n ');
    // Typing went back to page 1 at once; the text is not sent yet.
    expect(screen.getByText(/^page 1 of/)).toBeInTheDocument();
    expect(fetchPage.mock.calls.some(([params]) => params.search !== undefined)).toBe(false);

    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 5, search: 'ann' }));
    const sent = fetchPage.mock.calls.findIndex(([params]) => params.search === 'ann');
    expect(calledAt[sent]! - beforeLastKey).toBeGreaterThanOrEqual(295);
    // Only the settled, trimmed text reached the server, once.
    const searches = fetchPage.mock.calls.map(([params]) => params.search).filter(Boolean);
    expect(searches).toEqual(['ann']);
    expect(await screen.findByText('page 1 of 2, 6 total, limit 5')).toBeInTheDocument();
    expect(rowsShown()).toEqual(['Ann 2', 'Ann 4', 'Ann 6', 'Ann 8', 'Ann 10']);
  });

  it('sends the filters and goes back to page 1 when they change', async () => {
    const fetchPage = vi.fn((params: Params) => Promise.resolve(serve(params)));
    renderWithProviders(<List fetchPage={fetchPage} />);
    await screen.findByText('page 1 of 3, 12 total, limit 5');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('page 2 of 3, 12 total, limit 5');

    await userEvent.click(screen.getByRole('button', { name: 'Odd only' }));
    expect(await screen.findByText('page 1 of 2, 6 total, limit 5')).toBeInTheDocument();
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, limit: 5, role: 'odd' });
  });

  it('exposes the error and refetches on demand', async () => {
    const fetchPage = vi
      .fn<(params: Params) => Promise<Answer>>()
      .mockRejectedValueOnce(new ApiError(403, { message: 'Not yours' }))
      .mockImplementation((params) => Promise.resolve(serve(params)));
    renderWithProviders(<List fetchPage={fetchPage} />);
    expect(await screen.findByText('error: Not yours')).toBeInTheDocument();
    expect(rowsShown()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('page 1 of 3, 12 total, limit 5')).toBeInTheDocument();
    expect(screen.queryByText(/^error/)).toBeNull();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
