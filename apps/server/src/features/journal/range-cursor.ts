import { isUuid, parseDateInput } from '@mindledger/domain';

/** Where a page of a day range ended: the last entry's local day, moment and id (their order). */
export interface RangeCursor {
  day: string;
  at: string;
  id: string;
}

/** The opaque `next` of a range answer. */
export function encodeRangeCursor(cursor: RangeCursor): string {
  return Buffer.from(`${cursor.day}|${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor an `after` names, or null when it is not one this server wrote. */
export function decodeRangeCursor(value: string): RangeCursor | null {
  if (value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const [day, at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!day || !at || !id || rest.length > 0) return null;
  if (day.length !== 10 || !parseDateInput(day) || !isUuid(id)) return null;
  // A moment the server wrote: ISO with milliseconds, within the dates the journal accepts.
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime()) || instant.toISOString() !== at || !parseDateInput(at)) return null;
  return { day, at, id };
}
