import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type Client, type TestServer } from '../../test/harness.js';

/**
 * What people write never reaches the server log, even when the database refuses the write and its
 * error quotes the row (PostgreSQL's 'Failing row contains (…)', drizzle's 'params: …'). Every
 * table refuses every write here, with the row in the error's message, and each write call carries
 * a marker in every text it sends, after a line break (the old redaction stopped at one).
 */
const marker = 'Quillfeather';
const text = `First line\n${marker} wrote this\nthird ${marker.toLowerCase()} line`;

let server: TestServer;
let patient: { client: Client; user: { id: string } };
let provider: { client: Client; user: { id: string } };
let admin: { client: Client };
let entryId: string;
let goalId: string;
let therapistGoalId: string;

beforeAll(async () => {
  server = await startServer({ captureLogs: true });
  patient = await server.signIn();
  provider = await server.signIn({ role: 'provider' });
  admin = await server.signIn({ role: 'admin' });
  await connect(server, provider.user.id, patient.user.id);
  const made = await patient.client.post<{ data: { id: string } }>('/api/v1/create-mood', {
    mood: 'Fine',
    notes: 'A plain day.',
    journalType: 'prompt',
  });
  entryId = made.body.data.id;
  goalId = (await patient.client.post<{ data: { id: string } }>('/api/v1/goals/', { text: 'Walk' })).body.data
    .id;
  therapistGoalId = (
    await provider.client.post<{ data: { id: string } }>('/api/v1/goals/', {
      text: 'Breathe',
      patientId: patient.user.id,
    })
  ).body.data.id;
  await server.database.db.execute(sql`
    create function ml_test_refuse_writes() returns trigger language plpgsql as $$
    begin
      raise exception 'refused: %', row_to_json(coalesce(new, old))::text;
    end $$`);
  await server.database.db.execute(sql`
    do $$ declare t record; begin
      for t in select tablename from pg_tables where schemaname = 'public' loop
        execute format('create trigger ml_test_refuse before insert or update or delete on %I
          for each row execute function ml_test_refuse_writes()', t.tablename);
      end loop;
    end $$`);
});

afterAll(async () => {
  await server.close();
});

type Call = [Client, string, string, unknown?];

describe('the server log', () => {
  it('never carries what was written when a write fails', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.test`;
    const calls: Call[] = [
      [
        patient.client,
        'POST',
        '/api/v1/create-mood',
        {
          mood: marker,
          notes: text,
          journalType: 'chat',
          chatMessages: [
            { role: 'user', text },
            { role: 'assistant', text: 'Tell me more.' },
          ],
          emotionData: { primaryEmotion: 'Calm', intensity: 3, path: ['Calm'], category: 'neutral' },
        },
      ],
      [patient.client, 'PUT', `/api/v1/update-mood/${entryId}`, { notes: text }],
      [
        patient.client,
        'PUT',
        '/api/v1/update-mood-swp',
        { moodId: entryId, activities: [marker], betterme: { note: text }, therapyProcess: { note: text } },
      ],
      [patient.client, 'DELETE', `/api/v1/delete-mood/${entryId}`],
      [patient.client, 'POST', '/api/v1/goals/', { text: `${marker} daily`, notes: text }],
      [patient.client, 'PUT', `/api/v1/goals/${goalId}`, { text: `${marker} more`, notes: text }],
      [patient.client, 'PATCH', `/api/v1/goals/${goalId}/increment-mention`, { moodType: 'positive' }],
      [patient.client, 'POST', '/api/v1/goals/preset/personal-gratitude/adopt', { notes: text }],
      [
        patient.client,
        'PUT',
        '/api/v1/update-user-info',
        { firstName: marker, lastName: marker, timezone: 'UTC' },
      ],
      [
        patient.client,
        'POST',
        '/api/audit-logs',
        { logs: [{ action: 'VIEW_PAGE', metadata: { note: text } }] },
      ],
      [patient.client, 'POST', '/api/v1/add-doctor', { email: `${marker.toLowerCase()}@example.test` }],
      [
        server.client(),
        'POST',
        '/api/v1/registration',
        {
          firstName: marker,
          lastName: marker,
          email,
          password: 'Analytic@1843',
          confirmPassword: 'Analytic@1843',
          termsAccepted: true,
        },
      ],
      [
        provider.client,
        'POST',
        '/api/v1/goals/',
        { text: `${marker} therapy`, notes: text, patientId: patient.user.id },
      ],
      [provider.client, 'PUT', `/api/v1/goals/${therapistGoalId}`, { text: `${marker} edit`, notes: text }],
      [
        provider.client,
        'POST',
        '/api/v1/add-patient',
        { email: `new-${email}`, firstName: marker, lastName: marker },
      ],
      [
        provider.client,
        'PATCH',
        `/api/v1/provider/clients/${patient.user.id}/mark-inactive`,
        { reason: text, notes: text },
      ],
      [provider.client, 'PATCH', `/api/v1/provider/clients/${patient.user.id}/disconnect`, { reason: text }],
      [admin.client, 'DELETE', `/api/v1/users/${patient.user.id}/delete`],
    ];
    for (const [client, method, path, body] of calls) {
      const reply = await client.request(method, path, body === undefined ? {} : { body });
      // Each write was refused by the database, or answered before writing anything.
      expect(reply.status, `${method} ${path}`).not.toBe(200);
      expect(reply.status, `${method} ${path}`).not.toBe(201);
    }
    const log = server.logs();
    // Nothing that was written appears, in any case…
    expect(log.toLowerCase()).not.toContain(marker.toLowerCase());
    expect(log).not.toContain(email);
    // …while the failures were logged, by structure (SQLSTATE P0001, raised by the trigger).
    expect(log).toContain('"sqlState":"P0001"');
    expect(log.match(/"msg":"unhandled error"/g)?.length ?? 0).toBeGreaterThanOrEqual(10);
  });
});
