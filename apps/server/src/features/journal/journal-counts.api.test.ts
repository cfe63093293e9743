import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../test/connections.js';
import { insertEntries } from '../../../test/entries.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { journalCounts, journalEntries } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** The kept counts next to a count of the rows themselves. */
async function counts(patientId: string) {
  const [kept] = await server.database.db
    .select({ entries: journalCounts.entries, shared: journalCounts.shared })
    .from(journalCounts)
    .where(eq(journalCounts.patientId, patientId));
  const [actual] = rowsOf<{ entries: number; shared: number }>(
    await server.database.db.execute(sql`select
      (count(*) filter (where not deleted))::int as entries,
      (count(*) filter (where not deleted and not is_private))::int as shared
      from journal_entries where patient_id = ${patientId}`),
  );
  return { kept: kept ?? { entries: 0, shared: 0 }, actual };
}

const entry = (notes: string, extra: Record<string, unknown> = {}) => ({
  mood: 'Fine',
  notes,
  journalType: 'prompt',
  userTimezone: 'UTC',
  ...extra,
});

const total = async (client: Client, path: string) => (await client.get<{ total: number }>(path)).body.total;

describe("each client's entry counts", () => {
  it('follow every create, privacy change and delete of the API, and answer the ledger totals', async () => {
    const { client, user } = await server.signIn();
    const { client: provider, user: doctor } = await server.signIn({ role: 'provider' });
    await connect(server, doctor.id, user.id);
    const ids: string[] = [];
    for (const [i, extra] of [{}, { isPrivate: true }, {}, {}].entries()) {
      const reply = await client.post<{ data: { id: string } }>(
        '/api/v1/create-mood',
        entry(`Day ${i}`, extra),
      );
      expect(reply.status).toBe(201);
      ids.push(reply.body.data.id);
    }
    expect(await counts(user.id)).toEqual({
      kept: { entries: 4, shared: 3 },
      actual: { entries: 4, shared: 3 },
    });

    expect((await client.put(`/api/v1/update-mood/${ids[0]}`, { isPrivate: true })).status).toBe(200);
    expect(
      (await client.put(`/api/v1/update-mood/${ids[2]}`, { notes: 'Edited, still shared' })).status,
    ).toBe(200);
    expect((await client.delete(`/api/v1/delete-mood/${ids[3]}`)).status).toBe(200);
    expect((await client.delete(`/api/v1/delete-mood/${ids[1]}`)).status).toBe(200);
    expect(await counts(user.id)).toEqual({
      kept: { entries: 2, shared: 1 },
      actual: { entries: 2, shared: 1 },
    });

    expect(await total(client, '/api/v1/get-all-mood')).toBe(2);
    expect(await total(provider, `/api/v1/get-all-patient-mood/${user.id}`)).toBe(1);
    // Past the last page the total is still answered.
    expect(await total(client, '/api/v1/get-all-mood?page=9')).toBe(2);
  });

  it('follow writes that bypass the API: bulk inserts, bulk updates and hard deletes', async () => {
    const { user } = await server.signIn();
    const { user: other } = await server.signIn();
    await insertEntries(server, user.id, 300, (i) => ({ isPrivate: i % 4 === 0 }));
    await insertEntries(server, other.id, 20);
    expect((await counts(user.id)).kept).toEqual({ entries: 300, shared: 225 });

    await server.database.db.execute(
      sql`update journal_entries set is_private = not is_private where patient_id in (${user.id}, ${other.id})`,
    );
    await server.database.db.execute(
      sql`update journal_entries set deleted = true where patient_id = ${user.id} and notes = 'A quiet day.' and is_private`,
    );
    await server.database.db.delete(journalEntries).where(eq(journalEntries.patientId, other.id));
    for (const id of [user.id, other.id]) {
      const { kept, actual } = await counts(id);
      expect(kept, id).toEqual(actual);
    }
    expect((await counts(user.id)).kept).toEqual({ entries: 75, shared: 75 });
    expect((await counts(other.id)).kept).toEqual({ entries: 0, shared: 0 });
  });

  it('a client with no entries has a total of 0', async () => {
    const { client } = await server.signIn();
    expect(await total(client, '/api/v1/get-all-mood')).toBe(0);
  });
});
