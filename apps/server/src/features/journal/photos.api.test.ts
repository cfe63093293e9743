import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../test/connections.js';
import { auditLogs } from '../../db/schema/index.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { demoPng } from './demo-seed.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Stored = { data: { fileId: string; url: string } };

function form(data: Buffer | string, type: string, field = 'photo'): FormData {
  const body = new FormData();
  body.append(field, new Blob([data], { type }), 'picture.png');
  return body;
}

const upload = (client: Client, raw: FormData) =>
  client.request<Stored & { message: string }>('POST', '/api/v1/journal-photos', { raw });

const photoEntry = (fileIds: string[]) => ({
  mood: 'Fine',
  notes: 'A photo of the lake.',
  journalType: 'photo',
  userTimezone: 'UTC',
  photoData: { images: fileIds.map((fileId) => ({ fileId })), extractedText: 'LAKE' },
});

describe('journal photos', () => {
  it('stores a photo, links it to an entry and serves it only through a signed URL', async () => {
    const { client, user } = await server.signIn();
    const stored = await upload(client, form(demoPng(10), 'image/png'));
    expect(stored.status).toBe(201);
    const { fileId, url } = stored.body.data;
    expect(fileId).toMatch(/^[a-f0-9]{24}\.png$/);
    expect(url).toMatch(
      new RegExp(`^/api/v1/journal-photos/${user.id}/${fileId}\\?viewer=${user.id}&expires=\\d+&sig=`),
    );

    const image = await server.client().get(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    // clinical content: never kept by shared caches
    expect(image.headers.get('cache-control')).toBe('no-store');

    const tampered = url.replace(/sig=.{4}/, 'sig=AAAA');
    expect((await server.client().get(tampered)).status).toBe(404);
    const unsigned = url.split('?')[0] ?? '';
    expect((await server.client().get(unsigned)).status).toBe(400);

    const entry = await client.post<{ data: { photoData: { images: { fileId: string; url: string }[] } } }>(
      '/api/v1/create-mood',
      photoEntry([fileId]),
    );
    expect(entry.status).toBe(201);
    const [image1] = entry.body.data.photoData.images;
    expect(image1?.fileId).toBe(fileId);
    expect((await server.client().get(image1?.url ?? '')).status).toBe(200);
    // a signed URL lives a few minutes only
    server.clock.advance(7 * 60 * 1000);
    expect((await server.client().get(url)).status).toBe(404);
    expect((await server.client().get(image1?.url ?? '')).status).toBe(404);
  });

  it('refuses what is not an image, a lying type, a missing field and a third photo', async () => {
    const { client } = await server.signIn();
    const text = await upload(client, form('not an image', 'image/png'));
    expect(text.status).toBe(415);
    expect(text.body.message).toBe('Photo must be a PNG, JPEG or WebP image');
    expect((await upload(client, form(demoPng(1), 'image/jpeg'))).status).toBe(415);
    expect((await upload(client, form(demoPng(1), 'image/png', 'avatar'))).status).toBe(400);
    const a = (await upload(client, form(demoPng(1), 'image/png'))).body.data.fileId;
    const b = (await upload(client, form(demoPng(2), 'image/png'))).body.data.fileId;
    const c = (await upload(client, form(demoPng(3), 'image/png'))).body.data.fileId;
    const three = await client.post<{ message: string }>('/api/v1/create-mood', photoEntry([a, b, c]));
    expect(three.status).toBe(400);
    expect((await client.get<{ total: number }>('/api/v1/get-all-mood')).body.total).toBe(0);
  });

  it("never lets an entry point at another client's photo", async () => {
    const { client: owner } = await server.signIn();
    const fileId = (await upload(owner, form(demoPng(5), 'image/png'))).body.data.fileId;
    const { client: other } = await server.signIn();
    const reply = await other.post<{ message: string }>('/api/v1/create-mood', photoEntry([fileId]));
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe('Photo not found. Please upload it again.');
  });

  it('gives a connected provider working URLs for shared entries; only clients upload', async () => {
    const { client, user: patient } = await server.signIn();
    const fileId = (await upload(client, form(demoPng(7), 'image/png'))).body.data.fileId;
    await client.post('/api/v1/create-mood', photoEntry([fileId]));
    const { client: provider, user: doctor } = await server.signIn({ role: 'provider' });
    expect((await upload(provider, form(demoPng(7), 'image/png'))).status).toBe(403);
    expect(
      (
        await server
          .client()
          .request('POST', '/api/v1/journal-photos', { raw: form(demoPng(7), 'image/png') })
      ).status,
    ).toBe(401);
    await connect(server, doctor.id, patient.id);
    const list = await provider.get<{ data: { photoData: { images: { url: string }[] } }[] }>(
      `/api/v1/get-all-patient-mood/${patient.id}`,
    );
    const url = list.body.data[0]?.photoData.images[0]?.url ?? '';
    expect((await server.client().get(url)).status).toBe(200);
  });
});

type Listed = { data: { id: string; photoData: { images: { url: string }[] } }[] };

async function accessRows(providerId: string, entryId: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, 'ACCESS_PHI'),
        eq(auditLogs.actorId, providerId),
        eq(auditLogs.resourceType, 'journal-photo'),
        eq(auditLogs.resourceId, entryId),
      ),
    );
}

/** A client with a photo entry, and a connected provider holding the link the API gave them. */
async function sharedPhoto() {
  const { client, user: patient } = await server.signIn();
  const fileId = (await upload(client, form(demoPng(9), 'image/png'))).body.data.fileId;
  const entryId = (await client.post<{ data: { id: string } }>('/api/v1/create-mood', photoEntry([fileId])))
    .body.data.id;
  const { client: provider, user: doctor } = await server.signIn({ role: 'provider' });
  const connection = await connect(server, doctor.id, patient.id);
  const list = await provider.get<Listed>(`/api/v1/get-all-patient-mood/${patient.id}`);
  const url = list.body.data[0]?.photoData.images[0]?.url ?? '';
  expect(url).toContain(`viewer=${doctor.id}`);
  expect((await server.client().get(url)).status).toBe(200);
  return { client, patient, doctor, provider, connection, entryId, fileId, url };
}

describe('a provider photo link is checked when it is fetched', () => {
  it('audits every fetch by a provider as ACCESS_PHI on the entry', async () => {
    const { doctor, patient, entryId, url } = await sharedPhoto();
    expect((await server.client().get(url)).status).toBe(200);
    const rows = await accessRows(doctor.id, entryId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ actorRole: 'provider', patientId: patient.id });
  });

  it('stops working as soon as the client removes the provider', async () => {
    const { client, url, connection } = await sharedPhoto();
    const removed = await client.put('/api/v1/delete-doctor', { id: connection.id });
    expect(removed.status).toBe(200);
    expect((await server.client().get(url)).status).toBe(404);
  });

  it('stops working as soon as the entry is made private', async () => {
    const { client, url, entryId } = await sharedPhoto();
    expect((await client.put(`/api/v1/update-mood/${entryId}`, { isPrivate: true })).status).toBe(200);
    expect((await server.client().get(url)).status).toBe(404);
  });

  it('stops working as soon as the entry is deleted, for the provider and the author', async () => {
    const { client, url, entryId } = await sharedPhoto();
    const own = await client.get<{ data: { photoData: { images: { url: string }[] } } }>(
      `/api/v1/get-mood/${entryId}`,
    );
    const ownUrl = own.body.data.photoData.images[0]?.url ?? '';
    expect((await server.client().get(ownUrl)).status).toBe(200);
    expect((await client.delete(`/api/v1/delete-mood/${entryId}`)).status).toBe(200);
    expect((await server.client().get(url)).status).toBe(404);
    expect((await server.client().get(ownUrl)).status).toBe(404);
  });

  it('names who it was issued to: another viewer or another entry in the link is refused', async () => {
    const { url, patient, doctor } = await sharedPhoto();
    const { user: stranger } = await server.signIn({ role: 'provider' });
    await connect(server, stranger.id, patient.id, { status: 'pending' });
    expect((await server.client().get(url.replace(doctor.id, stranger.id))).status).toBe(404);
    expect(
      (await server.client().get(url.replace(`viewer=${doctor.id}`, `viewer=${patient.id}`))).status,
    ).toBe(404);
    expect((await server.client().get(url.replace(/entry=[^&]+&/, ''))).status).toBe(404);
  });

  it('lives a few minutes at most', async () => {
    const { url } = await sharedPhoto();
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    const now = Math.floor(server.clock.now().getTime() / 1000);
    expect(expires - now).toBeLessThanOrEqual(6 * 60);
    server.clock.advance(6 * 60 * 1000 + 1000);
    expect((await server.client().get(url)).status).toBe(404);
  });
});
