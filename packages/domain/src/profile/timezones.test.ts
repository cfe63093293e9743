import { describe, expect, it } from 'vitest';
import { defaultTimezone, isValidTimezone, timezones } from './timezones.js';

describe('time zones (Part 1 §3 reference lists)', () => {
  it('offers 15 distinct zones, each one the runtime knows', () => {
    expect(timezones).toHaveLength(15);
    expect(new Set(timezones.map((tz) => tz.value)).size).toBe(15);
    for (const tz of timezones) {
      expect(isValidTimezone(tz.value), tz.value).toBe(true);
      expect(tz.label).toMatch(/^\(UTC[+-]\d{2}:\d{2}\) \S/);
    }
  });

  it('has a valid default among the offered zones', () => {
    expect(isValidTimezone(defaultTimezone)).toBe(true);
    expect(timezones.map((tz) => tz.value)).toContain(defaultTimezone);
  });

  it('refuses unknown, empty or absurdly long zone names', () => {
    expect(isValidTimezone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
    expect(isValidTimezone(`Europe/${'x'.repeat(80)}`)).toBe(false);
    expect(isValidTimezone('Europe/Berlin')).toBe(true);
  });
});
