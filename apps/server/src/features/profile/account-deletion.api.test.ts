import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { connect } from '../../../test/connections.js';
import { rowsOf } from '../../db/client.js';
import { clinicalExports } from '../../db/schema/index.js';
import { demoPng } from '../journal/demo-seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** The audit trail outlives the account on purpose (bare ids, no data); every other table may not. */
const keptTrail = new Set(['audit_logs', 'client_audit_events']);

/** Every public table and column in which a value (uuid, text or JSON) mentions `id`. */
async function tracesOf(id: string): Promise<string[]> {
  const columns = await server.database.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('uuid', 'text', 'character varying', 'jsonb', 'json')`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of rowsOf<{
    table_name: string;
    column_name: string;
  }>(columns)) {
    if (keptTrail.has(table)) continue;
    const hits = await server.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text like ${`%${id}%`}`,
    );
    if (Number(rowsOf<{ n: number }>(hits)[0]?.n) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

function photo(seed: number, field: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([demoPng(seed)], { type: 'image/png' }), 'picture.png');
  return body;
}

/** A client who has used the product: entries (one with a photo), a goal, an avatar, a provider. */
async function busyClient(): Promise<{ client: Client; id: string; files: string[] }> {
  const { client, user } = await server.signIn();
  const avatar = await client.request<{ user: { avatar: { url: string } } }>(
    'PUT',
    '/api/v1/update-user-avatar',
    { raw: photo(1, 'avatar') },
  );
  expect(avatar.status).toBe(200);
  const linked = await client.request<{ data: { fileId: string } }>('POST', '/api/v1/journal-photos', {
    raw: photo(2, 'photo'),
  });
  const loose = await client.request<{ data: { fileId: string } }>('POST', '/api/v1/journal-photos', {
    raw: photo(3, 'photo'),
  });
  const entry = await client.post(
    '/api/v1/create-mood',
    {
      mood: 'Fine',
      notes: 'Only mine.',
      journalType: 'photo',
      userTimezone: 'UTC',
      photoData: { images: [{ fileId: linked.body.data.fileId }], extractedText: 'LAKE' },
    },
    { headers: { 'idempotency-key': `delete-me-${user.id}` } },
  );
  expect(entry.status).toBe(201);
  expect((await client.post('/api/v1/goals/', { text: 'Walk every day' })).status).toBe(201);
  const provider = await server.createUser({ role: 'provider' });
  await connect(server, provider.id, user.id);
  const files = [
    avatar.body.user.avatar.url.replace('/api/v1/files/', ''),
    `journal/${user.id}/${linked.body.data.fileId}`,
    `journal/${user.id}/${loose.body.data.fileId}`,
  ];
  for (const key of files) expect(await server.ctx.files.get(key), key).not.toBeNull();
  return { client, id: user.id, files };
}

describe('deleting an account', () => {
  it('leaves no row that mentions the person outside the audit trail, and none of their files', async () => {
    const bystander = await busyClient();
    const { client, id, files } = await busyClient();
    expect(await tracesOf(id)).not.toEqual([]);

    const reply = await client.delete('/api/v1/delete-account', { password, confirmation: 'DELETE' });
    expect(reply.status).toBe(200);

    expect(await tracesOf(id)).toEqual([]);
    for (const key of files) expect(await server.ctx.files.get(key), key).toBeNull();
    // Another client's data and files are untouched.
    expect((await bystander.client.get<{ total: number }>('/api/v1/get-all-mood')).body.total).toBe(1);
    for (const key of bystander.files) expect(await server.ctx.files.get(key), key).not.toBeNull();
  });

  it('does the same when an admin deletes the account', async () => {
    const { id, files } = await busyClient();
    const { client: admin } = await server.signIn({ role: 'admin' });
    const reply = await admin.delete(`/api/v1/users/${id}/delete`);
    expect(reply.status).toBe(200);
    expect(await tracesOf(id)).toEqual([]);
    for (const key of files) expect(await server.ctx.files.get(key), key).toBeNull();
  });

  it('removes the files of clinical exports when the client, or the provider who asked, goes', async () => {
    const exportOf = async () => {
      const patient = await server.signIn();
      const provider = await server.signIn({ role: 'provider' });
      await connect(server, provider.user.id, patient.user.id);
      const started = await provider.client.post<{ data: { id: string } }>(
        '/api/v1/provider/clinical-export/initiate',
        { patientId: patient.user.id, format: 'pdf' },
      );
      expect(started.status).toBe(202);
      for (;;) {
        const [row] = await server.database.db
          .select()
          .from(clinicalExports)
          .where(eq(clinicalExports.id, started.body.data.id));
        if (row?.status === 'completed') return { patient, provider, key: row.files[0]!.key };
        expect(row?.status).not.toBe('failed');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const byClient = await exportOf();
    expect(await server.ctx.files.get(byClient.key)).not.toBeNull();
    expect(
      (await byClient.patient.client.delete('/api/v1/delete-account', { password, confirmation: 'DELETE' }))
        .status,
    ).toBe(200);
    expect(await server.ctx.files.get(byClient.key)).toBeNull();

    const byProvider = await exportOf();
    expect(
      (
        await byProvider.provider.client.delete('/api/v1/delete-account', {
          password,
          confirmation: 'DELETE',
        })
      ).status,
    ).toBe(200);
    expect(await tracesOf(byProvider.provider.user.id)).toEqual([]);
    expect(await server.ctx.files.get(byProvider.key)).toBeNull();
  });
});
