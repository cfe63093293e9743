/**
 * Crisis lines by country (spec ruling 12): who a person can call or text, where they are.
 *
 * How to update: change only a line you have checked on the organisation's own website, put that
 * address in `source` and the day you checked it in `checked` (YYYY-MM-DD). Numbers are written as
 * people read them (`number`) and as a link the phone can dial (`href`: `tel:` digits only, `sms:`
 * for a text line). A country needs its emergency number(s) and at least one line; the unit test
 * next to this file (crisis-lines.test.ts) checks exactly that. A deployment can override or add
 * countries without a release with CRISIS_LINES_FILE (apps/server/src/platform/crisis-lines.ts).
 */

/** The international fallback's key: anyone whose country is unknown or not in the table. */
export const internationalCrisisCode = 'INTL';

export interface CrisisLine {
  /** The service, as it names itself: "Samaritans". */
  name: string;
  /** Call or text the number; 'web' is a website (only the international fallback has one). */
  kind: 'call' | 'text' | 'web';
  /** As people read it: "116 123"; for 'web' the site's address as text. */
  number: string;
  /** What a tap opens: `tel:116123`, `sms:85258`, or the https address for 'web'. */
  href: string;
  /** For a text line that wants a first word: "SHOUT". */
  keyword?: string;
  /** The organisation's official website, where the number was checked. */
  source: string;
  /** The day it was checked there (YYYY-MM-DD). */
  checked: string;
}

export interface EmergencyNumber {
  number: string;
  href: string;
  /** What it is for when a country has several ("medical emergencies"). */
  note?: string;
}

export interface CrisisCountry {
  /** ISO 3166-1 alpha-2 code, or 'INTL'. */
  code: string;
  name: string;
  emergency: EmergencyNumber[];
  lines: CrisisLine[];
  /** IANA time zones that mean this country, in addition to the built-in map below. */
  timeZones?: string[];
}

export type CrisisTable = Readonly<Record<string, CrisisCountry>>;

const checked = '2026-11-28';
const call = (name: string, number: string, source: string): CrisisLine => ({
  name,
  kind: 'call',
  number,
  href: `tel:${number.replace(/[^0-9+]/g, '')}`,
  source,
  checked,
});
const text = (name: string, number: string, source: string, keyword?: string): CrisisLine => ({
  name,
  kind: 'text',
  number,
  href: `sms:${number.replace(/[^0-9+]/g, '')}`,
  ...(keyword ? { keyword } : {}),
  source,
  checked,
});
const emergency = (number: string, note?: string): EmergencyNumber => ({
  number,
  href: `tel:${number}`,
  ...(note ? { note } : {}),
});

/** The built-in table. Keys are the countries' codes. */
export const crisisLines: CrisisTable = {
  US: {
    code: 'US',
    name: 'the United States',
    emergency: [emergency('911')],
    lines: [
      call('Suicide & Crisis Lifeline', '988', 'https://988lifeline.org'),
      text('Suicide & Crisis Lifeline', '988', 'https://988lifeline.org'),
    ],
  },
  CA: {
    code: 'CA',
    name: 'Canada',
    emergency: [emergency('911')],
    lines: [
      call('Suicide Crisis Helpline', '9-8-8', 'https://988.ca'),
      text('Suicide Crisis Helpline', '9-8-8', 'https://988.ca'),
    ],
  },
  GB: {
    code: 'GB',
    name: 'the United Kingdom',
    emergency: [emergency('999')],
    lines: [
      call('Samaritans', '116 123', 'https://www.samaritans.org'),
      text('Shout', '85258', 'https://giveusashout.org', 'SHOUT'),
    ],
  },
  IE: {
    code: 'IE',
    name: 'Ireland',
    emergency: [emergency('112'), emergency('999')],
    lines: [
      call('Samaritans', '116 123', 'https://www.samaritans.org/ireland'),
      text('50808 text line', '50808', 'https://text50808.ie', 'HELLO'),
    ],
  },
  AU: {
    code: 'AU',
    name: 'Australia',
    emergency: [emergency('000')],
    lines: [
      call('Lifeline', '13 11 14', 'https://www.lifeline.org.au'),
      text('Lifeline', '0477 13 11 14', 'https://www.lifeline.org.au'),
    ],
  },
  NZ: {
    code: 'NZ',
    name: 'New Zealand',
    emergency: [emergency('111')],
    lines: [
      call('1737 Need to talk', '1737', 'https://1737.org.nz'),
      text('1737 Need to talk', '1737', 'https://1737.org.nz'),
      call('Lifeline Aotearoa', '0800 543 354', 'https://www.lifeline.org.nz'),
    ],
  },
  IN: {
    code: 'IN',
    name: 'India',
    emergency: [emergency('112')],
    lines: [call('Tele-MANAS', '14416', 'https://telemanas.mohfw.gov.in')],
  },
  DE: {
    code: 'DE',
    name: 'Germany',
    emergency: [emergency('112')],
    lines: [
      call('TelefonSeelsorge', '0800 111 0 111', 'https://www.telefonseelsorge.de'),
      call('TelefonSeelsorge', '0800 111 0 222', 'https://www.telefonseelsorge.de'),
    ],
  },
  FR: {
    code: 'FR',
    name: 'France',
    emergency: [emergency('112'), emergency('15', 'SAMU, medical emergencies')],
    lines: [call('3114 suicide prevention line', '3114', 'https://3114.fr')],
  },
  ES: {
    code: 'ES',
    name: 'Spain',
    emergency: [emergency('112')],
    lines: [call('024 suicidal behaviour line', '024', 'https://www.sanidad.gob.es')],
  },
  [internationalCrisisCode]: {
    code: internationalCrisisCode,
    name: 'your country',
    emergency: [emergency('112'), emergency('911')],
    lines: [
      {
        name: 'Find A Helpline',
        kind: 'web',
        number: 'findahelpline.com',
        href: 'https://findahelpline.com',
        source: 'https://findahelpline.com',
        checked,
      },
    ],
  },
};

const zoneCountries: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/Phoenix',
      'America/Anchorage',
      'America/Juneau',
      'America/Sitka',
      'America/Nome',
      'America/Yakutat',
      'America/Metlakatla',
      'America/Adak',
      'America/Boise',
      'America/Detroit',
      'America/Menominee',
      'America/Puerto_Rico',
      'Pacific/Honolulu',
    ].map((zone) => [zone, 'US']),
  ),
  ...Object.fromEntries(
    [
      'America/Toronto',
      'America/Montreal',
      'America/Vancouver',
      'America/Edmonton',
      'America/Winnipeg',
      'America/Regina',
      'America/Swift_Current',
      'America/Halifax',
      'America/Glace_Bay',
      'America/Moncton',
      'America/Goose_Bay',
      'America/St_Johns',
      'America/Whitehorse',
      'America/Dawson',
      'America/Dawson_Creek',
      'America/Fort_Nelson',
      'America/Creston',
      'America/Yellowknife',
      'America/Inuvik',
      'America/Iqaluit',
      'America/Rankin_Inlet',
      'America/Resolute',
      'America/Cambridge_Bay',
      'America/Atikokan',
      'America/Blanc-Sablon',
      'America/Thunder_Bay',
      'America/Nipigon',
      'America/Rainy_River',
      'America/Pangnirtung',
    ].map((zone) => [zone, 'CA']),
  ),
  'Europe/London': 'GB',
  'Europe/Belfast': 'GB',
  'Europe/Dublin': 'IE',
  'Pacific/Auckland': 'NZ',
  'Pacific/Chatham': 'NZ',
  'Asia/Kolkata': 'IN',
  'Asia/Calcutta': 'IN',
  'Europe/Berlin': 'DE',
  'Europe/Busingen': 'DE',
  'Europe/Paris': 'FR',
  'Europe/Madrid': 'ES',
  'Atlantic/Canary': 'ES',
  'Africa/Ceuta': 'ES',
};

/** The country an IANA time zone means, when the built-in map knows it; else undefined. */
export function countryOfTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  const known = zoneCountries[timeZone];
  if (known) return known;
  if (timeZone.startsWith('America/Indiana/') || timeZone.startsWith('America/Kentucky/')) return 'US';
  if (timeZone.startsWith('America/North_Dakota/') || timeZone.startsWith('US/')) return 'US';
  if (timeZone.startsWith('Canada/')) return 'CA';
  if (timeZone.startsWith('Australia/') || timeZone === 'Antarctica/Macquarie') return 'AU';
  return undefined;
}

/**
 * Whose lines a person gets: the profile's country when the table has it, else the country of
 * the profile's time zone (a table entry's own `timeZones` first), else the international fallback.
 */
export function crisisCountryFor(
  where: { country?: string | null; timeZone?: string | null },
  table: CrisisTable = crisisLines,
): CrisisCountry {
  const fallback = table[internationalCrisisCode] ?? crisisLines[internationalCrisisCode]!;
  const country = where.country?.trim().toUpperCase();
  if (country && table[country]) return table[country];
  const zone = where.timeZone ?? undefined;
  if (zone) {
    const listed = Object.values(table).find((c) => c.timeZones?.includes(zone));
    if (listed) return listed;
    const code = countryOfTimeZone(zone);
    if (code && table[code]) return table[code];
  }
  return fallback;
}
