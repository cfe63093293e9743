import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { crisisResourcesFor } from '@mindledger/domain';
import { makeUser, renderWithProviders } from '../../../test/helpers';
import { authStore } from '../../auth/auth-store';
import { CrisisDialog, CrisisResources } from './CrisisResources';

const signIn = (timezone: string) =>
  authStore.reset({ status: 'authenticated', user: makeUser({ timezone }) });

afterEach(() => authStore.reset());

describe('crisis resources by the user’s country', () => {
  it('shows a UK user Samaritans 116 123 as a tel: link, Shout as an sms: link, and no 988', () => {
    signIn('Europe/London');
    renderWithProviders(<CrisisResources level="crisis" />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Samaritans: call 116 123.')).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Call Samaritans 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(within(alert).getByRole('link', { name: 'Text Shout 85258' })).toHaveAttribute(
      'href',
      'sms:85258',
    );
    expect(within(alert).getByRole('link', { name: 'Call emergency services 999' })).toHaveAttribute(
      'href',
      'tel:999',
    );
    expect(alert).not.toHaveTextContent(/988|911/);
  });

  it('shows the lines the server answered with, over the profile’s', () => {
    signIn('America/Denver');
    renderWithProviders(
      <CrisisDialog
        safety={{ level: 'crisis', resources: crisisResourcesFor({ country: 'GB' }) }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('link', { name: 'Call Samaritans 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(screen.queryByText(/988/)).toBeNull();
  });

  it('shows a US user 988 to call and to text', () => {
    signIn('America/Denver');
    renderWithProviders(<CrisisResources level="concern" />);
    expect(screen.getByRole('link', { name: 'Call Suicide & Crisis Lifeline 988' })).toHaveAttribute(
      'href',
      'tel:988',
    );
    expect(screen.getByRole('link', { name: 'Text Suicide & Crisis Lifeline 988' })).toHaveAttribute(
      'href',
      'sms:988',
    );
  });

  it('points a user whose zone the table does not know to their emergency number and findahelpline.com', () => {
    signIn('Asia/Tokyo');
    renderWithProviders(<CrisisResources level="crisis" />);
    expect(screen.getByRole('link', { name: 'Call emergency services 112' })).toHaveAttribute(
      'href',
      'tel:112',
    );
    expect(screen.getByRole('link', { name: 'Find A Helpline (findahelpline.com)' })).toHaveAttribute(
      'href',
      'https://findahelpline.com',
    );
  });
});
