import { describe, expect, it } from 'vitest';
import { newNoteValues } from './note-form';

describe('a new note’s date and time', () => {
  // 00:35 UTC on 28 November: still the 27th, 5:35 PM, for a provider in Denver
  const now = new Date('2026-11-28T00:35:00Z');

  it('are now where the provider’s profile is, which the server counts in, not where the device is', () => {
    expect(newNoteValues('America/Denver', now)).toMatchObject({
      date: '2026-11-27',
      time: { hour: '5', minute: '35', period: 'PM' },
    });
    expect(newNoteValues('Pacific/Kiritimati', now)).toMatchObject({
      date: '2026-11-28',
      time: { hour: '2', minute: '35', period: 'PM' },
    });
  });

  it('fall back to the device’s zone without a known profile zone', () => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(newNoteValues('Mars/Olympus', now).date).toBe(newNoteValues(device, now).date);
    expect(newNoteValues(null, now).time).toEqual(newNoteValues(device, now).time);
  });
});
