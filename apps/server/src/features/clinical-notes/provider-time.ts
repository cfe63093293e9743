import { localDay, minutesToNoteTime, type NoteTime } from '@mindledger/domain';
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
  const [h = 0, m = 0] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number);
  const minutes = (h % 24) * 60 + m;
  return { today: localDay(now, timeZone), minutes, time: minutesToNoteTime(minutes) };
}
