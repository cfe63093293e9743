import { timezones } from '@mindledger/domain';

/** The profile select's label of a zone (the zone's own name for zones the select does not list). */
export function timezoneLabel(value: string): string {
  return timezones.find((zone) => zone.value === value)?.label ?? value;
}

/** This device's IANA time zone, when the browser tells it. */
export function deviceTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
