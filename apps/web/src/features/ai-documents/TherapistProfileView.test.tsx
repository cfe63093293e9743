import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aiDocumentMessages } from '@mindledger/domain';
import { renderWithProviders } from '../../test/helpers';
import { profile } from './test-documents';
import { TherapistProfileView } from './TherapistProfileView';
import { spyConsoleError } from './test-utils';

describe('TherapistProfileView', () => {
  it('shows the sections of the profile in order with their fields', () => {
    renderWithProviders(<TherapistProfileView profile={profile} />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'About You',
      'Areas of Expertise',
      'Understanding & Awareness',
      'Helpful Approaches',
      'Focus of Support',
      'Session Preferences',
      'Therapist Connection',
    ]);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Format',
      'Location',
      'Language',
      'Timing',
      'Professional Background',
      'Communication Style',
      'Session Approach',
    ]);
    expect(screen.getByText(/prepared for Ann/)).toBeInTheDocument();
    for (const text of [
      'Anxiety',
      'LGBTQ+ affirming care',
      'Cognitive behavioural therapy',
      'Adults in transition',
      'Video sessions',
      'Time zone: America/Denver',
      'Near downtown',
      'Spanish',
      'Weekday evenings',
      'Can move sessions with notice.',
      'Licensed, with trauma training.',
      'Warm and direct',
      'EMDR',
      'Weekly 50-minute sessions',
      'Built from your Initial Journey answers.',
      'This profile is not a referral.',
      aiDocumentMessages.disclaimer,
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByText('About this search')).toBeInTheDocument();
  });

  it('reads the profile from JSON text', () => {
    renderWithProviders(<TherapistProfileView profile={JSON.stringify(profile)} headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'About You' })).toBeInTheDocument();
  });

  it('logs invalid JSON and shows the empty view', () => {
    const error = spyConsoleError();
    renderWithProviders(<TherapistProfileView profile="nope" />);
    expect(screen.getByText('No Target Therapist Found')).toBeInTheDocument();
    expect(error).toHaveBeenCalledTimes(1);
  });
});
