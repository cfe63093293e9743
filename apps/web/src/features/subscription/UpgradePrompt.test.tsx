import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/helpers';
import { SubscriptionLink, UpgradePrompt } from './index';

describe('UpgradePrompt', () => {
  it('says what needs Standard and goes to Choose Your Plan', async () => {
    const { router } = renderRoutes(
      [
        { path: '/user/report', element: <UpgradePrompt feature="Weekly insights" /> },
        { path: '/subscription', element: <p>Plans page</p> },
      ],
      '/user/report',
    );
    expect(screen.getByText('Weekly insights needs an active Standard subscription.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'View Plans' }));
    expect(router.state.location.pathname).toBe('/subscription');
    expect(screen.getByText('Plans page')).toBeInTheDocument();
  });

  it('takes the server message, and a plain link exists for sentences', () => {
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <UpgradePrompt message="An active Standard subscription is required to use weekly insights." />
              <SubscriptionLink />
            </>
          ),
        },
      ],
      '/',
    );
    expect(
      screen.getByText('An active Standard subscription is required to use weekly insights.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose Your Plan' })).toHaveAttribute('href', '/subscription');
  });
});
