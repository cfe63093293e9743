import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/helpers';
import { ScrollToTop } from './ScrollToTop';

function Shell() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

function Journal() {
  const [, setParams] = useSearchParams();
  return (
    <>
      <Link to="/user/home">Home</Link>
      <button type="button" onClick={() => setParams({ tab: '2' })}>
        Second tab
      </button>
    </>
  );
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
});
afterEach(() => vi.unstubAllGlobals());

describe('a new page starts at its top', () => {
  it('scrolls up when the path changes, not when only the query string does', async () => {
    const { router } = renderRoutes(
      [
        {
          element: <Shell />,
          children: [
            { path: '/user/journaling-feature', element: <Journal /> },
            { path: '/user/home', element: <h1>Home page</h1> },
          ],
        },
      ],
      '/user/journaling-feature',
    );
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Second tab' }));
    expect(router.state.location.search).toBe('?tab=2');
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await router.navigate(-1);
    expect(await screen.findByRole('button', { name: 'Second tab' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
