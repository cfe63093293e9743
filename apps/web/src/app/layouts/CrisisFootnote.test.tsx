import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/helpers';
import { CrisisFootnote } from './AuthLayout';

function inZone(timeZone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone };
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the crisis note before sign-in', () => {
  it("names the browser zone's country's line as a tel: link", () => {
    inZone('Europe/London');
    renderWithProviders(<CrisisFootnote />);
    expect(screen.getByRole('link', { name: 'Samaritans 116 123' })).toHaveAttribute('href', 'tel:116123');
    expect(screen.getByText(/local emergency number \(999\)/)).toBeInTheDocument();
    expect(screen.queryByText(/988/)).toBeNull();
  });

  it('points to findahelpline.com where the zone is unknown', () => {
    inZone('Asia/Tokyo');
    renderWithProviders(<CrisisFootnote />);
    expect(screen.getByRole('link', { name: 'findahelpline.com' })).toHaveAttribute(
      'href',
      'https://findahelpline.com',
    );
  });
});
