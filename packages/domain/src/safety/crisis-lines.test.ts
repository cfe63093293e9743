import { describe, expect, it } from 'vitest';
import { countryOfTimeZone, crisisCountryFor, crisisLines, internationalCrisisCode } from './crisis-lines.js';
import { crisisResources, crisisResourcesFor, safetyNotice } from './resources.js';

const required = ['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'IN', 'DE', 'FR', 'ES', internationalCrisisCode];

describe('crisis lines table', () => {
  it.each(required)(
    '%s has an emergency number and lines with an href, a source and a checked date',
    (code) => {
      const country = crisisLines[code]!;
      expect(country.code).toBe(code);
      expect(country.emergency.length).toBeGreaterThan(0);
      for (const e of country.emergency) expect(e.href).toBe(`tel:${e.number}`);
      expect(country.lines.length).toBeGreaterThan(0);
      for (const line of country.lines) {
        expect(line.name).not.toBe('');
        expect(line.href).toMatch(line.kind === 'web' ? /^https:\/\// : /^(tel|sms):\+?[0-9]+$/);
        if (line.kind !== 'web')
          expect(line.href.replace(/^(tel|sms):/, '')).toBe(line.number.replace(/[\s-]/g, ''));
        expect(line.source).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+(\/|$)/);
        expect(line.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    },
  );

  it('gives the international fallback a website, never a phone number of its own', () => {
    const intl = crisisLines[internationalCrisisCode]!;
    expect(intl.lines.map((l) => [l.kind, l.href])).toEqual([['web', 'https://findahelpline.com']]);
    expect(intl.emergency.map((e) => e.number)).toEqual(['112', '911']);
  });
});

describe('time zone to country', () => {
  it.each([
    ['America/New_York', 'US'],
    ['America/Denver', 'US'],
    ['America/Indiana/Indianapolis', 'US'],
    ['Pacific/Honolulu', 'US'],
    ['America/Toronto', 'CA'],
    ['America/Vancouver', 'CA'],
    ['America/St_Johns', 'CA'],
    ['Europe/London', 'GB'],
    ['Europe/Dublin', 'IE'],
    ['Australia/Sydney', 'AU'],
    ['Australia/Perth', 'AU'],
    ['Pacific/Auckland', 'NZ'],
    ['Asia/Kolkata', 'IN'],
    ['Asia/Calcutta', 'IN'],
    ['Europe/Berlin', 'DE'],
    ['Europe/Paris', 'FR'],
    ['Europe/Madrid', 'ES'],
    ['Atlantic/Canary', 'ES'],
  ])('%s is %s', (zone, code) => {
    expect(countryOfTimeZone(zone)).toBe(code);
    expect(crisisCountryFor({ timeZone: zone }).code).toBe(code);
  });

  it('falls back to the international lines for a zone it does not know, or none', () => {
    expect(countryOfTimeZone('Asia/Tokyo')).toBeUndefined();
    expect(crisisCountryFor({ timeZone: 'Asia/Tokyo' }).code).toBe(internationalCrisisCode);
    expect(crisisCountryFor({ timeZone: 'UTC' }).code).toBe(internationalCrisisCode);
    expect(crisisCountryFor({}).code).toBe(internationalCrisisCode);
  });

  it('prefers the profile country to the time zone, when the table has it', () => {
    expect(crisisCountryFor({ country: 'gb', timeZone: 'America/New_York' }).code).toBe('GB');
    expect(crisisCountryFor({ country: 'JP', timeZone: 'Europe/Paris' }).code).toBe('FR');
  });

  it("uses a table entry's own time zones first (a deployment's addition)", () => {
    const table = {
      ...crisisLines,
      JP: {
        code: 'JP',
        name: 'Japan',
        emergency: [{ number: '119', href: 'tel:119' }],
        lines: [],
        timeZones: ['Asia/Tokyo'],
      },
    };
    expect(crisisCountryFor({ timeZone: 'Asia/Tokyo' }, table).code).toBe('JP');
  });
});

describe('crisis resources', () => {
  it('gives a UK user Samaritans and Shout, and no 988', () => {
    const uk = crisisResourcesFor({ timeZone: 'Europe/London' });
    expect(uk.country).toBe('GB');
    expect(uk.lines).toEqual([
      'If you are in immediate danger, call 999, the emergency number in the United Kingdom.',
      'Samaritans: call 116 123.',
      'Shout: text SHOUT to 85258.',
    ]);
    expect(uk.contacts).toContainEqual({
      label: 'Call Samaritans 116 123',
      href: 'tel:116123',
      kind: 'call',
    });
    expect(uk.contacts).toContainEqual({ label: 'Text Shout 85258', href: 'sms:85258', kind: 'text' });
    expect(JSON.stringify(uk)).not.toMatch(/988|911/);
  });

  it('keeps the US resources as the default', () => {
    expect(crisisResources.lines).toEqual([
      'If you are in immediate danger, call 911, the emergency number in the United States.',
      'Suicide & Crisis Lifeline: call or text 988.',
    ]);
    expect(crisisResources.contacts.map((c) => c.href)).toEqual(['tel:911', 'tel:988', 'sms:988']);
    expect(safetyNotice('none').resources).toBeNull();
    expect(safetyNotice('crisis', crisisResourcesFor({ country: 'IN' })).resources?.lines[1]).toBe(
      'Tele-MANAS: call 14416.',
    );
  });

  it('words the international fallback', () => {
    expect(crisisResourcesFor({}).lines).toEqual([
      'If you are in immediate danger, call your local emergency number (112 or 911 in many countries).',
      'Find A Helpline lists free, confidential crisis lines in every country: findahelpline.com.',
    ]);
    expect(crisisResourcesFor({ country: 'FR' }).lines[0]).toBe(
      'If you are in immediate danger, call 112 or 15 (SAMU, medical emergencies), the emergency numbers in France.',
    );
  });
});

describe('contact labels', () => {
  it('name the service, and the number once', () => {
    const labels = (code: string) => crisisResourcesFor({ country: code }).contacts.map((c) => c.label);
    expect(labels('CA')).toEqual([
      'Call emergency services 911',
      'Call Suicide Crisis Helpline 9-8-8',
      'Text Suicide Crisis Helpline 9-8-8',
    ]);
    expect(labels('FR')).toEqual([
      'Call emergency services 112',
      'Call emergency services 15',
      'Call 3114 suicide prevention line',
    ]);
    expect(crisisResourcesFor({ country: 'IE' }).lines).toEqual([
      'If you are in immediate danger, call 112 or 999, the emergency numbers in Ireland.',
      'Samaritans: call 116 123.',
      '50808 text line: text HELLO to 50808.',
    ]);
    expect(crisisResourcesFor({ country: 'NZ' }).lines.slice(1)).toEqual([
      '1737 Need to talk: call or text 1737.',
      'Lifeline Aotearoa: call 0800 543 354.',
    ]);
    expect(crisisResourcesFor({ country: 'DE' }).lines[1]).toBe(
      'TelefonSeelsorge: call 0800 111 0 111 or 0800 111 0 222.',
    );
  });
});
