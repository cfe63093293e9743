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
  const [row] = await insertEntries(server, patientId, 1, () => values);
  if (!row) throw new Error('entry not created');
  return row;
}

/** Many entries in one statement (`values(i)` shapes the i-th), for tests of volumes. */
export async function insertEntries(
  server: TestServer,
  patientId: string,
  count: number,
  values: (i: number) => Partial<typeof journalEntries.$inferInsert> = () => ({}),
) {
  const now = server.clock.now();
  const row = (i: number): typeof journalEntries.$inferInsert => ({
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
    ...values(i),
  });
  return server.database.db
    .insert(journalEntries)
    .values(Array.from({ length: count }, (_, i) => row(i)))
    .returning();
}
