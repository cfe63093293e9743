import { describe, expect, it } from 'vitest';
import { isLocalTime, isoWeekday, nextSlot, zonedInstant } from './zoned.js';

const ny = 'America/New_York';

describe('zonedInstant', () => {
  it('reads an ordinary local time with the offset of that day', () => {
    expect(zonedInstant('2026-07-01', '09:00', ny).toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(zonedInstant('2026-12-01', '09:00', ny).toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(zonedInstant('2026-12-01', '09:00', 'Asia/Kolkata').toISOString()).toBe(
      '2026-12-01T03:30:00.000Z',
    );
    expect(zonedInstant('2026-12-01', '00:00', 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('moves a time in the spring gap after the gap by its length', () => {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT: 02:30 does not exist that day
    expect(zonedInstant('2026-03-08', '02:30', ny).toISOString()).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(zonedInstant('2026-03-08', '03:30', ny).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedInstant('2026-03-08', '01:59', ny).toISOString()).toBe('2026-03-08T06:59:00.000Z');
  });

  it('takes the first of a time that happens twice in the autumn overlap', () => {
    // 2026-11-01 02:00 EDT falls back to 01:00 EST: 01:30 happens at 05:30Z and again at 06:30Z
    expect(zonedInstant('2026-11-01', '01:30', ny).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(zonedInstant('2026-11-01', '02:30', ny).toISOString()).toBe('2026-11-01T07:30:00.000Z');
  });

  it('handles zones with half-hour changes and the southern hemisphere', () => {
    // Lord Howe moves by 30 minutes (2026-10-04 02:00 → 02:30)
    expect(zonedInstant('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe(
      '2026-10-03T15:45:00.000Z',
    );
    // Santiago: 2026-09-06 00:00 does not exist (clocks go to 01:00)
    expect(zonedInstant('2026-09-06', '00:30', 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:30:00.000Z',
    );
  });

  it('refuses what is not a day, a time or a zone', () => {
    expect(() => zonedInstant('2026-02-30', '09:00', ny)).toThrow(RangeError);
    expect(() => zonedInstant('2026-02-01', '24:00', ny)).toThrow(RangeError);
    expect(() => zonedInstant('2026-02-01', '09:00', 'Mars/Base')).toThrow(RangeError);
    expect(isLocalTime('23:59')).toBe(true);
    expect(isLocalTime('7:00')).toBe(false);
    expect(isLocalTime('12:60')).toBe(false);
  });
});

describe('nextSlot', () => {
  const daily = { localTime: '02:30', weekdays: [1, 2, 3, 4, 5, 6, 7], timeZone: ny };

  it('gives each local day once across the spring change, none skipped', () => {
    const slots: string[] = [];
    let now = new Date('2026-03-06T12:00:00Z');
    let last: string | null = null;
    for (let i = 0; i < 4; i += 1) {
      const next = nextSlot(daily, now, last);
      if (!next) throw new Error('no slot');
      slots.push(`${next.slot} ${next.at.toISOString()}`);
      last = next.slot;
      now = next.at;
    }
    expect(slots).toEqual([
      '2026-03-07 2026-03-07T07:30:00.000Z',
      '2026-03-08 2026-03-08T07:30:00.000Z',
      '2026-03-09 2026-03-09T06:30:00.000Z',
      '2026-03-10 2026-03-10T06:30:00.000Z',
    ]);
  });

  it('gives each local day once across the autumn change, none doubled', () => {
    const schedule = { ...daily, localTime: '01:30' };
    const slots: string[] = [];
    let now = new Date('2026-10-30T12:00:00Z');
    let last: string | null = null;
    for (let i = 0; i < 4; i += 1) {
      const next = nextSlot(schedule, now, last);
      if (!next) throw new Error('no slot');
      slots.push(`${next.slot} ${next.at.toISOString()}`);
      last = next.slot;
      now = next.at;
    }
    expect(slots).toEqual([
      '2026-10-31 2026-10-31T05:30:00.000Z',
      '2026-11-01 2026-11-01T05:30:00.000Z',
      '2026-11-02 2026-11-02T06:30:00.000Z',
      '2026-11-03 2026-11-03T06:30:00.000Z',
    ]);
    // asked again in the repeated hour after delivering 2026-11-01, the next is the 2nd, not a double
    expect(nextSlot(schedule, new Date('2026-11-01T06:30:00Z'), '2026-11-01')?.slot).toBe('2026-11-02');
  });

  it('keeps to the weekdays asked for and skips slots already past', () => {
    const mondays = { localTime: '09:00', weekdays: [1], timeZone: 'Europe/Paris' };
    // Tuesday 2026-11-24 → Monday 2026-11-30
    expect(nextSlot(mondays, new Date('2026-11-24T12:00:00Z'))).toEqual({
      slot: '2026-11-30',
      at: new Date('2026-11-30T08:00:00Z'),
    });
    // exactly at a slot: that one is due now, the next is a week on
    expect(nextSlot(mondays, new Date('2026-11-30T08:00:00Z'))?.slot).toBe('2026-12-07');
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(nextSlot({ ...mondays, weekdays: [] }, new Date())).toBeNull();
    expect(nextSlot({ ...mondays, weekdays: [0, 8] }, new Date())).toBeNull();
  });

  it('never goes back to or before the last slot delivered', () => {
    const at = new Date('2026-11-24T05:00:00Z'); // 00:00 in New York
    expect(nextSlot({ ...daily, localTime: '09:00' }, at, '2026-11-24')?.slot).toBe('2026-11-25');
    expect(nextSlot({ ...daily, localTime: '09:00' }, at, '2026-11-20')?.slot).toBe('2026-11-24');
  });
});
