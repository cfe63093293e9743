import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { aiDocumentSchemas, summaryTableNames } from '@mindledger/domain';
import { aiDocuments, auditLogs, notifications } from '../../db/schema/index.js';
import { connect } from '../../../test/connections.js';
import { insertEntry } from '../../../test/entries.js';
import { namesOwnLine } from '../../../test/crisis.js';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { makeStandard } from '../../../test/plans.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface Doc {
  id: string;
  kind: string;
  content: Record<string, unknown>;
  generatedAt: string;
}

const answers = [
  "I've been anxious at work and I can't sleep before big meetings.",
  'I hope to learn ways to calm down and feel more confident.',
  'Online sessions would suit me best.',
  "I'm in Denver, evenings work.",
  'English, please.',
  'Tuesday or Thursday evenings after 6pm.',
  'Direct and practical, with some warmth.',
  "I've read about CBT and mindfulness.",
  'My insurance is through my employer; I can pay up to $100 a session.',
];

async function standardClient(firstName = 'Maya') {
  const signed = await server.signIn({ firstName, lastName: 'Lopez' });
  await makeStandard(server, signed.user.id);
  return signed;
}

async function converse(client: Client, count = answers.length) {
  for (const message of answers.slice(0, count)) {
    const reply = await client.post<{ data: { reply: string } }>('/api/ai/initial-journey', { message });
    expect(reply.status).toBe(200);
    expect(reply.body.data.reply.length).toBeGreaterThan(0);
  }
}

describe('the Initial Journey conversation', () => {
  it('saves each answer with the guide reply and pages the conversation from the newest', async () => {
    const { client } = await standardClient();
    await converse(client, 3);
    const page = await client.get<{
      data: { messages: { role: string; text: string }[]; total: number; hasNext: boolean };
    }>('/api/ai/get-conversation?page=1&limit=4');
    expect(page.status).toBe(200);
    expect(page.body.data.total).toBe(6);
    expect(page.body.data.hasNext).toBe(true);
    expect(page.body.data.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(page.body.data.messages[2]!.text).toBe(answers[2]);
    const all = await client.get<{ data: { messages: unknown[]; hasNext: boolean } }>(
      '/api/ai/get-conversation?all=true',
    );
    expect(all.body.data.messages).toHaveLength(6);
    expect(all.body.data.hasNext).toBe(false);
    // the proxy path answers the same
    const proxied = await client.get<{ data: { total: number } }>('/api/proxy/ai/get-conversation');
    expect(proxied.body.data.total).toBe(6);
  });

  it('answers risk language with crisis resources and cleans markup from the answer', async () => {
    const { client } = await standardClient();
    const risky = await client.post<{ data: { reply: string; safety: { level: string } } }>(
      '/api/ai/initial-journey',
      { message: 'I want to kill myself <script>alert(1)</script>' },
    );
    expect(risky.status).toBe(200);
    expect(risky.body.data.safety.level).toBe('crisis');
    expect(namesOwnLine(risky.body.data.reply)).toBe(true);
    const saved = await client.get<{ data: { messages: { text: string }[] } }>(
      '/api/ai/get-conversation?all=1',
    );
    expect(saved.body.data.messages[0]!.text).not.toContain('<script>');
  });

  it('refuses a free client (403 subscription), a blank message, a provider and no token', async () => {
    const { client } = await server.signIn();
    const free = await client.post<{ message: string }>('/api/ai/initial-journey', { message: 'Hello' });
    expect(free.status).toBe(403);
    expect(free.body.message).toMatch(/subscription/i);
    const paid = await standardClient();
    expect((await paid.client.post('/api/ai/initial-journey', { message: '   ' })).status).toBe(400);
    expect((await paid.client.post('/api/ai/initial-journey', {})).status).toBe(400);
    const provider = await server.signIn({ role: 'provider' });
    expect((await provider.client.post('/api/ai/initial-journey', { message: 'Hi' })).status).toBe(403);
    expect((await server.client().post('/api/ai/initial-journey', { message: 'Hi' })).status).toBe(401);
  });

  it('starts over: the conversation and its documents are gone', async () => {
    const { client } = await standardClient();
    await converse(client, 2);
    expect((await client.post('/api/v1/generate-therapist-profile', { data: {} })).status).toBe(200);
    const reset = await client.post<{ message: string }>('/api/v1/reset-self-reflection-journey');
    expect(reset.status).toBe(200);
    const after = await client.post<{
      data: { documents: Record<string, Doc | null>; chatHistory: { messageCount: number } };
    }>('/api/v1/get-initial-journey-childs', { data: {} });
    expect(after.body.data.chatHistory.messageCount).toBe(0);
    expect(after.body.data.documents.therapistProfile).toBeNull();
  });
});

describe('the Initial Journey documents', () => {
  it('generates each of the four documents in its shape, with the disclaimer, and lists them', async () => {
    const { client } = await standardClient();
    await converse(client);
    const calls = [
      ['/api/v1/generate-therapist-profile', 'therapistProfile'],
      ['/api/v1/generate-therapist-interview-qs', 'interviewGuide'],
      ['/api/v1/generate-email-template', 'emailTemplate'],
      ['/api/v1/generate-self-reflection-summary', 'selfReflectionSummary'],
    ] as const;
    for (const [path, kind] of calls) {
      const reply = await client.post<{ success: boolean; message: string; data: Doc }>(path, { data: {} });
      expect(reply.status, path).toBe(200);
      expect(reply.body.success).toBe(true);
      expect(reply.body.message).toMatch(/generated successfully/);
      expect(reply.body.data.kind).toBe(kind);
      expect(aiDocumentSchemas[kind].safeParse(reply.body.data.content).success).toBe(true);
      expect(JSON.stringify(reply.body.data.content)).toMatch(/self-reflection only/);
    }
    const sections = await client.post<{
      data: { documents: Record<string, Doc | null>; chatHistory: { messageCount: number } };
    }>('/api/v1/get-initial-journey-childs', { data: {} });
    expect(Object.values(sections.body.data.documents).every((d) => d !== null)).toBe(true);
    expect(sections.body.data.chatHistory.messageCount).toBe(answers.length * 2);
    const email = await client.post<{ data: Doc }>('/api/ai/get-ij-EmailTemplate', {});
    expect(email.body.data.kind).toBe('emailTemplate');
    const profile = await client.post<{ data: Doc }>('/api/ai/get-therapist-profile', {});
    expect(profile.body.data.kind).toBe('therapistProfile');
  });

  it('downloads a document and the conversation as PDFs with real text, for the client only', async () => {
    const { client } = await standardClient();
    await converse(client, 3);
    const generated = await client.post<{ data: Doc }>('/api/v1/generate-therapist-interview-qs', {
      data: {},
    });
    const response = await fetch(`${server.url}/api/v1/ai-documents/${generated.body.data.id}/pdf`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.pdf"/);
    const file = Buffer.from(await response.arrayBuffer());
    expect(file.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-', '-'], { input: file }).toString().replace(/\s+/g, ' ');
    const guide = generated.body.data.content as { interview_guide: { title: string } };
    expect(text).toContain(guide.interview_guide.title);
    expect(text).toContain('self-reflection only');

    const chat = await fetch(`${server.url}/api/v1/initial-journey/chat-history.pdf`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(chat.status).toBe(200);
    const chatText = execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(await chat.arrayBuffer()) })
      .toString()
      .replace(/\s+/g, ' ');
    expect(chatText).toContain('Online sessions would suit me best.');

    const other = await standardClient('Other');
    expect((await other.client.get(`/api/v1/ai-documents/${generated.body.data.id}/pdf`)).status).toBe(404);
    expect((await other.client.get('/api/v1/initial-journey/chat-history.pdf')).status).toBe(404);
    const provider = await server.signIn({ role: 'provider' });
    expect((await provider.client.get(`/api/v1/ai-documents/${generated.body.data.id}/pdf`)).status).toBe(
      403,
    );
  });

  it('needs answers first, and Standard', async () => {
    const { client } = await standardClient();
    const empty = await client.post<{ message: string }>('/api/v1/generate-email-template', { data: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please answer a few questions in the Initial Journey chat first.');
    const free = await server.signIn();
    const refused = await free.client.post<{ message: string }>('/api/v1/generate-email-template', {
      data: {},
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/subscription/i);
  });

  it('the client edits their therapist profile within its shape; hostile text is cleaned; others get 404', async () => {
    const { client, user } = await standardClient();
    await converse(client, 3);
    const generated = await client.post<{ data: Doc }>('/api/v1/generate-therapist-profile', { data: {} });
    const doc = generated.body.data;
    const edited = structuredClone(doc.content) as { search_context: string };
    edited.search_context = 'Near downtown <img src=x onerror=alert(1)>please';
    const saved = await client.put<{ data: Doc }>(`/api/v1/update-initial-client-profile/${doc.id}`, {
      clientProfile: edited,
    });
    expect(saved.status).toBe(200);
    expect((saved.body.data.content as { search_context: string }).search_context).not.toMatch(
      /onerror|<img/,
    );
    const broken = await client.put(`/api/v1/update-initial-client-profile/${doc.id}`, {
      clientProfile: { profile_info: {} },
    });
    expect(broken.status).toBe(400);
    const byId = await client.get<{ data: Doc }>(`/api/v1/get-initial-client-profile-by-id/${doc.id}`);
    expect(byId.body.data.id).toBe(doc.id);
    const list = await client.get<{ data: Doc[] }>(`/api/v1/get-client-profile/${user.id}/5`);
    expect(list.body.data.map((d) => d.id)).toEqual([doc.id]);

    const other = await standardClient('Other');
    expect((await other.client.get(`/api/v1/get-initial-client-profile-by-id/${doc.id}`)).status).toBe(404);
    expect(
      (await other.client.put(`/api/v1/update-initial-client-profile/${doc.id}`, { clientProfile: edited }))
        .status,
    ).toBe(404);
    expect((await other.client.get(`/api/v1/get-client-profile/${user.id}`)).status).toBe(404);
    expect((await other.client.get('/api/v1/get-initial-client-profile-by-id/not-a-uuid')).status).toBe(404);
  });
});

describe('sharing with a provider', () => {
  it('shares with an accepted provider only; a repeat warns; the provider reads it until it is withdrawn', async () => {
    const { client, user } = await standardClient();
    await converse(client, 4);
    const generated = await client.post<{ data: Doc }>('/api/v1/generate-self-reflection-summary', {
      data: {},
    });
    const provider = await server.signIn({ role: 'provider', firstName: 'Dana', lastName: 'Reed' });
    const stranger = await server.signIn({ role: 'provider' });
    const pending = await server.signIn({ role: 'provider' });
    await connect(server, provider.user.id, user.id);
    await connect(server, pending.user.id, user.id, { status: 'pending' });

    // before any share: nothing for the provider
    const before = await provider.client.get<{ data: unknown[] }>(`/api/ai/shared-summaries/${user.id}`);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual([]);
    expect((await provider.client.get(`/api/v1/ai-documents/${generated.body.data.id}`)).status).toBe(404);

    const noProvider = await client.post<{ message: string }>('/api/ai/share-summary', {
      summaryTableName: summaryTableNames.selfReflectionSummary,
    });
    expect(noProvider.status).toBe(400);
    expect(noProvider.body.message).toBe('Please select a provider');
    for (const email of [stranger.user.email, pending.user.email]) {
      const refused = await client.post('/api/ai/share-summary', {
        doctorEmail: email,
        summaryTableName: summaryTableNames.selfReflectionSummary,
      });
      expect(refused.status).toBe(400);
    }
    const bad = await client.post('/api/ai/share-summary', {
      doctorEmail: provider.user.email,
      summaryTableName: 'users',
    });
    expect(bad.status).toBe(400);

    const shared = await client.post<{ warning: boolean; message: string; data: { id: string } }>(
      '/api/ai/share-summary',
      {
        doctorEmail: provider.user.email.toUpperCase(),
        summaryTableName: summaryTableNames.selfReflectionSummary,
      },
    );
    expect(shared.status).toBe(200);
    expect(shared.body.warning).toBe(false);
    const again = await client.post<{ warning: boolean; message: string }>('/api/ai/share-summary', {
      doctorEmail: provider.user.email,
      summaryTableName: summaryTableNames.selfReflectionSummary,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ warning: true, message: 'Summary Already Shared.' });

    const list = await provider.client.get<{ data: { kind: string; document: Doc }[] }>(
      `/api/ai/shared-summaries/${user.id}`,
    );
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]!.document.id).toBe(generated.body.data.id);
    const read = await provider.client.get<{ data: Doc }>(`/api/v1/ai-documents/${generated.body.data.id}`);
    expect(read.status).toBe(200);
    const sections = await provider.client.post<{ data: { documents: Record<string, Doc | null> } }>(
      '/api/v1/get-initial-journey-childs',
      { data: { patientId: user.id } },
    );
    expect(sections.body.data.documents.selfReflectionSummary?.id).toBe(generated.body.data.id);
    expect(sections.body.data.documents.therapistProfile).toBeNull();
    // the chat history is not shared: 404
    expect((await provider.client.get(`/api/ai/get-conversation?patientId=${user.id}`)).status).toBe(404);

    // told in-app, and the read is audited
    const told = await server.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, provider.user.id));
    expect(told.map((n) => n.type)).toEqual(['summary_shared']);
    const audits = await server.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.actorId, provider.user.id));
    expect(audits.some((a) => a.action === 'ACCESS_PHI')).toBe(true);

    // the stranger provider sees nothing
    expect((await stranger.client.get(`/api/ai/shared-summaries/${user.id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/v1/ai-documents/${generated.body.data.id}`)).status).toBe(404);

    // withdrawn: gone at once
    const withdrawn = await client.delete(`/api/ai/share-summary/${shared.body.data.id}`);
    expect(withdrawn.status).toBe(200);
    expect((await provider.client.get(`/api/v1/ai-documents/${generated.body.data.id}`)).status).toBe(404);
    const after = await provider.client.get<{ data: unknown[] }>(`/api/ai/shared-summaries/${user.id}`);
    expect(after.body.data).toEqual([]);
    // another client cannot withdraw it (404), nor can anyone twice
    expect((await client.delete(`/api/ai/share-summary/${shared.body.data.id}`)).status).toBe(404);
  });

  it('shares the chat history; the provider reads the conversation and nothing else', async () => {
    const { client, user } = await standardClient();
    await converse(client, 2);
    const provider = await server.signIn({ role: 'provider' });
    await connect(server, provider.user.id, user.id);
    const shared = await client.post('/api/ai/share-summary', {
      doctorEmail: provider.user.email,
      summaryTableName: summaryTableNames.chatHistory,
    });
    expect(shared.status).toBe(200);
    const conversation = await provider.client.get<{ data: { total: number } }>(
      `/api/ai/get-conversation?patientId=${user.id}`,
    );
    expect(conversation.status).toBe(200);
    expect(conversation.body.data.total).toBe(4);
    // a provider cannot generate, share or start over
    expect((await provider.client.post('/api/v1/generate-email-template', { data: {} })).status).toBe(403);
    expect((await provider.client.post('/api/v1/reset-self-reflection-journey')).status).toBe(403);
  });

  it('a provider whose connection ends loses the shares at once', async () => {
    const { client, user } = await standardClient();
    await converse(client, 2);
    await client.post('/api/v1/generate-email-template', { data: {} });
    const provider = await server.signIn({ role: 'provider' });
    const connection = await connect(server, provider.user.id, user.id);
    await client.post('/api/ai/share-summary', {
      doctorEmail: provider.user.email,
      summaryTableName: summaryTableNames.emailTemplate,
    });
    expect((await provider.client.post('/api/ai/get-ij-EmailTemplate', { patientId: user.id })).status).toBe(
      200,
    );
    const { connections } = await import('../../db/schema/index.js');
    await server.database.db
      .update(connections)
      .set({ connectionStatus: 'inactive' })
      .where(eq(connections.id, connection.id));
    expect((await provider.client.post('/api/ai/get-ij-EmailTemplate', { patientId: user.id })).status).toBe(
      404,
    );
  });
});

describe('documents made before private entries were counted (migration 0022)', () => {
  it('are counted at their most, so a provider reads them only after a consented share', async () => {
    const { client, user } = await standardClient();
    await converse(client, 2);
    const provider = await server.signIn({ role: 'provider' });
    await connect(server, provider.user.id, user.id);
    const generated = await client.post<{ data: Doc }>('/api/v1/generate-email-template', { data: {} });
    const at = new Date(generated.body.data.generatedAt);
    const day = (offset: number) => new Date(at.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const before = (offset: number) => new Date(at.getTime() - 60_000 + offset * 86_400_000);
    // private check-ins 3 and 29 days before it count; one 40 days before, a shared one and one
    // written after it do not
    await insertEntry(server, user.id, {
      localDay: day(-3),
      createdAt: before(-3),
      isPrivate: true,
      primaryEmotion: 'Anger',
    });
    await insertEntry(server, user.id, {
      localDay: day(-29),
      createdAt: before(-29),
      isPrivate: true,
      primaryEmotion: 'Fear',
    });
    await insertEntry(server, user.id, {
      localDay: day(-40),
      createdAt: before(-40),
      isPrivate: true,
      primaryEmotion: 'Fear',
    });
    await insertEntry(server, user.id, { localDay: day(-1), createdAt: before(-1), primaryEmotion: 'Joy' });
    await insertEntry(server, user.id, {
      localDay: day(0),
      createdAt: new Date(at.getTime() + 60_000),
      isPrivate: true,
      primaryEmotion: 'Anger',
    });
    await client.post('/api/ai/share-summary', {
      doctorEmail: provider.user.email,
      summaryTableName: summaryTableNames.emailTemplate,
    });
    expect((await provider.client.get(`/api/v1/ai-documents/${generated.body.data.id}`)).status).toBe(200);

    // the migration's count of older documents, run again over this one
    const migration = readFileSync(
      new URL('../../../drizzle/0022_private_entries_consent.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await server.database.db.execute(sql.raw(backfill.replace(/^--.*$/gm, '')));
    const [row] = await server.database.db
      .select()
      .from(aiDocuments)
      .where(eq(aiDocuments.id, generated.body.data.id));
    expect(row?.privateEntriesUsed).toBe(2);
    // the live share made without consent no longer opens it
    expect((await provider.client.get(`/api/v1/ai-documents/${generated.body.data.id}`)).status).toBe(404);
    const consented = await client.post<{ warning: boolean }>('/api/ai/share-summary', {
      doctorEmail: provider.user.email,
      summaryTableName: summaryTableNames.emailTemplate,
      includesPrivateEntriesConsent: true,
    });
    expect(consented.body.warning).toBe(false);
    expect((await provider.client.get(`/api/v1/ai-documents/${generated.body.data.id}`)).status).toBe(200);
  });
});
