import { notFound } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing: 404, like an unknown or another user's one. */
export function checkedId(id: string, message?: string): string {
  if (!UUID.test(id)) throw notFound(message);
  return id;
}
