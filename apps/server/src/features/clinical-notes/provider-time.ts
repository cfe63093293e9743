import { localDay, localMinutes, minutesToNoteTime, type NoteTime } from '@mindledger/domain';
import type { AppContext } from '../../context.js';
import { findUserById } from '../../platform/users.js';

/**
 * The provider's day and time now, in their profile time zone: a new note's or care plan's default
 * date and time (the injectable clock, so tests and the server agree on "today").
 */
export async function providerNow(
  ctx: AppContext,
  providerId: string,
): Promise<{ today: string; minutes: number; time: NoteTime }> {
  const user = await findUserById(ctx.db, providerId);
  const timeZone = user?.timezone ?? 'UTC';
  const now = ctx.clock.now();
  const minutes = localMinutes(now, timeZone);
  return { today: localDay(now, timeZone), minutes, time: minutesToNoteTime(minutes) };
}
