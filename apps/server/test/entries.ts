import { localDay } from '@mindledger/domain';
import { journalEntries } from '../src/db/schema/index.js';
import { testUserTimezone, type TestServer } from './harness.js';

/**
 * Puts a journal entry straight into the database (for tests of other features that only need an
 * entry to exist). Journal behaviour itself is tested through the create-mood call.
 */
export async function insertEntry(
  server: TestServer,
  patientId: string,
  values: Partial<typeof journalEntries.$inferInsert> = {},
) {
  const now = server.clock.now();
  const [row] = await server.database.db
    .insert(journalEntries)
    .values({
      patientId,
      mood: 'Fine',
      notes: 'A quiet day.',
      journalType: 'prompt',
      emotion: {
        core: 'Calm',
        nuanced: 'Fine',
        intensity: 5,
        originalCore: 'Fine',
        originalNuanced: 'Fine',
        mapped: true,
        mappedAt: now.toISOString(),
      },
      coreEmotion: 'Calm',
      sentiment: 'positive',
      entryAt: now,
      localDay: localDay(now, testUserTimezone),
      userTimezone: testUserTimezone,
      ...values,
    })
    .returning();
  if (!row) throw new Error('entry not created');
  return row;
}
